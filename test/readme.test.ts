// The README is the front door and docs/ the manual: what they list must be what the code has, and
// every page and link must lead somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { preloadLinks } from '../demo/preload.mjs';
import { developmentDefaults, productionDefaults } from '../src/logging/entry/levels';
import { MAX_ENTRY_BYTES } from '../src/logging/entry/serialize';
import { MAX_STORE_BYTES } from '../src/logging/exit/pendingStore';
import { MAX_BATCH_BYTES } from '../src/logging/queue/batch';
import { DROP_REPORT_MESSAGE } from '../src/logging/queue/queue';
import { channelName, lockName, RECORD_PREFIX } from '../src/logging/sender/messages';
import { MAX_NETWORK_RETRIES, MAX_RETRY_AFTER_MS } from '../src/logging/sending/retry';
import { LogLevel, STORAGE_KEYS } from '../src/product/constants';
import { DRAFT_MAX_CHARS, DRAFTS_MAX_CHARS } from '../src/session/draftStore';
import { DRAFT_WRITE_MS } from '../src/session/drafts';
import { MAX_NOTICE_TEXT, MAX_NOTICES, NOTICE_MS } from '../src/ui/notices';
import { DEFAULT_STRINGS } from '../src/ui/strings';

const PAGES = readdirSync('docs')
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const DOCS = ['README.md', 'SECURITY.md', 'BENCHMARKS.md', ...PAGES];
const read = (path: string) => readFileSync(path, 'utf8');

/** The rows of the table in `page` whose header starts with `firstHeader`, as cells without backticks. */
function tableAfter(page: string, firstHeader: string): string[][] {
  const text = read(page);
  const start = text.indexOf(`| ${firstHeader} |`);
  assert.ok(start >= 0, `${page} has a table headed "${firstHeader}"`);
  const rows = text.slice(start).split('\n').slice(2);
  const table = rows.slice(
    0,
    rows.findIndex((line) => !line.startsWith('|')),
  );
  return table.map((line) =>
    line
      .replace(/^\| | \|$/g, '')
      .split(' | ')
      .map((cell) => cell.replaceAll('`', '').trim()),
  );
}

const firstCells = (rows: string[][]) => rows.map(([first = '']) => first);

test("the README's Node versions are the ones package.json's engines ask for", () => {
  const engines: string = JSON.parse(read('package.json')).engines.node;
  const [, line20 = '', line22 = ''] = /\^(20\.\d+)\.0 \|\| >=(22\.\d+)\.0/.exec(engines) ?? [];
  assert.match(read('README.md'), `Node ${line20} or newer on the 20 line, or ${line22} or newer`);
});

test('the README names every strings key, and no other (the contract has it list them all)', () => {
  const readme = read('README.md');
  const keys = readme.slice(
    readme.indexOf('placeholders in [docs/reference.md]'),
    readme.indexOf('The start-up calls can start'),
  );
  const named = [...keys.matchAll(/`(\w+)`/g)].map((m) => m[1]);
  assert.equal(named, Object.keys(DEFAULT_STRINGS));
});

test('the themes table lists every custom property the stylesheet reads', () => {
  const properties = new Set([...read('src/ui/styles.ts').matchAll(/--emweb-[a-z][a-z-]*/g)].map((m) => m[0]));
  const listed = firstCells(tableAfter('docs/embedding.md', 'custom property'));
  assert.equal(listed.sort(), [...properties].sort());
});

test("the logger table gives each mode's defaults", () => {
  const levelName = (value: unknown) => Object.entries(LogLevel).find(([, level]) => level === value)?.[0];
  const shown = (key: string, value: unknown) => (/level$/i.test(key) ? levelName(value) : String(value));
  const table = tableAfter('docs/logger.md', '`LoggerConfig`');
  const listed = Object.fromEntries(
    table.map(([key = '', production, development]) => [key.split(' ')[0], [production, development]]),
  );
  const expected = Object.fromEntries(
    Object.entries(productionDefaults).map(([key, value]) => [
      key,
      [shown(key, value), shown(key, developmentDefaults[key as keyof typeof developmentDefaults])],
    ]),
  );
  assert.equal(listed, expected);
});

test("the preload table gives each mode's URLs as the demo's host page preloads them", () => {
  const table = tableAfter('docs/preload.md', 'mode the server plays');
  const listed = Object.fromEntries(
    table.map(([mode = '', urls = '']) => [mode.split(' ')[0], urls.split(/,? /).filter((url) => url.startsWith('/'))]),
  );
  const preloaded = (mode: 'secgw' | 'oracle' | 'token') => preloadLinks(mode).map((link) => link.slice(1, link.indexOf('>')));
  assert.equal(listed, { secgw: preloaded('secgw'), oracle: preloaded('oracle'), token: preloaded('token') });
});

test('the same-origin markup and Link header are the ones the real-browser checks and the demo use', () => {
  const page = read('docs/preload.md');
  const markup = [...page.matchAll(/^<link rel="preload" href="\/[^"]*" as="fetch">$/gm)].map((m) => m[0]);
  const checked = read('test/e2e/pages/preload-markup.html');
  assert.is(markup.length, 3, "the gateway's three URLs");
  for (const link of markup) assert.ok(checked.includes(`\n${link}\n`), `test/e2e/pages/preload-markup.html has ${link}`);
  assert.ok(page.includes(`\nLink: ${preloadLinks('secgw').join(', ')}\n`), 'the header demo/preload.mjs sends');
});

test("the logger page's bounds are the code's", () => {
  const page = read('docs/logger.md').replace(/\s+/g, ' ');
  const said = [
    `reaches ${MAX_BATCH_BYTES / 1024} KiB`,
    `at most ${MAX_ENTRY_BYTES / 1024} KiB of JSON`,
    `within ${MAX_STORE_BYTES / 1024} KiB`,
    `clamped to ${MAX_RETRY_AFTER_MS / 60_000} minutes`,
    `retried ${MAX_NETWORK_RETRIES} times`,
    `\`${DROP_REPORT_MESSAGE}\``,
  ];
  assert.equal(
    said.filter((words) => !page.includes(words)),
    [],
  );
});

test("the drafts' and the notices' numbers are the code's", () => {
  const page = (path: string) => read(path).replace(/\s+/g, ' ');
  const inWords = (ms: number) => (ms === 500 ? 'half a second' : `${ms / 1000} s`);
  const keepDays = /drafts\?\.keepDays \?\? (\d+)/.exec(read('src/client/run.ts'))?.[1];
  const drafts = [
    `within ${inWords(DRAFT_WRITE_MS)} what they typed is kept`,
    `at most once per ${inWords(DRAFT_WRITE_MS).replace('a ', '')}`,
    `goes by itself after ${NOTICE_MS / 1000} s`,
    `under the prefix \`${STORAGE_KEYS.drafts}\``,
    `over ${DRAFT_MAX_CHARS / 1024} KB (${DRAFT_MAX_CHARS.toLocaleString('en-US')} characters)`,
    `under ${DRAFTS_MAX_CHARS / 1024 / 1024} MB`,
    `(option, default ${keepDays})`,
  ];
  const notices = [
    `gone after ${NOTICE_MS / 1000} s`,
    `At most ${MAX_NOTICES} notices are shown`,
    `longer than ${MAX_NOTICE_TEXT} characters is cut to its first ${MAX_NOTICE_TEXT}`,
  ];
  assert.equal(
    drafts.filter((words) => !page('docs/drafts.md').includes(words)),
    [],
  );
  assert.equal(
    notices.filter((words) => !page('docs/working-day.md').includes(words)),
    [],
  );
});

test("the one-sender page names the code's channel, lock, record key and every tab role", () => {
  const page = read('docs/tabs-logging.md');
  const names = [channelName('<endpoint URL>'), lockName('<endpoint URL>'), `${RECORD_PREFIX}<key>`];
  assert.equal(
    names.filter((name) => !page.includes(`\`${name}\``)),
    [],
  );
  const types = read('src/logging/types.ts');
  const roles = [...(/export type TabRole = ([^;]*);/.exec(types)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
  assert.ok(roles.length >= 4, 'src/logging/types.ts names the roles');
  assert.equal(firstCells(tableAfter('docs/tabs-logging.md', '`tabRole`')).sort(), roles.sort());
});

test("the contributing page names every check npm test runs, in test/run-all.mjs's order", () => {
  const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;
  const checks = [...read('test/run-all.mjs').matchAll(/command: (?:npx\(([^)]*)\)|\[([^\]]*)\])/g)];
  /** How the page names a check: its npm script where it has one, else the tool or the file it runs. */
  const named = checks.map(([, tool, command = '']) => {
    if (tool) return (tool.split(',')[0] ?? '').replaceAll("'", '');
    const words = command.replaceAll("'", '').split(', ');
    if (words[0] === 'npm') return `npm run ${words.at(-1)}`;
    const line = words.join(' ');
    const script = Object.entries(scripts).find(([, value]) => value === line)?.[0];
    return script ? `npm run ${script}` : line;
  });
  const contributing = read('docs/contributing.md');
  const steps = contributing.slice(contributing.indexOf('runs, in order'), contributing.indexOf('It ends with')).toLowerCase();
  const at = named.map((name) => steps.indexOf(name.toLowerCase()));
  assert.ok(named.length >= 8, 'run-all.mjs lists its checks');
  assert.equal(
    named.filter((_, i) => (at[i] ?? -1) < 0),
    [],
    'every check is named',
  );
  assert.equal(
    at,
    [...at].sort((a, b) => a - b),
    'in the order they run',
  );
});

test('the layout names every module of src/, in its own folder', () => {
  const page = read('docs/layout.md');
  const block = page.slice(page.indexOf('```\nsrc/\n'), page.indexOf('\n```', page.indexOf('```\nsrc/\n') + 4));
  /** The layout's text about each folder of src/: its line and the lines indented under it. */
  const about = new Map<string, string>();
  let folder = '';
  for (const line of block.split('\n')) {
    const opened = /^ {2}(\w+)\/\s/.exec(line) ?? /^(\S+)\s/.exec(line);
    if (opened) folder = opened[1] ?? '';
    about.set(folder, `${about.get(folder) ?? ''}\n${line}`);
  }
  const unnamed: string[] = [];
  for (const entry of readdirSync('src', { withFileTypes: true })) {
    if (entry.isFile() && !new RegExp(`^ {2}${entry.name.replace('.', '\\.')}\\s`, 'm').test(block)) unnamed.push(entry.name);
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(join('src', entry.name))) {
      const named = new RegExp(`(^|[\\s(])${file.replace('.', '\\.')}\\b`, 'm');
      if (!named.test(about.get(entry.name) ?? '')) unnamed.push(`${entry.name}/${file}`);
    }
  }
  assert.equal(unnamed, []);
});

test("every file of this repository the docs name is there (a host's own files, the walk-through's, excepted)", () => {
  const hostFiles = new Set(DOCS.flatMap((doc) => [...read(doc).matchAll(/<!-- file: (\S+) -->/g)].map((m) => m[1])));
  const named = DOCS.flatMap((doc) =>
    [...read(doc).matchAll(/`((?:src|test|demo|bench|scripts|docs)\/[\w./-]+)`/g)].map((m) => m[1] as string),
  );
  const missing = named.filter((path) => !hostFiles.has(path) && !existsSync(path));
  assert.ok(named.length > 20, 'the docs name files');
  assert.equal([...new Set(missing)], []);
});

test('the README links to every page of docs/', () => {
  const readme = read('README.md');
  const unlinked = PAGES.filter((page) => !readme.includes(`](${page})`) && !readme.includes(`](${page}#`));
  assert.ok(PAGES.length >= 10, 'docs/ holds the manual');
  assert.equal(unlinked, []);
});

/** A heading's anchor as GitHub makes it: lower case, punctuation gone, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

test('every relative link of the README and docs/ leads to a file that is there, and to a heading in it', () => {
  const broken: string[] = [];
  for (const doc of DOCS) {
    const text = read(doc).replace(/```[\s\S]*?```/g, '');
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path ? normalize(join(dirname(doc), path)) : doc;
      if (!existsSync(file)) {
        broken.push(`${doc}: ${target}`);
        continue;
      }
      if (anchor === undefined) continue;
      const anchors = [...read(file).matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? ''));
      if (!anchors.includes(anchor)) broken.push(`${doc}: ${target} (no such heading)`);
    }
  }
  assert.equal(broken, []);
});

test('the benchmarks the docs name are the ones bench/run.ts runs, each by its file name', () => {
  const run = read('bench/run.ts');
  const ran = [...run.matchAll(/import \{[^}]*\bbench\w+[^}]*\} from '\.\/(\w+)'/g)].map((m) => `${m[1]}.ts`).sort();
  assert.ok(ran.length >= 9, 'run.ts imports its benchmarks');
  const named = (text: string) => [...new Set(text.match(/\b\w+\.ts\b/g) ?? [])].filter((name) => name !== 'run.ts').sort();
  const layout = read('docs/layout.md');
  assert.equal(named(layout.slice(layout.indexOf('\nbench/'), layout.indexOf('\nscripts/'))), ran);
  const contributing = read('docs/contributing.md');
  const row = contributing.split('\n').find((line) => line.startsWith('| `npm run bench`')) ?? '';
  assert.equal(named(row), ran);
});

test.run();

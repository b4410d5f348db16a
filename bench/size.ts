/**
 * Bytes on the wire: dist/emweb.js beside what a user would ship instead, all bundled and
 * minified with the settings of our own build (see builds.ts), compressed with node:zlib.
 *
 *   node --import tsx bench/size.ts        (after `npm run build`)
 */
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SIZE_LIMIT } from '../scripts/size-limit.mjs';
import * as builds from './builds';
import { sizeByPart } from './size-parts.mjs';

interface SizeRow {
  key: 'emweb' | 'emwebLogger' | 'react18' | 'libraries' | 'datadog' | 'sentry';
  name: string;
  what: string;
  minified: number;
  gzip: number;
  brotli: number;
}

export interface SizeResult {
  rows: SizeRow[];
  /** The React 18 build of the shell, for the boot benchmark to serve. */
  reactShellCode: string;
  reactPackages: string[];
  /** What each part of src/ adds to emweb.js, gzipped (bench/size-parts.mjs). */
  byPart: Awaited<ReturnType<typeof sizeByPart>>;
  buildMs: number;
}

/** node:zlib at level 9 for every bundle alike (the budget check runs the gzip program, some 50 B tighter) and brotli at its highest quality (a static-file server's choice). */
function measure(code: string) {
  const buf = Buffer.from(code, 'utf8');
  return {
    minified: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }).length,
  };
}

export async function benchSize(): Promise<SizeResult> {
  const t0 = performance.now();
  const v = builds.packageVersion;
  // One after the other: each build type-checks or walks a large package, and the boot benchmark
  // that follows should not share the CPU with a leftover terser worker.
  const logger = await builds.emwebLoggerOnly();
  const react = await builds.reactShell();
  const libraries = await builds.libraries();
  const dd = await builds.datadog();
  const sentry = await builds.sentry();
  const rows: SizeRow[] = [
    {
      key: 'emweb',
      name: 'EMWeb `dist/emweb.js`',
      what: 'the whole shell: probe, calls, claims, UI on Preact, logger',
      ...measure(builds.shippedEmweb().code),
    },
    {
      key: 'emwebLogger',
      name: 'EMWeb logger alone',
      what: '`createLogger` started with error capture (entry `bench/entries/emweb-logger.mjs`)',
      ...measure(logger.code),
    },
    {
      key: 'react18',
      name: `EMWeb shell on React ${v('react18')} + react-dom ${v('react-dom18')}`,
      what: 'the same `src/embed.ts` with React in place of preact/compat (see below)',
      ...measure(react.code),
    },
    {
      key: 'libraries',
      name: `The same job from libraries: preact ${v('preact')} + @preact/signals ${v('@preact/signals')} + preact-iso ${v('preact-iso')} + htm ${v('htm')} + @datadog/browser-logs ${v('@datadog/browser-logs')}`,
      what: 'what a host would assemble instead: shell and screens, state, routes and lazy screens, no-build screens, error logs (entry `bench/entries/libraries.mjs`)',
      ...measure(libraries.code),
    },
    {
      key: 'datadog',
      name: `@datadog/browser-logs ${v('@datadog/browser-logs')}`,
      what: '`datadogLogs.init({ clientToken, site, forwardErrorsToLogs: true })`',
      ...measure(dd.code),
    },
    {
      key: 'sentry',
      name: `@sentry/browser ${v('@sentry/browser')}`,
      what: '`init({ dsn })` with its default integrations',
      ...measure(sentry.code),
    },
  ];
  const byPart = await sizeByPart();
  return { rows, reactShellCode: react.code, reactPackages: react.packages, byPart, buildMs: Math.round(performance.now() - t0) };
}

/** The contract's gzip limit of dist/emweb.js, as scripts/size-budget.mjs checks it. */
const BUDGET = SIZE_LIMIT;

const fmt = (n: number) => n.toLocaleString('en-US');
/** `saved` bytes as words: fewer when positive, more when negative. */
const sizeDifference = (saved: number) => (saved >= 0 ? `${fmt(saved)} bytes fewer` : `${fmt(-saved)} bytes more`);
const ratio = (a: number, b: number) => (a / b).toFixed(2);

export function sizeMarkdown(r: SizeResult): string {
  const by = Object.fromEntries(r.rows.map((x) => [x.key, x])) as Record<SizeRow['key'], SizeRow>;
  const ours = by.emweb;
  const lines = [
    '| bundle | minified | gzip | brotli | emweb.js ÷ this (gzip) | emweb.js ÷ this (brotli) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (x) =>
        `| ${x.name}<br><sub>${x.what}</sub> | ${fmt(x.minified)} | ${fmt(x.gzip)} | ${fmt(x.brotli)} | ${x === ours ? '1.00' : ratio(ours.gzip, x.gzip)} | ${x === ours ? '1.00' : ratio(ours.brotli, x.brotli)} |`,
    ),
  ];
  const log = by.emwebLogger;
  const assembled = ratio(ours.gzip, by.libraries.gzip);
  lines.push(
    '',
    `- Against the same job assembled from libraries (Preact, @preact/signals, preact-iso, htm, Datadog's logs SDK): emweb.js is **${assembled}×** its size gzipped (goal: at most 1.0×; ${Number(assembled) <= 1 ? 'met' : 'not met'}), ${sizeDifference(by.libraries.gzip - ours.gzip)}.`,
  );
  lines.push(
    '',
    `- The whole EMWeb shell, gzipped, is **${ratio(ours.gzip, by.datadog.gzip)}×** Datadog's logs SDK alone and **${ratio(ours.gzip, by.sentry.gzip)}×** Sentry's browser SDK alone.`,
    `- Like for like (error reporting only): EMWeb's logger is **${ratio(log.gzip, by.datadog.gzip)}×** Datadog's and **${ratio(log.gzip, by.sentry.gzip)}×** Sentry's size, gzipped.`,
    `- The alternative stack: the same shell on React 18 is **${ratio(by.react18.gzip, ours.gzip)}×** the Preact build gzipped (emweb.js is ${ratio(ours.gzip, by.react18.gzip)} of it), ${fmt(by.react18.gzip - ours.gzip)} bytes more on every cold load.`,
    `- Limit: ${fmt(BUDGET)} bytes gzipped for emweb.js checked in \`npm test\` by \`scripts/size-budget.mjs\` with the gzip program, whose figure is lower than this table's node:zlib one): by node:zlib ${ours.gzip <= BUDGET ? 'within' : 'over'} it by ${fmt(Math.abs(BUDGET - ours.gzip))} bytes.`,
  );
  lines.push('', ...partsMarkdown(r.byPart));
  return lines.join('\n');
}

/** The bytes by part: each part stood in for by one that does nothing, and the difference. */
function partsMarkdown(p: SizeResult['byPart']): string[] {
  return [
    `**What each part costs** (\`bench/size-parts.mjs\`): emweb.js built again with that part replaced by a stand-in that does nothing; the difference, gzipped (node:zlib, level 9; the whole is ${fmt(p.whole)} B). The parts overlap a little (a helper two parts share counts in neither), so they do not add up to the whole.`,
    '',
    '| part | gzip |',
    '| --- | ---: |',
    ...p.parts.map((x) => `| ${x.name} | ${fmt(x.bytes)} |`),
    `| everything else, the libraries included | ${fmt(p.rest ?? 0)} |`,
    '',
    '| the libraries alone, as EMWeb imports them | adds | together |',
    '| --- | ---: | ---: |',
    ...p.libraries.map((x) => `| ${x.name} | ${fmt(x.adds)} | ${fmt(x.total)} |`),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSize().then(
    (r) => console.log(`${sizeMarkdown(r)}\n\nReact build packages: ${r.reactPackages.join(', ')}; built in ${r.buildMs} ms`),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

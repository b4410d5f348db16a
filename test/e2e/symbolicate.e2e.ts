// A stack the client sent from a real browser, read back through the production bundle's private
// map by the command the server team runs: its emweb.js frames name the right src/ file and line.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { LogEntry } from '../../demo/server.mjs';
import { browserSuite, type PageRun, ROOT, waitFor, withPage } from './harness';

const test = browserSuite('reading stacks');

/** The line of `file` that is `code`: where the client calls the host's onSignInRequired, which the stack must be read back to. */
function lineOf(file: string, code: string): number {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.trim() === code);
  assert.ok(index >= 0, `${file} holds \`${code}\``);
  return index + 1;
}

function symbolicate(entries: LogEntry[], ...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const command = join(ROOT, 'dist', 'symbolicate', 'cli.mjs');
  const map = join(ROOT, 'dist', 'emweb.js.map');
  const run = spawnSync(process.execPath, [command, '--map', map, ...args], { input: JSON.stringify(entries), encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** The ERROR entry a host whose onSignInRequired throws makes the client send, as the server received it. */
async function throwingSignInEntry({ open, server }: Pick<PageRun, 'open' | 'server'>): Promise<LogEntry> {
  await open('/e2e/throwing-signin.html');
  return (await waitFor(() => server.accepted.flatMap((b) => b.entries).find((e) => /onSignInRequired/.test(e.message)), {
    what: 'the entry about the throwing onSignInRequired',
  }))!;
}

test('an error thrown by a host callback is read back to the line of src/client/signIn.ts that called it', () =>
  withPage({ auth: 'secgw' }, null, async ({ open, server }) => {
    const entry = await throwingSignInEntry({ open, server });
    const error = entry.additional?.[0] as { stack: string };
    assert.match(error.stack, /emweb\.js:\d+:\d+/, 'the stack as sent goes through the minified bundle');

    const read = symbolicate([entry], '--json');
    assert.is(read.status, 0, read.stderr);
    assert.is(read.stderr, '', 'the map fits: no warning');
    const [back] = JSON.parse(read.stdout) as { additional: { stack: string; originalStack: string }[] }[];
    const original = back!.additional[0]!.originalStack;
    const callLine = lineOf('src/client/signIn.ts', 'host();');
    assert.match(original, new RegExp(`src/client/signIn\\.ts:${callLine}:\\d+`), original);
    assert.not.match(original, /emweb\.js:/, `every frame of the bundle is read:\n${original}`);
    assert.match(original, /throwing-signin\.js:\d+:\d+/, "the host's own frame stays as it was");

    const text = symbolicate([entry]);
    assert.match(text.stdout, /^ERROR \S+ {2}EMWeb: onSignInRequired failed$/m);
    assert.match(text.stdout, `src/client/signIn.ts:${callLine}:`);
  }));

const ERRORS_PAGE = join(ROOT, 'docs', 'errors.md');
/** docs/errors.md's sample: the command's text for one entry, from its ERROR line to the block's end. */
const SAMPLE = /```\n(ERROR \S+ {2}EMWeb: onSignInRequired failed\n[\s\S]*?)```/;

/** The command's text as the page shows it: the page's own time, and the test server's origin as a host's. */
function asTheDocsShowIt(text: string, docs: string): string {
  const time = SAMPLE.exec(docs)?.[1]?.split(/\s+/)[1] ?? '';
  return (
    text
      .replace(/^(ERROR )\S+/, `$1${time}`)
      // An awaited frame is printed with a minified name of one or two letters, or without one, by run
      // (seen in Chromium 156: `at async to (src/…)` and `at async src/…` from the same bundle), and the
      // command keeps such a name when the sources happen to hold that word: the sample shows none.
      .replace(/^(\s+at async )\w{1,2} \((.*)\)$/gm, '$1$2')
      .replace(/http:\/\/(?:127\.0\.0\.1|localhost):\d+/g, 'https://desk.example.com')
  );
}

test(
  "docs/errors.md's sample is what the command prints for a stack this build sent",
  () =>
    withPage({ auth: 'secgw' }, null, async ({ open, server }) => {
      const read = symbolicate([await throwingSignInEntry({ open, server })]);
      assert.is(read.status, 0, read.stderr);
      const docs = readFileSync(ERRORS_PAGE, 'utf8');
      assert.ok(SAMPLE.test(docs), 'docs/errors.md has the sample block');
      const printed = asTheDocsShowIt(read.stdout, docs);
      // EMWEB_WRITE_DOCS=1 writes what this build prints into the page (then review the diff).
      if (process.env.EMWEB_WRITE_DOCS === '1')
        writeFileSync(
          ERRORS_PAGE,
          docs.replace(SAMPLE, () => `\`\`\`\n${printed}\`\`\``),
        );
      else assert.fixture(SAMPLE.exec(docs)![1]!, printed, 'docs/errors.md: run this check with EMWEB_WRITE_DOCS=1');
    }),
  {
    skip: {
      firefox: "the sample is a Chromium stack; the check above reads this engine's",
      webkit: "the sample is a Chromium stack; the check above reads this engine's",
    },
  },
);

test.run();

// A stack the client sent from a real browser, read back through the production bundle's private
// map by the command the server team runs: its emweb.js frames name the right src/ file and line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { LogEntry } from '../../demo/server.mjs';
import { browserSuite, ROOT, waitFor, withPage } from './harness';

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

test('an error thrown by a host callback is read back to the line of src/client/signIn.ts that called it', () =>
  withPage({ auth: 'secgw' }, null, async ({ open, server }) => {
    await open('/e2e/throwing-signin.html');
    const entry = (await waitFor(
      () => server.accepted.flatMap((b) => b.entries).find((e) => /onSignInRequired/.test(e.message)),
      { what: 'the entry about the throwing onSignInRequired' },
    ))!;
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

test.run();

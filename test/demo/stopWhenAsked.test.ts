// `npm start` as a newcomer meets it: its first lines say where it serves, what it plays and how to
// stop it, and one SIGTERM to npm's own process (what a process manager or `kill <pid>` sends) ends
// everything it started. Run without the build (--ignore-scripts): the unit run has built dist/.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import type { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/** What `stream` has printed by the time a line matches `last`. */
function printedUntil(stream: Readable, last: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const read = (chunk: Buffer) => {
      text += chunk;
      if (!last.test(text)) return;
      stream.off('data', read);
      resolve(text);
    };
    stream.on('data', read);
    stream.once('end', () => reject(new Error(`it ended before printing ${last}:\n${text}`)));
  });
}

/** The status the URL answers with, or the error code of a connection that fails. */
const statusOf = (url: string) =>
  new Promise<number | string>((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** Turns a hang into a failure: the promise, or a rejection saying `what` after a generous while. */
function orFail<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), 20_000);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

test('npm start: the first lines say the URL, the mode and how to stop; one SIGTERM to npm frees the port', async () => {
  // Its own process group, so that whatever is left can be cleaned up at the end, pass or fail.
  const npm = spawn('npm', ['start', '--ignore-scripts', '--', '--port', '0'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  npm.stderr.on('data', (chunk) => stderr.push(String(chunk)));
  // 'close' comes once every process that holds npm's output has ended: npm, its shell, the demo.
  const allEnded = new Promise((resolve) => npm.once('close', resolve));
  try {
    const printed = await orFail(printedUntil(npm.stdout, /stops it/), 'npm start printed no way to stop it');
    const demoLines = printed.slice(printed.indexOf('EMWeb demo')).split('\n');
    const url = /open (http:\/\/localhost:\d+\/web\/)$/.exec(demoLines[0] ?? '')?.[1];
    assert.ok(url, `the first line says the URL: ${demoLines[0]}`);
    assert.match(demoLines[1] ?? '', /^ {2}plays security gateway/, 'the second line says the mode it plays');
    assert.match(demoLines[2] ?? '', /Ctrl-C stops it/, 'the third line says how to stop it');
    assert.is(await statusOf(url), 200);

    npm.kill('SIGTERM');
    await orFail(allEnded, `npm start left a process running after one SIGTERM:\n${stderr.join('')}`);
    assert.is(await statusOf(url), 'ECONNREFUSED', 'nothing serves the port any more');
  } finally {
    try {
      process.kill(-(npm.pid ?? 0), 'SIGKILL');
    } catch {
      // The group has ended already: the usual case.
    }
  }
});

test.run();

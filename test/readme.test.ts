// The README is the host's manual: what it lists must be what the code has.
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_STRINGS } from '../src/ui/strings';

const readme = readFileSync('README.md', 'utf8');

/** The rows of the README table whose header starts with `firstHeader`, as [first cell, second cell]. */
function tableAfter(firstHeader: string): [string, string][] {
  const start = readme.indexOf(`| ${firstHeader} |`);
  assert.ok(start >= 0, `a table headed "${firstHeader}"`);
  const rows = readme.slice(start).split('\n').slice(2);
  const table = rows.slice(
    0,
    rows.findIndex((line) => !line.startsWith('|')),
  );
  return table.map((line) => {
    const [first = '', second = ''] = line
      .replace(/^\| | \|$/g, '')
      .split(' | ')
      .map((cell) => cell.replaceAll('`', '').trim());
    return [first, second];
  });
}

test('the strings table lists every key with its default text, and nothing else', () => {
  const listed = Object.fromEntries(tableAfter('key'));
  assert.equal(listed, DEFAULT_STRINGS);
});

test('the options table lists every bootstrap option', () => {
  const types = readFileSync('src/client/types.ts', 'utf8');
  const body = types.slice(types.indexOf('export interface BootstrapOptions'));
  const declared = [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]);
  const listed = tableAfter('option').map(([name]) => name);
  assert.equal(listed.sort(), declared.sort());
});

test("every file of this repository the docs name is there (a host's own files, the walk-through's, excepted)", () => {
  const hostFiles = new Set([...readme.matchAll(/<!-- file: (\S+) -->/g)].map((m) => m[1]));
  const named = ['README.md', 'SECURITY.md', 'BENCHMARKS.md'].flatMap((doc) =>
    [...readFileSync(doc, 'utf8').matchAll(/`((?:src|test|demo|bench|scripts|docs)\/[\w./-]+)`/g)].map((m) => m[1] as string),
  );
  const missing = named.filter((path) => !hostFiles.has(path) && !existsSync(path));
  assert.ok(named.length > 20, 'the docs name files');
  assert.equal([...new Set(missing)], []);
});

test.run();

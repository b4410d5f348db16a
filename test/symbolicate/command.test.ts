import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand } from '../../src/symbolicate/command';
import { makeFixture, THROW_LINE } from './fixture';

const fixture = await makeFixture();
const entry = {
  level: 5,
  message: 'Settings failed',
  additional: [{ name: 'Error', message: 'no settings', stack: fixture.stack }],
  timestamp: '2026-11-25T10:00:00.000Z',
  repeated: 3,
  firstTimestamp: '2026-11-25T09:59:00.000Z',
  context: { screen: 'settings' },
};

/** Runs the command with `stdin` piped in (null: a terminal); what it wrote and its exit code. */
async function run(argv: string[], stdin: string | null = null) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(argv, {
    readStdin: async () => stdin,
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
  });
  return { code, out: out.join(''), err: err.join('') };
}

const file = (name: string, text: string) => {
  const path = join(fixture.dir, name);
  writeFileSync(path, text);
  return path;
};

test('text for a person: level, time, message, the grouping, the context, then the stack in original sources', async () => {
  const { code, out, err } = await run(['--map', fixture.mapPath], JSON.stringify([entry]));
  assert.is(code, 0);
  assert.is(err, '');
  const lines = out.split('\n');
  assert.is(lines[0], 'ERROR 2026-11-25T10:00:00.000Z  Settings failed');
  assert.is(lines[1], '  repeated 3 times since 2026-11-25T09:59:00.000Z');
  assert.is(lines[2], '  context {"screen":"settings"}');
  assert.is(lines[3], '  Error: no settings');
  assert.match(lines[4]!, new RegExp(`^ {6}at parseSettings \\(src/app\\.js:${THROW_LINE}:\\d+\\)$`));
});

test('--json: the entries back, an originalStack beside each stack; files as arguments, one entry a line', async () => {
  const lines = file('entries.ndjson', `${JSON.stringify(entry)}\n${JSON.stringify(entry)}\n`);
  const { code, out } = await run(['--json', '--map', fixture.mapPath, lines]);
  assert.is(code, 0);
  const entries = JSON.parse(out);
  assert.is(entries.length, 2);
  assert.is(entries[0].additional[0].stack, fixture.stack);
  assert.match(entries[0].additional[0].originalStack, `src/app.js:${THROW_LINE}:`);
});

test('a map that does not fit: a warning on standard error, the frames as they were', async () => {
  const otherBuild = fixture.stack.replace(/app\.min\.js:1:(\d+)/g, (_, column) => `app.min.js:1:${Number(column) + 5000}`);
  const input = JSON.stringify({ ...entry, additional: [{ ...entry.additional[0], stack: otherBuild }] });
  const { code, out, err } = await run(['--map', fixture.mapPath], input);
  assert.is(code, 0);
  assert.match(err, /^emweb-symbolicate: warning: .* does not fit app\.min\.js:1:\d+/);
  assert.not.match(out, 'src/app.js');
});

test('bad input exits 1 with one line saying why', async () => {
  const notAMap = file('bundle.js.map', '{"name":"not a map"}');
  const cases: [string[], string | null, string][] = [
    [['--map', fixture.mapPath], 'not json', 'standard input is not JSON (line 1 starts "not json")'],
    [['--map', fixture.mapPath], '[]', 'no log entries in standard input: an empty array'],
    [['--map', fixture.mapPath], null, 'no input: name a file, or pipe the entries in'],
    [['--map', notAMap], '[]', `${notAMap} is not a source map: no version 3, mappings and sources`],
    [
      ['--map', fixture.mapPath, join(fixture.dir, 'nope.json')],
      null,
      `cannot read ${join(fixture.dir, 'nope.json')}: no such file`,
    ],
  ];
  for (const [argv, stdin, why] of cases) {
    const { code, out, err } = await run(argv, stdin);
    assert.is(code, 1, why);
    assert.is(err, `emweb-symbolicate: ${why}\n`);
    assert.is(out, '');
  }
});

test('arguments it does not understand exit 2 with the usage; --help prints it', async () => {
  const noMap = await run([], '[]');
  assert.is(noMap.code, 2);
  assert.match(noMap.err, /^emweb-symbolicate: give the source map of the bundle with --map/);
  assert.match(noMap.err, 'Usage: emweb-symbolicate');
  assert.is((await run(['--map', fixture.mapPath, '--colour'])).code, 2);
  const help = await run(['--help']);
  assert.is(help.code, 0);
  assert.match(help.out, 'Usage: emweb-symbolicate --map');
});

test.run();

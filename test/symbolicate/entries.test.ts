import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseEntries } from '../../src/symbolicate/entries';
import { SymbolicateError } from '../../src/symbolicate/errors';

const a = { level: 5, message: 'a', additional: [], timestamp: '2026-11-25T10:00:00.000Z' };
const b = { ...a, message: 'b' };

test('the body of a POST: a JSON array of entries, or one entry object (batch size 1)', () => {
  assert.equal(parseEntries(JSON.stringify([a, b])), [a, b]);
  assert.equal(parseEntries(JSON.stringify(a)), [a]);
});

test('a log file: one entry or one array a line, blank lines skipped', () => {
  const text = `${JSON.stringify(a)}\n\n${JSON.stringify([b, a])}\n`;
  assert.equal(parseEntries(text), [a, b, a]);
  assert.equal(parseEntries(`${JSON.stringify(a)}\r\n${JSON.stringify(b)}\r\n`), [a, b]);
});

const reason = (text: string) => {
  try {
    parseEntries(text, 'logs.json');
  } catch (error) {
    assert.instance(error, SymbolicateError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

test('bad input: one line saying why', () => {
  assert.is(reason(''), 'no log entries in logs.json: it is empty');
  assert.is(reason('[]'), 'no log entries in logs.json: an empty array');
  assert.is(reason('<!doctype html>'), 'logs.json is not JSON (line 1 starts "<!doctype html>")');
  assert.is(reason(`${JSON.stringify(a)}\n{"level": 5,`), 'logs.json is not JSON (line 2 starts "{\\"level\\": 5,")');
  assert.is(reason('[1, 2]'), 'item 1 of logs.json is not a log entry (an object), but 1');
  assert.is(reason('null'), 'logs.json is not a log entry (an object), but null');
  for (const text of ['', '[]', 'nope', '[1]', 'null', '"text"']) assert.not.match(reason(text), '\n');
});

test.run();

// Which entries are repeats of each other (their kind), and which of them go as they are.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LogCall } from '../../../src/logging/entry/entry';
import { createRepeats, repeatKind } from '../../../src/logging/queue/repeats';
import { LogLevel } from '../../../src/product/constants';

// Each level has its own kinds (createRepeats): a key is told by the call's texts alone.
const kind = (message: unknown, ...additional: unknown[]) =>
  repeatKind({
    level: LogLevel.ERROR,
    message: message,
    additional: additional,
    at: 0,
    context: '',
  } as LogCall)?.join('\0') ?? null;

const errorAt = (message: string, frames: string[], name = 'TypeError') => {
  const error = new Error(message);
  error.name = name;
  error.stack = [`${name}: ${message}`, ...frames].join('\n');
  return error;
};

test('repeats: the same message; the other values may differ', () => {
  assert.is(kind('grid failed', { attempt: 1 }), kind('grid failed', { attempt: 2 }, 'x'));
  assert.is.not(kind('grid failed'), kind('grid failed!'), 'another message');
  assert.is(kind(new Error('same text')), kind('same text'), "an error as the message is its message's text");
  assert.is(kind({ a: 1 }), kind({ a: 1 }));
});

test("with an error in additional: its name, message and first stack frame too, in every engine's stack format", () => {
  const v8 = (frames: string[], message = 'x is undefined', name?: string) =>
    kind('render failed', errorAt(message, frames, name));
  const at = ['    at Kt (https://h/app.js:1:48211)', '    at Ft.refresh (https://h/app.js:1:51902)'];
  assert.is(v8(at), v8([at[0]!, '    at elsewhere (https://h/app.js:9:9)']), 'later frames do not count');
  assert.is.not(v8(at), v8(['    at Other (https://h/app.js:2:10)', at[1]!]), 'another first frame');
  assert.is.not(v8(at), v8(at, 'y is undefined'), "another error's message");
  assert.is.not(v8(at), v8(at, 'x is undefined', 'RangeError'), 'another name');
  assert.is.not(v8(at), kind('render failed'), 'an error, or none');
  // A message that itself ends like a frame does not stand in for the frame.
  assert.is.not(v8(at, 'see a.js:1:2'), v8(['    at Other (https://h/app.js:2:10)'], 'see a.js:1:2'));
  const gecko = (first: string) => {
    const error = new TypeError('x is undefined');
    error.stack = `${first}\nFt.refresh@https://h/app.js:1:51902\n`;
    return kind('render failed', error);
  };
  assert.is(gecko('Kt@https://h/app.js:1:48211'), gecko('Kt@https://h/app.js:1:48211'));
  assert.is.not(gecko('Kt@https://h/app.js:1:48211'), gecko('Other@https://h/app.js:2:10'));
  const first = errorAt('only one', at);
  const second = errorAt('only one', at);
  assert.is(
    kind('m', first, errorAt('a', at)),
    kind('m', second, errorAt('b', ['    at z (https://h/z.js:3:3)'])),
    'the first error only',
  );
});

test('the same error object logged again is the same kind; changed since (its message, its stack), it is told by what it is now', () => {
  const error = errorAt('x is undefined', ['    at Kt (https://h/app.js:1:48211)']);
  const first = kind('render failed', error);
  assert.is(kind('render failed', error), first);
  assert.is.not(kind('other', error), kind('render failed', error), 'another message');
  error.message = 'y is undefined';
  assert.is.not(kind('render failed', error), first, 'its message changed');
  error.stack = 'TypeError: y is undefined\n    at Other (https://h/app.js:2:2)';
  assert.is.not(kind('render failed', error), first);
  assert.is(
    kind('render failed', error),
    kind('render failed', errorAt('y is undefined', ['    at Other (https://h/app.js:2:2)'])),
  );
});

test('a call right after another is told by its own texts: a new error with the same texts is the same kind, any part that differs another', () => {
  // Gecko's stacks hold the frames only: each part of the error differs alone.
  const error = (message = 'x is undefined', name = 'TypeError', stack = 'Kt@https://h/app.js:1:48211\n') => {
    const made = new Error(message);
    made.name = name;
    made.stack = stack;
    return made;
  };
  const loop = () => kind('render failed', error());
  const first = loop();
  assert.is(loop(), first, 'a new error each time, with the same texts');
  const others: [string, () => string | null][] = [
    ['message', () => kind('render failed!', error())],
    ["error's name", () => kind('render failed', error('x is undefined', 'RangeError'))],
    ["error's message", () => kind('render failed', error('y is undefined'))],
    ['first frame', () => kind('render failed', error(undefined, undefined, 'Other@https://h/app.js:2:2\n'))],
    ['no error', () => kind('render failed')],
  ];
  for (const [what, other] of others) {
    loop();
    assert.is.not(other(), first, what);
    assert.is(loop(), first, `and back, after another ${what}`);
  }
});

test('kinds: no two different entries read alike; texts over 8 Ki characters are told apart by their first 8 Ki', () => {
  assert.is.not(kind('a\u0000b'), kind('a', errorAt('b', [])));
  const long = 'x'.repeat(8192);
  assert.is(kind(`${long}1`), kind(`${long}2`));
  assert.ok(kind('y'.repeat(2_000_000))!.length < 9000, 'a key keeps no more than that');
});

test('hostile values: no kind (such an entry is never grouped), never a throw', () => {
  const trap = () => {
    throw new Error('trap');
  };
  const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap });
  assert.is(kind('m', hostile), null);
  const error = new Error('m');
  Object.defineProperty(error, 'stack', { get: trap });
  assert.is(kind('m', error), null);
});

test('the first `limit` of a kind in a rolling minute go as they are; later ones are repeats; a minute on, again', () => {
  const repeats = createRepeats<string>();
  const repeatOf = (key: string, at: number, limit: number) => repeats(LogLevel.ERROR, [key], at, limit);
  const seen = [0, 1000, 2000, 3000].map((t) => repeatOf('k', t, 3) !== null);
  assert.equal(seen, [false, false, false, true]);
  assert.ok(repeatOf('k', 59_999, 3), 'the first has not yet left the minute');
  assert.is(repeatOf('k', 60_000, 3), null, 'now it has: one more goes as it is');
  assert.ok(repeatOf('k', 60_500, 3), 'and the window is full again');
  assert.is(repeatOf('other', 60_500, 3), null, 'each kind has its own minute');
  const kindOf = repeatOf('k', 60_600, 3)!;
  kindOf.group = 'the group counting them';
  assert.is(repeatOf('k', 60_700, 3)!.group, 'the group counting them', 'the kind keeps its grouped entry');
});

test('each level has its own kinds: the same texts at another level are another kind', () => {
  const repeatOf = createRepeats<string>();
  assert.is(repeatOf(LogLevel.ERROR, ['k'], 0, 1), null);
  assert.is(repeatOf(LogLevel.FATAL, ['k'], 1, 1), null, 'new at FATAL');
  assert.ok(repeatOf(LogLevel.ERROR, ['k'], 2, 1), 'a repeat at ERROR');
  assert.ok(repeatOf(LogLevel.FATAL, ['k'], 3, 1), 'and at FATAL');
});

test('past 256 kinds, they are all forgotten: memory stays bounded, and a forgotten kind starts again as new', () => {
  const repeats = createRepeats<string>();
  const repeatOf = (key: string, at: number, limit: number) => repeats(LogLevel.ERROR, [key], at, limit);
  repeatOf('k', 0, 1);
  assert.ok(repeatOf('k', 1, 1));
  for (let i = 0; i < 256; i++) repeatOf(`other ${i}`, 2, 1);
  assert.is(repeatOf('k', 3, 1), null, 'forgotten');
});

test('kinds of one text, told apart by their error, are each their own kind, and count towards the 256', () => {
  const repeatOf = createRepeats<string>();
  const withError = (frame: string) => ['render failed', 'TypeError', 'x is undefined', frame];
  assert.is(repeatOf(LogLevel.ERROR, withError('at a'), 0, 1), null);
  assert.is(repeatOf(LogLevel.ERROR, withError('at b'), 0, 1), null, 'another frame: new');
  assert.is(repeatOf(LogLevel.ERROR, ['render failed'], 0, 1), null, 'no error: new');
  assert.ok(repeatOf(LogLevel.ERROR, withError('at a'), 1, 1), 'the first kind, found past the others');
  assert.ok(repeatOf(LogLevel.ERROR, withError('at b'), 1, 1));
  for (let i = 0; i < 256; i++) repeatOf(LogLevel.ERROR, withError(`at ${i}`), 2, 1);
  assert.is(repeatOf(LogLevel.ERROR, withError('at a'), 3, 1), null, 'forgotten');
});

test.run();

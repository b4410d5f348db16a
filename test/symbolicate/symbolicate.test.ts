import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sourceMap } from '../../src/symbolicate/maps';
import { symbolicate } from '../../src/symbolicate/symbolicate';
import { inFirefoxStyle, LOAD_CALL_LINE, makeFixture, PARSE_CALL_LINE, THROW_LINE } from './fixture';

const fixture = await makeFixture();
const maps = [sourceMap(fixture.mapPath, fixture.map)];
const entry = (additional: unknown[], extra: Record<string, unknown> = {}) => ({
  level: 5,
  message: 'Settings failed',
  additional,
  timestamp: '2026-11-25T10:00:00.000Z',
  ...extra,
});
const error = (stack: string) => ({ name: 'Error', message: 'no settings', stack });
const originalStackOf = (value: unknown) => (value as { originalStack: string }).originalStack;

test('a Chromium stack: each frame of the bundle at its source line, under the name its caller called it by', () => {
  const { entries, warnings } = symbolicate([entry([error(fixture.stack)])], maps);
  const lines = originalStackOf((entries[0]!.additional as unknown[])[0]).split('\n');
  assert.equal(warnings, []);
  assert.is(lines[0], 'Error: no settings');
  assert.match(lines[1]!, new RegExp(`^ {4}at parseSettings \\(src/app\\.js:${THROW_LINE}:\\d+\\)$`));
  assert.match(lines[2]!, new RegExp(`^ {4}at loadSettings \\(src/app\\.js:${PARSE_CALL_LINE}:\\d+\\)$`));
  assert.match(lines[3]!, new RegExp(`^ {4}at .*start \\(src/app\\.js:${LOAD_CALL_LINE}:\\d+\\)$`));
  assert.is(lines[4], fixture.stack.split('\n')[4], 'a frame no map covers stays as it is');
});

test('a frame with no caller to name it keeps the name the stack gives only when the sources have it', () => {
  const [throwSite, , outer] = fixture.stack.split('\n').slice(1);
  const place = (frame: string) => frame.slice(frame.indexOf('(') + 1, -1);
  const stack = ['Error: no settings', `    at Object.start (${place(outer!)})`, `    at async Xq (${place(throwSite!)})`].join(
    '\n',
  );
  const lines = originalStackOf((symbolicate([entry([error(stack)])], maps).entries[0]!.additional as unknown[])[0]).split('\n');
  assert.match(lines[1]!, new RegExp(`^ {4}at Object\\.start \\(src/app\\.js:${LOAD_CALL_LINE}:\\d+\\)$`));
  assert.match(
    lines[2]!,
    new RegExp(`^ {4}at async src/app\\.js:${THROW_LINE}:\\d+$`),
    'no minified name beside the original place',
  );
});

test('a Firefox or Safari stack is read the same, in its own style', () => {
  const { entries } = symbolicate([entry([error(inFirefoxStyle(fixture.stack))])], maps);
  const lines = originalStackOf((entries[0]!.additional as unknown[])[0]).split('\n');
  assert.match(lines[0]!, new RegExp(`^parseSettings@src/app\\.js:${THROW_LINE}:\\d+$`));
  assert.match(lines[1]!, new RegExp(`^loadSettings@src/app\\.js:${PARSE_CALL_LINE}:\\d+$`));
});

test("stacks at any depth of additional are read: an error's cause, an error inside an object", () => {
  const nested = { request: { failure: { ...error('Error: outer'), cause: error(fixture.stack) } } };
  const { entries } = symbolicate([entry(['first', nested])], maps);
  const failure = (entries[0]!.additional as any[])[1].request.failure;
  assert.is(originalStackOf(failure), 'Error: outer', 'a stack with no frames reads as it was');
  assert.match(originalStackOf(failure.cause), `src/app.js:${THROW_LINE}:`);
});

test('the entry is kept as it came, grouping and context included, and the input is not changed', () => {
  const grouped = entry([error(fixture.stack)], {
    repeated: 7,
    firstTimestamp: '2026-11-25T09:59:00.000Z',
    context: { screen: 'tickets' },
  });
  const { entries } = symbolicate([grouped], maps);
  const { additional, ...rest } = entries[0]!;
  const { additional: sentAdditional, ...sent } = grouped;
  assert.equal(rest, sent);
  assert.is((additional as any[])[0].stack, fixture.stack, 'the stack as sent stays beside the original one');
  assert.not.ok('originalStack' in (sentAdditional[0] as object));
});

test('a map that does not fit the stack (frames past its mapped code) warns and leaves those frames as they are', () => {
  const otherBuild = fixture.stack.replace(/app\.min\.js:1:(\d+)/g, (_, column) => `app.min.js:1:${Number(column) + 5000}`);
  const lineTwo = 'Error: x\n    at n (https://example.test/web/app.min.js:2:10)';
  const { entries, warnings } = symbolicate([entry([error(otherBuild)]), entry([error(lineTwo)])], maps);
  assert.is(originalStackOf((entries[0]!.additional as unknown[])[0]), otherBuild);
  assert.is(originalStackOf((entries[1]!.additional as unknown[])[0]), lineTwo);
  assert.is(warnings.length, 4, 'one warning a frame, each said once');
  assert.match(warnings[0]!, `${fixture.mapPath} does not fit app.min.js:1:`);
  assert.match(warnings[3]!, 'app.min.js:2:10');
});

test('a map is matched by the file name of its bundle: frames of another bundle stay as they are', () => {
  const elsewhere = fixture.stack.replaceAll('app.min.js', 'screens.js');
  const { entries, warnings } = symbolicate([entry([error(elsewhere)])], maps);
  assert.is(originalStackOf((entries[0]!.additional as unknown[])[0]), elsewhere);
  assert.equal(warnings, []);
});

test.run();

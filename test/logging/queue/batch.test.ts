// A batch: what it stands for, and its split in two when the server finds it too large.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entriesStoodFor, newBatch, splitBatch } from '../../../src/logging/queue/batch';

const entry = (message: string, extra = {}) => ({ level: 5, message, additional: [], timestamp: 't', ...extra });
const report = { level: 5, message: 'emweb.logger dropped entries', additional: [{ queueFull: 2 }], timestamp: 't' };
const messagesOf = (body: string) => [JSON.parse(body)].flat().map((e: any) => e.message);

test('occurrences: an entry stands for itself, a grouped one for its repeated, a drop report for none', () => {
  assert.is(entriesStoodFor([entry('a'), entry('b', { repeated: 7 })], null), 8);
  assert.is(entriesStoodFor([report, entry('a')], { queueFull: 2 }), 1);
  for (const repeated of [1, 0, -3, 2.5, '9', null, 2 ** 60])
    assert.is(entriesStoodFor([entry('x', { repeated })], null), 1, String(repeated));
});

test("split: the older half first (its drop report with it), each with a new key made from the batch's, counts kept apart", () => {
  const body = JSON.stringify([report, entry('a'), entry('b', { repeated: 4 }), entry('c'), entry('d')]);
  const batch = newBatch('0123456789abcdef0123456789abcdef', body, 7, { tag: 'queue', first: 10 }, { queueFull: 2 }, null);
  const [older, newer] = splitBatch(batch)!;
  assert.equal(messagesOf(older!.body), ['emweb.logger dropped entries', 'a', 'b']);
  assert.equal(messagesOf(newer!.body), ['c', 'd']);
  assert.equal([older!.count, newer!.count], [5, 2], 'the occurrences each half stands for');
  assert.equal([older!.reported, newer!.reported], [{ queueFull: 2 }, null]);
  assert.equal(
    [older!.source, newer!.source],
    [
      { tag: 'queue', first: 10 },
      { tag: 'queue', first: 15 },
    ],
    'each numbered from its first entry, as the queue numbered them',
  );
  assert.equal(
    [older!.key, newer!.key],
    [`${batch.key}-1`, `${batch.key}-2`],
    'new keys, the same whichever page splits it: a server drops the copies of a half',
  );
  assert.equal(
    splitBatch(batch)!.map((half) => [half.key, half.body]),
    [older, newer].map((half) => [half!.key, half!.body]),
  );
  assert.is(older!.bytes, Buffer.byteLength(older!.body));
  assert.equal(JSON.parse(newer!.body)[0], entry('c'), 'each entry written again as it was');
});

test('split: a single entry, as an array or alone, cannot be split', () => {
  assert.is(
    splitBatch(newBatch('0123456789abcdef', JSON.stringify([entry('a')]), 1, { tag: 'queue', first: 0 }, null, null)),
    null,
  );
  assert.is(
    splitBatch(newBatch('0123456789abcdef', JSON.stringify(entry('a')), 1, { tag: 'queue', first: 0 }, null, null)),
    null,
  );
  const [one, other] = splitBatch(
    newBatch('0123456789abcdef', JSON.stringify([entry('a'), entry('b')]), 2, { tag: 'queue', first: 0 }, null, null),
  )!;
  assert.equal([messagesOf(one!.body), messagesOf(other!.body)], [['a'], ['b']]);
});

test.run();

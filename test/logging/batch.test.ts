// The queue policy as pure functions: queue + config + clock in, decisions out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { productionDefaults } from '../../src/logging';
import {
  batchBody,
  createQueue,
  createRateWindow,
  DROP_REPORT_MESSAGE,
  dueIn,
  type EntryQueue,
  enqueue,
  formBatch,
  MAX_BATCH_BYTES,
  queuedEntry,
  takeEntries,
  withinRate,
} from '../../src/logging/batch';
import { isoTime } from '../../src/logging/serialize';

const cfg = { ...productionDefaults };
const json = (message: string) => {
  const text = JSON.stringify({ level: 5, message, additional: [], timestamp: isoTime(0) });
  return { json: text, bytes: Buffer.byteLength(text) };
};
const fill = (q: EntryQueue, n: number, at = 0, max = 1000) => {
  for (let i = 0; i < n; i++) enqueue(q, queuedEntry(json(`m${q.headSeq + q.entries.length}`), at), max);
};
const messagesOf = (body: string) => [JSON.parse(body)].flat().map((e: any) => e.message);
const counts = { queueFull: 2, rateLimited: 1, storeFull: 0, rejected: 0, network: 0 };

test('a batch is due when it holds batchSize entries, not before', () => {
  const q = createQueue();
  fill(q, 19);
  assert.ok(dueIn(q, null, 0, cfg) > 0, '19 of 20 is not due');
  fill(q, 1);
  assert.is(dueIn(q, null, 0, cfg), 0, '20 of 20 is due');
});

test('due once the oldest entry, or the oldest unreported loss, has waited flushIntervalMs', () => {
  const q = createQueue();
  assert.is(dueIn(q, null, 0, cfg), Infinity, 'nothing to send');
  enqueue(q, queuedEntry(json('a'), 1000), 1000);
  enqueue(q, queuedEntry(json('b'), 4000), 1000);
  assert.is(dueIn(q, null, 4000, cfg), 7000);
  assert.is(dueIn(q, null, 10_999, cfg), 1);
  assert.is(dueIn(q, null, 50_000, cfg), 0, 'overdue is due now');
  assert.is(dueIn(q, 500, 4000, cfg), 6500, 'a loss before the oldest entry sets the time');
  assert.is(dueIn(createQueue(), 500, 600, cfg), 9900, 'a loss alone is due too');
});

test('due early once the JSON reaches 16 KiB; the batch stops after the entry that reaches it', () => {
  const q = createQueue();
  const big = 'x'.repeat(5000);
  for (let i = 0; i < 3; i++) enqueue(q, queuedEntry(json(big + i), 0), 1000);
  assert.ok(dueIn(q, null, 0, cfg) > 0, '~15 KB is not yet due');
  enqueue(q, queuedEntry(json(`${big}3`), 0), 1000);
  enqueue(q, queuedEntry(json(`${big}4`), 0), 1000);
  assert.is(dueIn(q, null, 0, cfg), 0);
  const taken = takeEntries(q, 20);
  assert.is(taken.length, 4);
  const bytes = batchBody(
    taken.map((e) => e.json),
    20,
  ).length;
  assert.ok(bytes >= MAX_BATCH_BYTES && bytes < MAX_BATCH_BYTES + 5100);
  assert.is(q.entries.length, 1);
});

test("takeEntries: the oldest, at most max; the queue's sequence numbers move with them", () => {
  const q = createQueue();
  fill(q, 25);
  assert.equal(
    takeEntries(q, 20).map((e) => JSON.parse(e.json).message),
    Array.from({ length: 20 }, (_, i) => `m${i}`),
  );
  assert.is(q.headSeq, 20);
  assert.is(takeEntries(q, 20).length, 5);
  assert.is(takeEntries(q, 20).length, 0, 'nothing left: nothing taken');
  assert.is(q.headSeq, 25);
});

test('enqueue: over maxQueueSize the oldest go, and their number is returned', () => {
  const q = createQueue();
  const pushed = Array.from({ length: 8 }, (_, i) => enqueue(q, queuedEntry(json(`m${i}`), 0), 5));
  assert.equal(pushed, [0, 0, 0, 0, 0, 1, 1, 1]);
  assert.equal(
    q.entries.map((e) => JSON.parse(e.json).message),
    ['m3', 'm4', 'm5', 'm6', 'm7'],
  );
  assert.is(q.headSeq, 3, 'entries[0] is the fourth entry ever queued');
  assert.is(enqueue(q, queuedEntry(json('x'), 0), 0), 6, 'a bound of 0 keeps nothing');
});

test('rate limit: at most maxPerMinute in any rolling minute; an entry frees its place 60 to 61 s later', () => {
  const w = createRateWindow();
  assert.equal(
    [0, 100, 200, 300].map((t) => withinRate(w, t, 3)),
    [true, true, true, false],
  );
  assert.not.ok(withinRate(w, 59_999, 3), 'the first has not yet left the window');
  assert.not.ok(withinRate(w, 60_999, 3), 'nor now');
  assert.ok(withinRate(w, 61_000, 3), 'now it has');
  const many = createRateWindow();
  for (let t = 0; t < 10 * 60_000; t += 7) withinRate(many, t, 1e9);
  assert.ok(many.seconds.length <= 61, 'one count a second, at most 61');
  assert.is(
    many.total,
    many.seconds.reduce((n, s) => n + s.count, 0),
  );
  assert.ok(many.total >= 60_000 / 7 && many.total <= 61_000 / 7 + 1, 'a minute (to 61 s) of entries');
});

test('formBatch: exactly batchSize entries, the drop report first taking one place, a key and the sequence number of its first entry', () => {
  const q = createQueue();
  fill(q, 5);
  const plain = formBatch(q, null, 0, 2, 'key-1')!;
  assert.equal(messagesOf(plain.body), ['m0', 'm1']);
  assert.equal([plain.key, plain.count, plain.firstSeq, plain.reported, plain.fate], ['key-1', 2, 0, null, null]);
  assert.is(plain.bytes, Buffer.byteLength(plain.body));
  const reported = formBatch(q, counts, 7, 2, 'key-2')!;
  assert.equal(messagesOf(reported.body), [DROP_REPORT_MESSAGE, 'm2']);
  const report = JSON.parse(reported.body)[0];
  assert.equal(report, { level: 5, message: DROP_REPORT_MESSAGE, additional: [counts], timestamp: isoTime(7) });
  assert.equal([reported.count, reported.firstSeq, reported.reported], [1, 2, counts]);
  assert.equal(messagesOf(formBatch(q, null, 0, 20, 'k')!.body), ['m3', 'm4']);
  assert.is(formBatch(q, null, 0, 20, 'k'), null, 'nothing: no batch');
  const alone = formBatch(q, counts, 0, 20, 'k')!;
  assert.equal([messagesOf(alone.body), alone.count], [[DROP_REPORT_MESSAGE], 0]);
});

test('body: a JSON array, or the single entry itself when batches hold one', () => {
  const [a, b] = [json('a').json, json('b').json];
  assert.is(batchBody([a], 1), a);
  assert.is(batchBody([a], 20), `[${a}]`);
  assert.is(batchBody([a, b], 1), `[${a},${b}]`, 'a report beside an entry');
});

test.run();

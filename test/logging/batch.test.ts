// The queue policy: the rate limit, the bound, when a batch is due, what one batch holds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DROP_REPORT_MESSAGE, MAX_BATCH_BYTES, Queue } from '../../src/logging/batch';
import { isoTime } from '../../src/logging/serialize';
import { memoryStorage } from '../../src/storage';

let clock = 0;
const queue = (config = {}) => {
  const q = new Queue({ production: true, console: {}, session: memoryStorage(), local: memoryStorage(), now: () => clock });
  q._config = { ...q._config, ...config };
  return q;
};
const entry = (message: string, at = 0) => {
  const json = JSON.stringify({ level: 5, message, additional: [], timestamp: isoTime(0) });
  return { _json: json, _bytes: Buffer.byteLength(json), _at: at };
};
const fill = (q: Queue, n: number, at = 0) => {
  for (let i = 0; i < n; i++) q._enqueue(entry(`m${q._head + q._entries.length}`, at));
};
const messagesOf = (body: string) => [JSON.parse(body)].flat().map((e: any) => e.message);
const counts = { queueFull: 2, rateLimited: 0, storeFull: 0, rejected: 0, network: 0 };

test('a batch is due when it holds batchSize entries, not before', () => {
  const q = queue();
  fill(q, 19);
  assert.ok(q._dueIn(0) > 0, '19 of 20 is not due');
  fill(q, 1);
  assert.is(q._dueIn(0), 0, '20 of 20 is due');
});

test('due once the oldest entry, or the oldest unreported loss, has waited flushIntervalMs', () => {
  const q = queue();
  assert.is(q._dueIn(0), Infinity, 'nothing to send');
  q._enqueue(entry('a', 1000));
  q._enqueue(entry('b', 4000));
  assert.is(q._dueIn(4000), 7000);
  assert.is(q._dueIn(10_999), 1);
  assert.is(q._dueIn(50_000), 0, 'overdue is due now');
  clock = 500;
  q._drop('rateLimited', 1);
  assert.is(q._dueIn(4000), 6500, 'a loss before the oldest entry sets the time');
  const alone = queue();
  alone._drop('rateLimited', 1);
  assert.is(alone._dueIn(600), 9900, 'a loss alone is due too');
  clock = 0;
});

test('due early once the JSON reaches 16 KiB; the batch stops after the entry that reaches it', () => {
  const q = queue();
  const big = 'x'.repeat(5000);
  for (let i = 0; i < 3; i++) q._enqueue(entry(big + i));
  assert.ok(q._dueIn(0) > 0, '~15 KB is not yet due');
  q._enqueue(entry(`${big}3`));
  q._enqueue(entry(`${big}4`));
  assert.is(q._dueIn(0), 0);
  const batch = q._formBatch()!;
  assert.is(batch._count, 4);
  assert.ok(batch._bytes >= MAX_BATCH_BYTES && batch._bytes < MAX_BATCH_BYTES + 5100);
  assert.is(q._entries.length, 1);
});

test('enqueue: over maxQueueSize the oldest go, counted as dropped', () => {
  const q = queue({ maxQueueSize: 5 });
  fill(q, 8);
  assert.equal(
    q._entries.map((e) => JSON.parse(e._json).message),
    ['m3', 'm4', 'm5', 'm6', 'm7'],
  );
  assert.is(q._head, 3, '_entries[0] is the fourth entry ever queued');
  assert.is(q._droppedBy.queueFull, 3);
  q._config.maxQueueSize = 0;
  fill(q, 1);
  assert.equal([q._entries.length, q._head], [0, 9], 'a bound of 0 keeps nothing');
});

test('rate limit: at most maxEntriesPerMinute in any rolling minute; an entry frees its place 60 to 61 s later', () => {
  const q = queue({ maxEntriesPerMinute: 3 });
  assert.equal(
    [0, 100, 200, 300].map((t) => q._admit(t)),
    [true, true, true, false],
  );
  assert.not.ok(q._admit(59_999), 'the first has not yet left the window');
  assert.not.ok(q._admit(60_999), 'nor now');
  assert.ok(q._admit(61_000), 'now it has');
  const steady = queue({ maxEntriesPerMinute: 100 });
  let admitted = 0;
  for (let t = 0; t < 10 * 60_000; t += 7) if (steady._admit(t)) admitted++;
  assert.ok(admitted > (600 / 61) * 100 && admitted <= 1100, `${admitted} in 10 minutes: 100 a minute (to 61 s)`);
});

test('formBatch: exactly batchSize entries, the drop report first taking one place, a key and the number of its first entry', () => {
  const q = queue({ batchSize: 2 });
  fill(q, 5);
  const plain = q._formBatch()!;
  assert.equal(messagesOf(plain._body), ['m0', 'm1']);
  assert.match(plain._key, /^[0-9a-f]{32}$/);
  assert.equal([plain._count, plain._first, plain._reported], [2, 0, null]);
  assert.is(plain._bytes, Buffer.byteLength(plain._body));
  clock = 7;
  q._drop('queueFull', 2);
  const reported = q._formBatch()!;
  assert.equal(messagesOf(reported._body), [DROP_REPORT_MESSAGE, 'm2']);
  const report = JSON.parse(reported._body)[0];
  assert.equal(report, { level: 5, message: DROP_REPORT_MESSAGE, additional: [counts], timestamp: isoTime(7) });
  assert.equal([reported._count, reported._first, reported._reported], [1, 2, counts]);
  q._config.batchSize = 20;
  assert.equal(messagesOf(q._formBatch()!._body), ['m3', 'm4']);
  assert.is(q._formBatch(), null, 'nothing: no batch');
  q._drop('queueFull', 2);
  const alone = q._formBatch()!;
  assert.equal([messagesOf(alone._body), alone._count], [[DROP_REPORT_MESSAGE], 0]);
  clock = 0;
});

test('body: a JSON array, or the single entry itself when batches hold one', () => {
  const one = queue({ batchSize: 1 });
  fill(one, 1);
  assert.is(one._formBatch()!._body, entry('m0')._json);
  one._drop('queueFull', 1);
  fill(one, 1);
  assert.equal(messagesOf(one._formBatch()!._body), [DROP_REPORT_MESSAGE], 'the report alone when batches hold one');
  const many = queue();
  fill(many, 1);
  assert.is(many._formBatch()!._body, `[${entry('m0')._json}]`);
});

test.run();

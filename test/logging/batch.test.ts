// The batching policy as pure functions: queue + config + clock in, decisions out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { admit, bodyOf, createQueue, dueIn, giveUp, MAX_BATCH_BYTES, take, type Queue } from '../../src/logging/batch';
import { productionDefaults } from '../../src/logging';
import { serializeEntry } from '../../src/logging/serialize';

const cfg = { ...productionDefaults };
const entry = (msg: string, now = 0) => serializeEntry(5, msg, [], now);
const fill = (q: Queue, n: number, now = 0, c = cfg) => {
  for (let i = 0; i < n; i++) admit(q, entry('m' + i, now), now, c);
};
const messages = (entries: string[]) => entries.map((j) => JSON.parse(j).message);
const counts = (json: string) => JSON.parse(json).additional[0];

test('a full batch is exactly batchSize entries, oldest first', () => {
  const q = createQueue();
  fill(q, 19);
  assert.ok(dueIn(q, 0, cfg) > 0, '19 of 20 is not due');
  fill(q, 1);
  assert.is(dueIn(q, 0, cfg), 0, '20 of 20 is due');
  fill(q, 25);
  const b = take(q, 0, 20);
  assert.is(b[0].length, 20);
  assert.equal(messages(b[0]).slice(0, 2), ['m0', 'm1']);
  assert.is(q.items.length, 25);
  assert.is(take(q, 0, 20)[0].length, 20);
  assert.is(take(q, 0, 20)[0].length, 5);
  assert.is(take(q, 0, 20)[0].length, 0, 'nothing left: an empty take');
  assert.is(dueIn(q, 0, cfg), Infinity, 'and nothing is ever due');
});

test('due once the oldest entry has waited flushIntervalMs', () => {
  const q = createQueue();
  assert.is(dueIn(q, 0, cfg), Infinity);
  admit(q, entry('a'), 1000, cfg);
  admit(q, entry('b'), 4000, cfg);
  assert.is(dueIn(q, 4000, cfg), 7000);
  assert.is(dueIn(q, 10_999, cfg), 1);
  assert.is(dueIn(q, 11_000, cfg), 0);
  assert.is(dueIn(q, 50_000, cfg), 0, 'overdue is due now');
});

test('due early once the JSON reaches 16 KiB; the batch stops after the entry that reaches it', () => {
  const q = createQueue();
  const big = 'x'.repeat(5000);
  for (let i = 0; i < 3; i++) admit(q, entry(big + i), 0, cfg);
  assert.ok(dueIn(q, 0, cfg) > 0, '~15 KB is not yet due');
  admit(q, entry(big + 3), 0, cfg);
  admit(q, entry(big + 4), 0, cfg);
  assert.is(dueIn(q, 0, cfg), 0);
  const b = take(q, 0, 20);
  assert.is(b[0].length, 4);
  const bytes = bodyOf(b[0], 20).length;
  assert.ok(bytes >= MAX_BATCH_BYTES && bytes < MAX_BATCH_BYTES + 5100);
  assert.is(q.items.length, 1);
});

test('queue bound: the oldest go first, counted, with one warning per episode', () => {
  const q = createQueue();
  const c = { ...cfg, maxQueueSize: 5 };
  const results = Array.from({ length: 8 }, (_, i) => admit(q, entry('m' + i), 0, c));
  assert.equal(results, ['', '', '', '', '', 'queue full', '', '']);
  assert.equal(messages(q.items.map((i) => i[0])), ['m3', 'm4', 'm5', 'm6', 'm7']);
  assert.is(q.overflow, 3);
  take(q, 0, 20); // the count is now in that batch: the episode is over
  assert.is(q.overflow, 0);
  fill(q, 5, 0, c);
  assert.is(admit(q, entry('n'), 0, c), 'queue full', 'a new episode, a new warning');
  assert.is(q.overflow, 1);
});

test('the drop report leads the next batch as an ERROR entry, takes a slot, and its counts are reset', () => {
  const q = createQueue();
  const c = { ...cfg, maxQueueSize: 3 };
  fill(q, 5, 0, c);
  const b = take(q, 7, 2);
  assert.is(b[0].length, 2);
  const report = JSON.parse(b[0][0]!);
  assert.is(report.level, 5);
  assert.ok(report.message.startsWith('emweb.logger'));
  assert.equal(report.additional, [{ queueFull: 2, rateLimited: 0 }]);
  assert.is(report.timestamp, new Date(7).toISOString());
  assert.is(b[1], 2);
  assert.is(q.overflow, 0);
  assert.equal(messages(b[0].slice(1)), ['m2']);
  // nothing new dropped: the next batch carries no report
  assert.equal(messages(take(q, 8, 2)[0]), ['m3', 'm4']);
});

test('a batch given up puts its counts back, so they are reported once, later', () => {
  const q = createQueue();
  const c = { ...cfg, maxQueueSize: 2 };
  fill(q, 4, 0, c);
  const b = take(q, 0, 20);
  giveUp(q, b);
  assert.is(q.overflow, 2);
  fill(q, 1, 0, c);
  const again = take(q, 0, 20);
  assert.equal(counts(again[0][0]!), { queueFull: 2, rateLimited: 0 });
  assert.is(take(q, 0, 20)[0].length, 0, 'and only once');
});

test('rate limit: at most maxEntriesPerMinute in any rolling minute; the rest counted, one warning', () => {
  const q = createQueue();
  const c = { ...cfg, maxEntriesPerMinute: 3, maxQueueSize: 100 };
  const r = [0, 100, 200, 300, 400].map((t) => admit(q, entry('m'), t, c));
  assert.equal(r, ['', '', '', 'rate limit', '']);
  assert.is(q.limited, 2);
  assert.is(q.items.length, 3);
  assert.is(admit(q, entry('m'), 59_999, c), '', 'refused: the first has not yet left the window');
  assert.is(admit(q, entry('m'), 60_999, c), '', 'refused: an entry frees its place 60 to 61 s later');
  assert.is(q.limited, 4);
  assert.is(admit(q, entry('m'), 61_000, c), '', 'accepted: it has now');
  assert.is(q.items.length, 4);
  const b = take(q, 61_000, 20);
  assert.equal(counts(b[0][0]!), { queueFull: 0, rateLimited: 4 });
  const many = createQueue();
  const json = entry('m');
  for (let t = 0; t < 10 * 60_000; t += 7) admit(many, json, t, { ...c, maxEntriesPerMinute: 1e9 });
  assert.ok(many.recent.length <= 61, 'the window keeps one count a second, at most 61');
  assert.is(many.inWindow, many.recent.reduce((n, [, count]) => n + count, 0), 'with their sum');
  assert.ok(many.inWindow >= 60_000 / 7 && many.inWindow <= 61_000 / 7 + 1, 'a minute (to 61 s) of entries');
});

test('unreported counts alone are due in flushIntervalMs (the timer of the caller keeps the deadline)', () => {
  const q = createQueue();
  const c = { ...cfg, maxEntriesPerMinute: 0 };
  admit(q, entry('m'), 500, c);
  admit(q, entry('m'), 9000, c);
  assert.is(q.items.length, 0);
  assert.is(dueIn(q, 500, c), 10_000);
  const b = take(q, 10_500, 20);
  assert.is(b[0].length, 1, 'the report alone');
  assert.equal(counts(b[0][0]!), { queueFull: 0, rateLimited: 2 });
  assert.is(dueIn(q, 10_500, c), Infinity);
});

test('body: a JSON array, or a single object when batchSize is 1', () => {
  const q = createQueue();
  fill(q, 3);
  const one = take(q, 0, 1);
  assert.equal(JSON.parse(bodyOf(one[0], 1)).message, 'm0');
  const arr = take(q, 0, 20);
  assert.equal(JSON.parse(bodyOf(arr[0], 20)).map((e: any) => e.message), ['m1', 'm2']);
  assert.equal(JSON.parse(bodyOf(take(createQueue(), 0, 20)[0].concat(entry('x')), 20)).length, 1, 'one entry in an array when batches hold more');
});

test.run();

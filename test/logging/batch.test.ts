// The batching policy as pure functions: queue + config + clock in, decisions out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  admit,
  bodyOf,
  createBatchState,
  dueAt,
  isDue,
  MAX_BATCH_BYTES,
  putFront,
  restoreCounts,
  take,
  type BatchState,
} from '../../src/logging/batch';
import { productionDefaults } from '../../src/logging';
import { serializeEntry } from '../../src/logging/serialize';

const cfg = { ...productionDefaults };
const entry = (msg: string, now = 0) => serializeEntry(5, msg, [], 0, now);
const fill = (s: BatchState, n: number, now = 0, c = cfg) => {
  for (let i = 0; i < n; i++) admit(s, entry('m' + i, now), now, c);
};
const messages = (items: { json: string }[]) => items.map((i) => JSON.parse(i.json).message);

test('a full batch is exactly batchSize entries, oldest first', () => {
  const s = createBatchState();
  fill(s, 19);
  assert.not.ok(isDue(s, cfg, 0), '19 of 20 is not due');
  fill(s, 1);
  assert.ok(isDue(s, cfg, 0), '20 of 20 is due');
  fill(s, 25);
  const t = take(s, cfg, 0);
  assert.is(t.items.length, 20);
  assert.equal(messages(t.items).slice(0, 2), ['m0', 'm1']);
  assert.is(s.items.length, 25);
  assert.is(take(s, cfg, 0).items.length, 20);
  assert.is(take(s, cfg, 0).items.length, 5);
  assert.is(take(s, cfg, 0).items.length, 0, 'nothing left: an empty take, never an empty batch from the transport');
});

test('due once the oldest entry has waited flushIntervalMs; dueAt is its deadline', () => {
  const s = createBatchState();
  assert.is(dueAt(s, cfg), null);
  admit(s, entry('a'), 1000, cfg);
  admit(s, entry('b'), 4000, cfg);
  assert.is(dueAt(s, cfg), 11_000);
  assert.not.ok(isDue(s, cfg, 10_999));
  assert.ok(isDue(s, cfg, 11_000));
});

test('due early once the JSON reaches 16 KiB; the batch stops after the entry that reaches it', () => {
  const s = createBatchState();
  const big = 'x'.repeat(5000);
  fill(s, 0);
  for (let i = 0; i < 3; i++) admit(s, entry(big + i), 0, cfg);
  assert.not.ok(isDue(s, cfg, 0), '~15 KB is not yet due');
  admit(s, entry(big + 3), 0, cfg);
  admit(s, entry(big + 4), 0, cfg);
  assert.ok(isDue(s, cfg, 0));
  const t = take(s, cfg, 0);
  assert.is(t.items.length, 4);
  const bytes = bodyOf(t.items, 20).length;
  assert.ok(bytes >= MAX_BATCH_BYTES && bytes < MAX_BATCH_BYTES + 5100);
  assert.is(s.items.length, 1);
});

test('queue bound: the oldest go first, counted, with one "-start" per overflow episode', () => {
  const s = createBatchState();
  const c = { ...cfg, maxQueueSize: 5 };
  const results = Array.from({ length: 8 }, (_, i) => admit(s, entry('m' + i), 0, c));
  assert.equal(results, ['queued', 'queued', 'queued', 'queued', 'queued', 'overflow-start', 'overflow', 'overflow']);
  assert.equal(messages(s.items), ['m3', 'm4', 'm5', 'm6', 'm7']);
  assert.is(s.overflow, 3);
  take(s, c, 0); // the queue drains (and the count is now in that batch): the episode is over
  assert.is(s.overflow, 0);
  fill(s, 5, 0, c);
  assert.is(admit(s, entry('n'), 0, c), 'overflow-start', 'a new episode, a new warning');
  assert.is(s.overflow, 1);
});

test('the drop report leads the next batch, takes a slot, and its counts are reset', () => {
  const s = createBatchState();
  const c = { ...cfg, maxQueueSize: 3, batchSize: 2 };
  fill(s, 5, 0, c);
  const t = take(s, c, 7);
  assert.is(t.items.length, 2);
  const report = JSON.parse(t.items[0]!.json);
  assert.is(report.level, 5);
  assert.is(report.message, 'emweb.logger dropped 2 entries (queue full) and 0 (rate limit)');
  assert.equal(report.additional, [{ queueFull: 2, rateLimited: 0 }]);
  assert.is(t.overflow, 2);
  assert.is(s.overflow, 0);
  assert.equal(messages(t.items.slice(1)), ['m2']);
  // nothing new dropped: the next batch carries no report
  assert.equal(messages(take(s, c, 8).items), ['m3', 'm4']);
});

test('a batch given up puts its counts back, so they are reported once, later', () => {
  const s = createBatchState();
  const c = { ...cfg, maxQueueSize: 2 };
  fill(s, 4, 0, c);
  const t = take(s, c, 0);
  restoreCounts(s, t, 0);
  assert.is(s.overflow, 2);
  fill(s, 1, 0, c);
  const again = take(s, c, 0);
  assert.equal(JSON.parse(again.items[0]!.json).additional, [{ queueFull: 2, rateLimited: 0 }]);
});

test('rate limit: at most maxEntriesPerMinute in any minute; the rest counted with one "-start"', () => {
  const s = createBatchState();
  const c = { ...cfg, maxEntriesPerMinute: 3, maxQueueSize: 100 };
  const r = [0, 100, 200, 300, 400].map((t) => admit(s, entry('m'), t, c));
  assert.equal(r, ['queued', 'queued', 'queued', 'limited-start', 'limited']);
  assert.is(s.limited, 2);
  assert.is(admit(s, entry('m'), 60_999, c), 'limited', 'the first second has not yet left the window');
  assert.is(admit(s, entry('m'), 61_000, c), 'queued', 'it has now');
  assert.is(s.limited, 3);
  const t = take(s, c, 61_000);
  assert.equal(JSON.parse(t.items[0]!.json).additional, [{ queueFull: 0, rateLimited: 3 }]);
});

test('unreported counts alone become due after flushIntervalMs', () => {
  const s = createBatchState();
  const c = { ...cfg, maxEntriesPerMinute: 0 };
  admit(s, entry('m'), 500, c);
  assert.is(dueAt(s, c), 10_500);
  assert.ok(isDue(s, c, 10_500));
  const t = take(s, c, 10_500);
  assert.is(t.items.length, 1, 'the report alone');
});

test('putFront keeps order ahead of newer entries', () => {
  const s = createBatchState();
  fill(s, 3);
  const t = take(s, { ...cfg, batchSize: 2 }, 0);
  putFront(s, t.items);
  assert.equal(messages(s.items), ['m0', 'm1', 'm2']);
});

test('body: a JSON array, or a single object when batchSize is 1', () => {
  const s = createBatchState();
  fill(s, 2);
  const one = take(s, { ...cfg, batchSize: 1 }, 0);
  assert.equal(JSON.parse(bodyOf(one.items, 1)).message, 'm0');
  const arr = take(s, cfg, 0);
  assert.ok(Array.isArray(JSON.parse(bodyOf(arr.items, 20))));
});

test.run();

// Batches kept for the next page: one key per page, the 256 KiB bound across all keys, taking
// every key oldest first, replaying whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newBatch } from '../../src/logging/batch';
import { MAX_STORE_BYTES, STORE_PREFIX, storeBatches, takeStored } from '../../src/logging/pendingStore';
import { memoryStorage } from '../../src/storage';

const entry = (message: string) => ({ level: 5, message, additional: [], timestamp: '2025-01-01T00:00:00.000Z' });
const batchOf = (key: string, messages: string[], reported: Record<string, number> | null = null) =>
  newBatch(key, JSON.stringify(messages.map(entry)), messages.length - (reported ? 1 : 0), 0, reported);
const KEY_A = 'aaaaaaaaaaaaaaaa';
const KEY_B = 'bbbbbbbbbbbbbbbb';

test('a page writes its batches under its own key; an empty write removes the key', () => {
  const local = memoryStorage();
  const own = `${STORE_PREFIX}page-1`;
  assert.is(storeBatches(local, own, [batchOf(KEY_A, ['a']), batchOf(KEY_B, ['b', 'c'])], 1234), 0);
  const value = JSON.parse(local.get(own)!);
  assert.equal(value.since, 1234);
  assert.equal(value.dropped, 0);
  assert.equal(
    value.batches.map((b: any) => [b.key, b.reported, b.body.map((e: any) => e.message)]),
    [
      [KEY_A, null, ['a']],
      [KEY_B, null, ['b', 'c']],
    ],
  );
  storeBatches(local, own, [], 2000);
  assert.equal(local.keys(), []);
});

test("the bound counts every page's key: the oldest of this page's batches are left out, and their entries counted", () => {
  const local = memoryStorage();
  local.set(`${STORE_PREFIX}other`, 'o'.repeat(200_000));
  local.set('unrelated', 'u'.repeat(500_000));
  const own = `${STORE_PREFIX}mine`;
  const batches = Array.from({ length: 10 }, (_, i) =>
    batchOf(`key-${String(i).padStart(12, '0')}`, [`${i} ${'x'.repeat(10_000)}`]),
  );
  const leftOut = storeBatches(local, own, batches, 1);
  const total = local
    .keys()
    .filter((k) => k.startsWith(STORE_PREFIX))
    .reduce((n, k) => n + k.length + local.get(k)!.length, 0);
  assert.ok(total <= MAX_STORE_BYTES, `${total}`);
  assert.ok(leftOut > 0 && leftOut < 10, `${leftOut}`);
  const kept = JSON.parse(local.get(own)!);
  assert.equal(
    kept.batches.map((b: any) => b.key),
    batches.slice(leftOut).map((b) => b._key),
    'the newest',
  );
  assert.is(kept.dropped, leftOut, 'one entry a batch here');
  assert.is(local.get(`${STORE_PREFIX}other`)!.length, 200_000, "another page's key is never touched");
});

test('takeStored: every page, oldest first; the keys are removed; batches whole, with their keys and counts', () => {
  const local = memoryStorage();
  storeBatches(local, `${STORE_PREFIX}late`, [batchOf(KEY_B, ['late'])], 2000);
  storeBatches(
    local,
    `${STORE_PREFIX}early`,
    [batchOf(KEY_A, ['report', 'early'], { queueFull: 2, rateLimited: 0, storeFull: 0, rejected: 0, network: 0 })],
    1000,
  );
  local.set('emweb.logger.level', '2');
  const { batches } = takeStored(local);
  assert.equal(
    batches.map((b) => [b._key, b._count, b._first, b._reported?.queueFull ?? null]),
    [
      [KEY_A, 1, -Infinity, 2],
      [KEY_B, 1, -Infinity, null],
    ],
  );
  assert.is(batches[0]!._body, JSON.stringify([entry('report'), entry('early')]), 'the same bytes');
  assert.equal(local.keys(), ['emweb.logger.level'], 'only its own keys are taken');
  assert.equal(takeStored(local), { batches: [], dropped: [] });
});

test('takeStored: counts left out by the bound come back, as stored (the ledger takes whole positive counts only)', () => {
  const local = memoryStorage();
  local.set(`${STORE_PREFIX}a`, JSON.stringify({ since: 1, dropped: 7, batches: [] }));
  local.set(`${STORE_PREFIX}b`, JSON.stringify({ since: 2, dropped: 'many', batches: [] }));
  assert.equal(takeStored(local).dropped, [7, 'many']);
});

test.run();

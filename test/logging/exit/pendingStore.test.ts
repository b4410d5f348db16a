// Batches kept for the next page: one key per page, the 256 KiB bound across all keys, the page's
// drop counts, taking every key oldest first, replaying whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { leftOutOfStore, MAX_STORE_BYTES, STORE_PREFIX, storePage, takeStored } from '../../../src/logging/exit/pendingStore';
import { newBatch } from '../../../src/logging/queue/batch';
import type { ReportCounts } from '../../../src/logging/queue/ledger';
import { memoryStorage } from '../../fakes';

const entry = (message: string) => ({ level: 5, message, additional: [], timestamp: '2025-01-01T00:00:00.000Z' });
const batchOf = (key: string, messages: string[], reported: Record<string, number> | null = null) =>
  newBatch(
    key,
    JSON.stringify(messages.map(entry)),
    messages.length - (reported ? 1 : 0),
    { tag: 'queue', first: 0 },
    reported,
    null,
  );
const KEY_A = 'aaaaaaaaaaaaaaaa';
const KEY_B = 'bbbbbbbbbbbbbbbb';
const none = { queueFull: 0, rateLimited: 0, storeFull: 0, rejected: 0, tooLarge: 0, network: 0 };

test('a page writes its batches and its unreported counts under its own key; with neither, the key goes', () => {
  const local = memoryStorage();
  const own = `${STORE_PREFIX}page-1`;
  storePage(local, own, [batchOf(KEY_A, ['a']), batchOf(KEY_B, ['b', 'c'])], { ...none, rateLimited: 3 }, 1234);
  const value = JSON.parse(local.get(own)!);
  assert.equal(value.since, 1234);
  assert.equal(value.dropped, { ...none, rateLimited: 3 });
  assert.equal(
    value.batches.map((b: any) => [b.key, b.reported, b.body.map((e: any) => e.message)]),
    [
      [KEY_A, null, ['a']],
      [KEY_B, null, ['b', 'c']],
    ],
  );
  storePage(local, own, [], { ...none, network: 1 }, 2000);
  assert.equal(
    JSON.parse(local.get(own)!),
    { since: 2000, dropped: { ...none, network: 1 }, batches: [] },
    'counts alone are kept',
  );
  storePage(local, own, [], null, 3000);
  assert.equal(local.keys(), []);
});

test("the bound counts every page's key: the oldest of this page's batches are left out, the newest that fit are written", () => {
  const local = memoryStorage();
  local.set(`${STORE_PREFIX}other`, 'o'.repeat(200_000));
  local.set('unrelated', 'u'.repeat(500_000));
  const own = `${STORE_PREFIX}mine`;
  const batches = Array.from({ length: 10 }, (_, i) =>
    batchOf(`key-${String(i).padStart(12, '0')}`, [`${i} ${'x'.repeat(10_000)}`]),
  );
  const leftOut = batches.slice(0, leftOutOfStore(local, own, batches));
  storePage(local, own, batches.slice(leftOut.length), { ...none, storeFull: leftOut.length }, 1);
  const total = local
    .keys()
    .filter((k) => k.startsWith(STORE_PREFIX))
    .reduce((n, k) => n + k.length + local.get(k)!.length, 0);
  assert.ok(total <= MAX_STORE_BYTES, `${total}`);
  assert.ok(leftOut.length > 0 && leftOut.length < 10, `${leftOut.length}`);
  const kept = JSON.parse(local.get(own)!);
  assert.equal(
    kept.batches.map((b: any) => b.key),
    batches.slice(leftOut.length).map((b) => b.key),
    'the newest',
  );
  assert.is(kept.dropped.storeFull, leftOut.length);
  assert.is(local.get(`${STORE_PREFIX}other`)!.length, 200_000, "another page's key is never touched");
});

test('takeStored: every page, oldest first; the keys are removed; batches whole, with their keys and counts', () => {
  const local = memoryStorage();
  storePage(local, `${STORE_PREFIX}late`, [batchOf(KEY_B, ['late'])], null, 2000);
  const report: ReportCounts = { ...none, queueFull: 2 };
  storePage(local, `${STORE_PREFIX}early`, [batchOf(KEY_A, ['report', 'early'], report)], { ...none, storeFull: 4 }, 1000);
  local.set('emweb.logger.level', '2');
  const { batches, counts } = takeStored(local);
  assert.equal(
    batches.map((b) => [b.key, b.count, b.source, b.reported?.queueFull ?? null]),
    [
      [KEY_A, 1, { tag: 'store' }, 2],
      [KEY_B, 1, { tag: 'store' }, null],
    ],
  );
  assert.is(batches[0]!.body, JSON.stringify([entry('report'), entry('early')]), 'the same bytes');
  assert.equal(counts, [{ ...none, storeFull: 4 }, null]);
  assert.equal(local.keys(), ['emweb.logger.level'], 'only its own keys are taken');
  assert.equal(takeStored(local), { batches: [], counts: [] });
});

test('takeStored: the counts as stored, oldest page first (the ledger takes whole positive counts only)', () => {
  const local = memoryStorage();
  local.set(`${STORE_PREFIX}b`, JSON.stringify({ since: 2, dropped: 'many', batches: [] }));
  local.set(`${STORE_PREFIX}a`, JSON.stringify({ since: 1, dropped: { storeFull: 7 }, batches: [] }));
  assert.equal(takeStored(local).counts, [{ storeFull: 7 }, 'many']);
});

test('takeStored: a batch stored twice under one key (two pages, or a page written twice) is replayed once', () => {
  const local = memoryStorage();
  const entry = { level: 5, message: 'boom', additional: [], timestamp: '2026-01-01T00:00:00.000Z' };
  const stored = { key: 'a'.repeat(32), reported: null, body: entry };
  local.set(`${STORE_PREFIX}one`, JSON.stringify({ since: 1, dropped: null, batches: [stored, stored] }));
  local.set(`${STORE_PREFIX}two`, JSON.stringify({ since: 2, dropped: null, batches: [stored] }));
  const { batches } = takeStored(local);
  assert.equal(
    batches.map((batch) => batch.key),
    ['a'.repeat(32)],
  );
});

test('takeStored removes the single key of clients before the per-page store, exactly that key', () => {
  const local = memoryStorage();
  local.set('emweb.logger.pending', JSON.stringify([entry('old')]));
  local.set('emweb.logger.pendingX', 'not ours');
  local.set('emweb.logger.level', '2');
  assert.equal(takeStored(local), { batches: [], counts: [] });
  assert.equal(local.keys().sort(), ['emweb.logger.level', 'emweb.logger.pendingX']);
});

test('takeStored: a grouped entry counts as the occurrences it stands for; an implausible count as itself', () => {
  const local = memoryStorage();
  const body = [
    { ...entry('a'), repeated: 7, firstTimestamp: 't' },
    { ...entry('b'), repeated: 'many' },
    { ...entry('c'), repeated: 1.5 },
    { ...entry('d'), repeated: -3 },
  ];
  local.set(`${STORE_PREFIX}p`, JSON.stringify({ since: 1, dropped: null, batches: [{ key: KEY_A, reported: null, body }] }));
  assert.is(takeStored(local).batches[0]!.count, 10);
});

test.run();

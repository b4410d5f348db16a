// The ledger: drops by reason, what is still to be reported, and the stats it gives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addUnreported, countDrop, createLedger, readReportCounts, statsOf, takeUnreported } from '../../src/logging/stats';

test('countDrop: counted by reason; the first loss of an episode says so; beforeSend drops are never reported', () => {
  const ledger = createLedger();
  assert.is(countDrop(ledger, 'beforeSend', 2, 100), false);
  assert.is(ledger.unreportedSince, null, 'a beforeSend drop makes nothing due');
  assert.is(countDrop(ledger, 'queueFull', 3, 200), true, 'first of an episode');
  assert.is(countDrop(ledger, 'rateLimited', 1, 300), false, 'same episode');
  assert.is(countDrop(ledger, 'network', 0, 400), false, 'nothing lost: nothing counted');
  assert.equal(ledger.droppedBy, { queueFull: 3, rateLimited: 1, storeFull: 0, rejected: 0, network: 0, beforeSend: 2 });
  assert.equal(ledger.unreported, { queueFull: 3, rateLimited: 1, storeFull: 0, rejected: 0, network: 0 });
  assert.is(ledger.unreportedSince, 200);
});

test('takeUnreported hands the counts over and ends the episode; addUnreported brings lost ones back', () => {
  const ledger = createLedger();
  assert.is(takeUnreported(ledger), null);
  countDrop(ledger, 'storeFull', 4, 10);
  const counts = takeUnreported(ledger)!;
  assert.equal(counts, { queueFull: 0, rateLimited: 0, storeFull: 4, rejected: 0, network: 0 });
  assert.equal([ledger.unreported.storeFull, ledger.unreportedSince], [0, null]);
  assert.is(countDrop(ledger, 'queueFull', 1, 20), true, 'a new episode');
  addUnreported(ledger, counts, 30);
  assert.equal([ledger.unreported.storeFull, ledger.unreported.queueFull, ledger.unreportedSince], [4, 1, 20]);
  assert.equal(ledger.droppedBy.storeFull, 4, 'counted once in the ledger');
});

test('statsOf: dropped is the sum of the reasons; queued and status as given', () => {
  const ledger = createLedger();
  ledger.logged = 10;
  ledger.sent = 4;
  countDrop(ledger, 'rejected', 2, 0);
  countDrop(ledger, 'beforeSend', 1, 0);
  const s = statsOf(ledger, 3, 'waiting-retry');
  assert.equal([s.logged, s.sent, s.queued, s.dropped, s.status, s.restored], [10, 4, 3, 3, 'waiting-retry', 0]);
  s.droppedBy.rejected = 99;
  assert.is(ledger.droppedBy.rejected, 2, 'a copy');
});

test('readReportCounts: whole positive counts; anything else reads as 0', () => {
  assert.equal(
    readReportCounts({ queueFull: 3, rateLimited: '2', storeFull: -1, rejected: 1.7, network: { toString: false }, bogus: 5 }),
    {
      queueFull: 3,
      rateLimited: 0,
      storeFull: 0,
      rejected: 1,
      network: 0,
    },
  );
});

test.run();

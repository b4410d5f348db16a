// The ledger: drops by reason, what is still to be reported, and the stats it gives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ledger } from '../../src/logging/stats';
import { memoryStorage } from '../../src/storage';

const ledger = (now: () => number = () => 0) => {
  const warnings: unknown[][] = [];
  const l = new Ledger({
    production: true,
    console: { warn: (...args: unknown[]) => void warnings.push(args) },
    session: memoryStorage(),
    local: memoryStorage(),
    now,
  });
  return { l, warnings };
};
const none = { queueFull: 0, rateLimited: 0, storeFull: 0, rejected: 0, network: 0 };

test('drop: counted by reason; the first loss of an episode says so; beforeSend drops are never reported', () => {
  let t = 100;
  const { l, warnings } = ledger(() => t);
  l._drop('beforeSend', 2);
  assert.is(l._unreportedSince, null, 'a beforeSend drop makes nothing due');
  t = 200;
  l._drop('queueFull', 3);
  t = 300;
  l._drop('rateLimited', 1);
  l._drop('network', 0);
  assert.equal(warnings, [['emweb.logger:', 'dropped entries:', 'queueFull']], 'once for the episode');
  assert.equal(l._statsWith(0, 'idle').droppedBy, { ...none, queueFull: 3, rateLimited: 1, beforeSend: 2 });
  assert.is(l._unreportedSince, 200);
  assert.equal(l._takeUnreported(), { ...none, queueFull: 3, rateLimited: 1 });
});

test('a failed send is not said again: it is reported with its status as it happens', () => {
  const { l, warnings } = ledger();
  l._drop('rejected', 1);
  l._drop('network', 1);
  assert.equal(warnings, []);
  assert.equal(l._takeUnreported(), { ...none, rejected: 1, network: 1 });
});

test('takeUnreported hands the counts over and ends the episode; reportLater brings lost ones back', () => {
  let t = 10;
  const { l } = ledger(() => t);
  assert.is(l._takeUnreported(), null);
  l._drop('storeFull', 4);
  const counts = l._takeUnreported()!;
  assert.equal(counts, { ...none, storeFull: 4 });
  assert.is(l._unreportedSince, null);
  t = 20;
  l._drop('queueFull', 1);
  t = 30;
  l._reportLater(counts);
  assert.is(l._unreportedSince, 20);
  assert.equal(l._takeUnreported(), { ...none, storeFull: 4, queueFull: 1 });
  assert.is(l._statsWith(0, 'idle').droppedBy.storeFull, 4, 'counted once in the ledger');
});

test('reportLater: whole positive counts only (they may come from storage)', () => {
  const { l } = ledger();
  l._reportLater({ queueFull: 3, rateLimited: '2', storeFull: -1, rejected: 1.7, network: { toString: false } });
  assert.equal(l._takeUnreported(), { ...none, queueFull: 3 });
  l._reportLater({ network: 0 });
  assert.is(l._takeUnreported(), null, 'nothing to report: no episode');
});

test('stats: dropped is the sum of the reasons; queued and status as given; droppedBy a copy', () => {
  const { l } = ledger();
  l._logged = 10;
  l._sent = 4;
  l._drop('rejected', 2);
  l._drop('beforeSend', 1);
  const s = l._statsWith(3, 'waiting-retry');
  assert.equal([s.logged, s.sent, s.queued, s.dropped, s.status, s.restored], [10, 4, 3, 3, 'waiting-retry', 0]);
  s.droppedBy.rejected = 99;
  assert.is(l._statsWith(3, 'idle').droppedBy.rejected, 2, 'a copy');
});

test.run();

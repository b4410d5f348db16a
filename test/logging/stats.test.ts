// The ledger: drops by reason, what is still to be reported, and the stats the logger gives from it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ledger } from '../../src/logging/stats';
import { memoryStorage } from '../../src/storage';
import { harness } from './helpers';

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
/** What a drop report takes: the counts, and the episode ends. */
const take = (l: Ledger) => {
  const counts = l._unreported;
  l._unreported = null;
  return counts;
};

test('drop: counted by reason; the first loss of an episode says so; beforeSend drops are never reported', () => {
  let t = 100;
  const { l, warnings } = ledger(() => t);
  l._drop('beforeSend', 2);
  assert.is(l._unreported, null, 'a beforeSend drop makes nothing due');
  t = 200;
  l._drop('queueFull', 3);
  t = 300;
  l._drop('rateLimited', 1);
  l._drop('network', 0);
  assert.equal(warnings, [['emweb.logger:', 'dropped entries:', 'queueFull']], 'once for the episode');
  assert.equal(l._droppedBy, { ...none, queueFull: 3, rateLimited: 1, beforeSend: 2 });
  assert.is(l._unreportedSince, 200);
  assert.equal(take(l), { ...none, queueFull: 3, rateLimited: 1 });
});

test('a failed send is not said again: it is reported with its status as it happens', () => {
  const { l, warnings } = ledger();
  l._drop('rejected', 1);
  l._drop('network', 1);
  assert.equal(warnings, []);
  assert.equal(take(l), { ...none, rejected: 1, network: 1 });
});

test('takeUnreported hands the counts over and ends the episode; reportLater brings lost ones back', () => {
  let t = 10;
  const { l } = ledger(() => t);
  assert.is(take(l), null);
  l._drop('storeFull', 4);
  const counts = take(l)!;
  assert.equal(counts, { ...none, storeFull: 4 });
  assert.is(l._unreported, null);
  t = 20;
  l._drop('queueFull', 1);
  t = 30;
  l._reportLater(counts);
  assert.is(l._unreportedSince, 20);
  assert.equal(take(l), { ...none, storeFull: 4, queueFull: 1 });
  assert.is(l._droppedBy.storeFull, 4, 'counted once in the ledger');
});

test('reportLater: whole positive counts only (they may come from storage)', () => {
  const { l } = ledger();
  l._reportLater({ queueFull: 3, rateLimited: '2', storeFull: -1, rejected: 1.7, network: { toString: false } });
  assert.equal(take(l), { ...none, queueFull: 3 });
  l._reportLater({ network: 0 });
  assert.is(take(l), null, 'nothing to report: no episode');
});

test('stats(): dropped is the sum of the reasons; droppedBy is a copy', () => {
  const h = harness();
  h.logger.updateConfig({ maxQueueSize: 1, maxEntriesPerMinute: 3 });
  for (let i = 0; i < 5; i++) h.logger.error(`e${i}`);
  const s = h.logger.stats();
  assert.equal([s.logged, s.sent, s.queued, s.dropped, s.status, s.restored], [5, 0, 1, 4, 'idle', 0]);
  assert.equal(s.droppedBy, { ...none, queueFull: 2, rateLimited: 2, beforeSend: 0 });
  s.droppedBy.queueFull = 99;
  assert.is(h.logger.stats().droppedBy.queueFull, 2, 'a copy');
});

test.run();

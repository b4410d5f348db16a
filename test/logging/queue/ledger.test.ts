// The ledger, through its own interface: counts by reason, the episode of drops still to report
// (handed to a drop report, or kept by the page's store), and stats().
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLedger } from '../../../src/logging/queue/ledger';
import { harness } from '../../fakes/logger';

const ledger = (now: () => number = () => 0) => {
  const warnings: unknown[][] = [];
  const l = createLedger({ now, report: (...what: unknown[]) => void warnings.push(what) });
  return { l, warnings };
};
const none = { queueFull: 0, rateLimited: 0, storeFull: 0, rejected: 0, tooLarge: 0, network: 0 };

test('drop: counted by reason; the first loss of an episode says so; beforeSend drops are never reported', () => {
  let t = 100;
  const { l, warnings } = ledger(() => t);
  l._drop('beforeSend', 2);
  assert.is(l._unreported(), null, 'a beforeSend drop makes nothing due');
  assert.is(l._unreportedSince(), Infinity);
  t = 200;
  l._drop('queueFull', 3);
  t = 300;
  l._drop('rateLimited', 1);
  l._drop('network', 0);
  assert.equal(warnings, [['dropped entries:', 'queueFull']], 'once for the episode');
  assert.equal(l._stats(0, 'idle').droppedBy, { ...none, queueFull: 3, rateLimited: 1, beforeSend: 2 });
  assert.is(l._unreportedSince(), 200, 'due like an entry queued at the first loss');
  assert.equal(l._takeReport(), { ...none, queueFull: 3, rateLimited: 1 });
});

test('a failed send is not said again: it is reported with its status as it happens', () => {
  const { l, warnings } = ledger();
  l._drop('rejected', 1);
  l._drop('network', 1);
  assert.equal(warnings, []);
  assert.equal(l._takeReport(), { ...none, rejected: 1, tooLarge: 0, network: 1 });
});

test('takeReport hands the counts over and ends the episode; the next loss starts another; reportLater brings lost ones back', () => {
  let t = 10;
  const { l, warnings } = ledger(() => t);
  assert.is(l._takeReport(), null);
  l._drop('storeFull', 4);
  const counts = l._takeReport()!;
  assert.equal(counts, { ...none, storeFull: 4 });
  assert.equal([l._unreported(), l._unreportedSince()], [null, Infinity], 'the episode ended');
  t = 20;
  l._drop('queueFull', 1);
  assert.is(warnings.length, 2, 'a new episode is said again');
  t = 30;
  l._reportLater(counts);
  assert.is(l._unreportedSince(), 20);
  assert.equal(l._takeReport(), { ...none, storeFull: 4, queueFull: 1 });
  assert.is(l._stats(0, 'idle').droppedBy.storeFull, 4, 'counted once in the ledger');
});

test('unreported: the counts left where they are, for the page store (a report still takes them after)', () => {
  const { l } = ledger();
  l._drop('storeFull', 2);
  assert.equal(l._unreported(), { ...none, storeFull: 2 });
  assert.equal(l._unreported(), { ...none, storeFull: 2 }, 'not taken');
  assert.equal(l._takeReport(), { ...none, storeFull: 2 });
});

test('reportLater: whole positive counts only (they may come from storage)', () => {
  const { l } = ledger();
  l._reportLater({ queueFull: 3, rateLimited: '2', storeFull: -1, rejected: 1.7, network: { toString: false } });
  assert.equal(l._takeReport(), { ...none, queueFull: 3 });
  for (const nothing of [{ network: 0 }, null, 7, 'text', [1]]) l._reportLater(nothing);
  assert.is(l._takeReport(), null, 'nothing to report: no episode');
});

test('stats: logged (restored among them), sent, the queued count and status handed in, dropped as the sum of the reasons', () => {
  const { l } = ledger();
  l._log(5);
  l._log(2, true);
  l._deliver(3);
  l._drop('queueFull', 1);
  l._drop('beforeSend', 1);
  const s = l._stats(2, 'sending');
  assert.equal(s, {
    logged: 7,
    sent: 3,
    queued: 2,
    dropped: 2,
    droppedBy: { ...none, queueFull: 1, beforeSend: 1 },
    restored: 2,
    status: 'sending',
  });
  s.droppedBy.queueFull = 99;
  assert.is(l._stats(2, 'idle').droppedBy.queueFull, 1, 'droppedBy is a copy');
});

test('stats() of the logger: what the queue holds is queued; the key order diagnostics show; never started, it says stopped', () => {
  const h = harness();
  h.logger.updateConfig({ maxQueueSize: 1, maxEntriesPerMinute: 3 });
  for (let i = 0; i < 5; i++) h.logger.error(`e${i}`);
  const s = h.logger.stats();
  assert.equal(Object.keys(s), ['logged', 'sent', 'queued', 'dropped', 'droppedBy', 'restored', 'status', 'tabRole']);
  assert.is(s.tabRole, 'alone', 'no lock or channel in this harness');
  assert.equal([s.logged, s.sent, s.queued, s.dropped, s.status, s.restored], [5, 0, 1, 4, 'stopped', 0]);
  assert.equal(s.droppedBy, { ...none, queueFull: 2, rateLimited: 2, beforeSend: 0 });
});

test.run();

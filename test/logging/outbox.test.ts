// The outbox, through its own interface: the one helper that picks the batch to send (the oldest,
// or one made from the queue), batches a keepalive carries, settling, and what it tells others.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newBatch } from '../../src/logging/batch';
import { createLedger } from '../../src/logging/ledger';
import { productionDefaults } from '../../src/logging/levels';
import { createOutbox } from '../../src/logging/outbox';
import { createQueue } from '../../src/logging/queue';
import { isoTime } from '../../src/logging/serialize';
import { LogLevel } from '../../src/product/constants';

function parts(batchSize = 2) {
  const changes = { n: 0 };
  const ledger = createLedger({ _now: () => 0, _report: () => {} });
  const queue = createQueue(
    () => ({ ...productionDefaults, batchSize }),
    ledger,
    () => 0,
    (o) => {
      const json = JSON.stringify({ level: 5, message: o._message, additional: [], timestamp: o._timestamp });
      return { _json: json, _bytes: json.length, _at: o._at };
    },
  );
  const outbox = createOutbox(queue, ledger, () => changes.n++);
  const log = (...messages: string[]) => {
    for (const message of messages) {
      ledger._log(1);
      queue._push({ _level: LogLevel.ERROR, _message: message, _additional: [], _timestamp: isoTime(0), _at: 0, _context: '' });
    }
  };
  const messagesOf = (batch: { _body: string } | null) => (batch ? [JSON.parse(batch._body)].flat().map((e) => e.message) : null);
  return { ledger, queue, outbox, log, messagesOf, changes };
}

test('next: the oldest batch, else one made from the queue only when asked to make one', () => {
  const { outbox, log, messagesOf } = parts();
  assert.is(outbox._next(true), null, 'nothing queued: nothing made');
  log('a', 'b', 'c');
  assert.is(outbox._next(false), null, 'not asked to make one');
  const first = outbox._next(true);
  assert.equal(messagesOf(first), ['a', 'b']);
  assert.is(outbox._next(true), first, 'the oldest again, not a new one, until it is settled');
  assert.is(outbox._held(), 2);
  outbox._settle(first!, 'sent');
  assert.equal(messagesOf(outbox._next(true)), ['c']);
});

test('next: null while a keepalive carries the oldest, so that no batch goes twice at once; its answer frees it', () => {
  const { outbox, log } = parts();
  log('a', 'b', 'c', 'd');
  outbox._makeAll();
  const [oldest, second] = outbox._batches();
  outbox._carry(oldest!, true);
  assert.is(outbox._next(true), null, 'not the carried one, and not the next one out of order');
  assert.equal([outbox._carried(oldest!), outbox._carried(second!)], [true, false]);
  outbox._carry(oldest!, false);
  assert.is(outbox._next(true), oldest);
});

test('makeAll: everything queued into batches, oldest first', () => {
  const { outbox, queue, log, messagesOf } = parts();
  log('a', 'b', 'c', 'd', 'e');
  outbox._makeAll();
  assert.is(queue._held(), 0);
  assert.equal(outbox._batches().map(messagesOf), [['a', 'b'], ['c', 'd'], ['e']]);
  assert.is(outbox._held(), 5);
});

test('settle: delivered is sent, anything else dropped for its reason; the ledger balances; a batch not held changes nothing', () => {
  const { outbox, ledger, log } = parts();
  log('a', 'b', 'c', 'd');
  outbox._makeAll();
  const [sent, refused] = outbox._batches();
  const delivered: unknown[] = [];
  const stop = outbox._onSent((batch) => delivered.push(batch));
  outbox._settle(sent!, 'sent');
  outbox._settle(sent!, 'sent');
  outbox._settle(refused!, 'rejected');
  stop();
  assert.equal(delivered, [sent], 'told once');
  const s = ledger._stats(outbox._held(), 'idle');
  assert.equal([s.logged, s.sent, s.dropped, s.droppedBy.rejected, s.queued], [4, 2, 2, 2, 0]);
});

test("settle: a batch's drop report lost with its entries is reported again; one that was all its batch held is not", () => {
  const { outbox, ledger, log } = parts();
  ledger._drop('queueFull', 3);
  log('a');
  const withEntries = outbox._next(true)!;
  assert.ok(withEntries._reported);
  outbox._settle(withEntries, 'network');
  assert.equal(ledger._takeReport()?.queueFull, 3, 'back in the episode');
  ledger._drop('rateLimited', 2);
  const alone = outbox._next(true)!;
  outbox._settle(alone, 'rejected');
  assert.is(ledger._takeReport(), null, 'a report alone is not sent again and again');
});

test('a batch an earlier page stored joins the outbox; every change is told (page exit keeps its store in step)', () => {
  const { outbox, log, changes } = parts();
  const stored = newBatch('a1b2c3d4e5f6a7b8', '[]', 3, -Infinity, null);
  outbox._add(stored);
  assert.is(outbox._held(), 3);
  log('x');
  outbox._settle(stored, 'sent');
  outbox._next(true);
  assert.is(changes.n, 3, 'added, settled, made');
  assert.is(outbox._held(), 1);
});

test.run();

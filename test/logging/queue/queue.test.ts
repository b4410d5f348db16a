// The queue, through its own interface: admission (the rate limit, the bound), when a batch is
// due, what one batch holds, how queued entries are numbered.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dueIn } from '../../../src/logging/delivery/flushController';
import type { LogCall } from '../../../src/logging/entry/entry';
import { productionDefaults } from '../../../src/logging/entry/levels';
import { isoTime } from '../../../src/logging/entry/serialize';
import { MAX_BATCH_BYTES } from '../../../src/logging/queue/batch';
import { createLedger } from '../../../src/logging/queue/ledger';
import { createQueue, DROP_REPORT_MESSAGE } from '../../../src/logging/queue/queue';
import type { LoggerConfig } from '../../../src/logging/types';
import { LogLevel } from '../../../src/product/constants';

const json = (message: string, extra = {}) =>
  JSON.stringify({ level: 5, message, additional: [], timestamp: isoTime(0), ...extra });

function queue(settings: Partial<LoggerConfig> = {}) {
  let clock = 0;
  const config = { ...productionDefaults, ...settings };
  const ledger = createLedger({ now: () => clock, report: () => {} });
  /** What beforeSend would drop. */
  const refused = new Set<string>();
  /** Every entry made, as made (a grouped one with its counts, and its latest occurrence's `additional`). */
  const made: { message: unknown; additional: unknown[]; repeated?: number; firstTimestamp?: string }[] = [];
  const created = createQueue(
    () => config,
    ledger,
    () => clock,
    (o, repeat) => {
      const extra = repeat ? { repeated: repeat.count, firstTimestamp: isoTime(repeat.firstAt) } : {};
      made.push({ message: o.message, additional: o.additional, ...extra });
      if (refused.has(o.message as string) || (repeat && refused.has('grouped'))) return null;
      const text = json(o.message as string, extra);
      return { tag: 'entry' as const, json: text, bytes: text.length, at: o.at };
    },
    () => {},
  );
  // When a batch is due is the flush controller's rule over the queue's size: checked here with the queue.
  const q = Object.assign(created, { dueIn: (at: number) => dueIn(created._size(), config, ledger._unreportedSince(), at) });
  let n = 0;
  const call = (message: string, at = clock, additional: unknown[] = []): LogCall => ({
    level: LogLevel.ERROR,
    message: message,
    additional: additional,
    at: at,
    context: '',
  });
  return {
    q,
    ledger,
    config,
    refused,
    made,
    push: (message = `m${n++}`, at?: number, ...additional: unknown[]) => q._push(call(message, at, additional)),
    fill: (count: number, at?: number) => {
      for (let i = 0; i < count; i++) q._push(call(`m${n++}`, at));
    },
    setClock: (t: number) => {
      clock = t;
    },
    messagesOf: (body: string) => [JSON.parse(body)].flat().map((e: any) => e.message),
  };
}

test('a batch is due when it holds batchSize entries, not before', () => {
  const { q, fill } = queue();
  fill(19);
  assert.ok(q.dueIn(0) > 0, '19 of 20 is not due');
  fill(1);
  assert.is(q.dueIn(0), 0, '20 of 20 is due');
});

test('due once the oldest entry, or the oldest unreported loss, has waited flushIntervalMs', () => {
  const { q, push, ledger, setClock } = queue();
  assert.is(q.dueIn(0), Infinity, 'nothing to send');
  push('a', 1000);
  push('b', 4000);
  assert.is(q.dueIn(4000), 7000);
  assert.is(q.dueIn(10_999), 1);
  assert.is(q.dueIn(50_000), 0, 'overdue is due now');
  setClock(500);
  ledger._drop('rateLimited', 1);
  assert.is(q.dueIn(4000), 6500, 'a loss before the oldest entry sets the time');
  const alone = queue();
  alone.setClock(0);
  alone.ledger._drop('rateLimited', 1);
  assert.is(alone.q.dueIn(600), 9400, 'a loss alone is due too');
});

test('due early once the JSON reaches 16 KiB; the batch stops after the entry that reaches it', () => {
  const { q, push } = queue();
  const big = 'x'.repeat(5000);
  for (let i = 0; i < 3; i++) push(big + i);
  assert.ok(q.dueIn(0) > 0, '~15 KB is not yet due');
  push(`${big}3`);
  push(`${big}4`);
  assert.is(q.dueIn(0), 0);
  const batch = q._take(MAX_BATCH_BYTES)!;
  assert.is(batch.count, 4);
  assert.ok(batch.bytes >= MAX_BATCH_BYTES && batch.bytes < MAX_BATCH_BYTES + 5100);
  assert.is(q._held(), 1);
  assert.ok(q.dueIn(0) > 0, 'what is left is small again');
});

test('the bound: over maxQueueSize the oldest go, counted as dropped; a bound of 0 keeps nothing', () => {
  const { q, fill, ledger, config, messagesOf } = queue({ maxQueueSize: 5 });
  fill(8);
  assert.is(q._held(), 5);
  assert.is(q._head(), 3, 'the oldest queued is the fourth entry ever queued');
  assert.is(ledger._stats(0, 'idle').droppedBy.queueFull, 3);
  assert.equal(messagesOf(q._take(MAX_BATCH_BYTES)!.body), [DROP_REPORT_MESSAGE, 'm3', 'm4', 'm5', 'm6', 'm7']);
  config.maxQueueSize = 0;
  fill(1);
  assert.equal([q._held(), q._head()], [0, 9]);
});

test('the rate limit: at most maxEntriesPerMinute in any rolling minute; an entry frees its place 60 to 61 s later', () => {
  const { q, push, ledger } = queue({ maxEntriesPerMinute: 3 });
  for (const t of [0, 100, 200, 300]) push(`at ${t}`, t);
  assert.is(q._held(), 3);
  assert.is(ledger._stats(0, 'idle').droppedBy.rateLimited, 1);
  push('59 999', 59_999);
  push('60 999', 60_999);
  assert.is(q._held(), 3, 'the first has not yet left the window');
  push('61 000', 61_000);
  assert.is(q._held(), 4, 'now it has');
  const steady = queue({ maxEntriesPerMinute: 100, maxQueueSize: 100_000 });
  for (let t = 0; t < 10 * 60_000; t += 7) steady.push(`at ${t}`, t);
  const admitted = steady.q._held();
  assert.ok(admitted > (600 / 61) * 100 && admitted <= 1100, `${admitted} in 10 minutes: 100 a minute (to 61 s)`);
});

test('an entry beforeSend drops is counted as dropped, not queued', () => {
  const { q, push, refused, ledger } = queue();
  refused.add('noise');
  push('noise');
  push('kept');
  assert.equal([q._held(), ledger._stats(0, 'idle').droppedBy.beforeSend], [1, 1]);
});

test('take: exactly batchSize entries, the drop report first taking one place, a key and the number of its first entry', () => {
  const { q, fill, config, ledger, setClock, messagesOf } = queue({ batchSize: 2 });
  fill(5);
  const plain = q._take(MAX_BATCH_BYTES)!;
  assert.equal(messagesOf(plain.body), ['m0', 'm1']);
  assert.match(plain.key, /^[0-9a-f]{32}$/);
  assert.equal([plain.count, plain.source, plain.reported], [2, { tag: 'queue', first: 0 }, null]);
  assert.is(plain.bytes, Buffer.byteLength(plain.body));
  setClock(7);
  ledger._drop('queueFull', 2);
  const reported = q._take(MAX_BATCH_BYTES)!;
  assert.equal(messagesOf(reported.body), [DROP_REPORT_MESSAGE, 'm2']);
  const counts = { queueFull: 2, rateLimited: 0, storeFull: 0, rejected: 0, tooLarge: 0, network: 0 };
  assert.equal(JSON.parse(reported.body)[0], {
    level: 5,
    message: DROP_REPORT_MESSAGE,
    additional: [counts],
    timestamp: isoTime(7),
  });
  assert.equal([reported.count, reported.source, reported.reported], [1, { tag: 'queue', first: 2 }, counts]);
  assert.is(ledger._unreported(), null, 'the report took the counts');
  config.batchSize = 20;
  assert.equal(messagesOf(q._take(MAX_BATCH_BYTES)!.body), ['m3', 'm4']);
  assert.is(q._take(MAX_BATCH_BYTES), null, 'nothing: no batch');
  ledger._drop('queueFull', 2);
  const alone = q._take(MAX_BATCH_BYTES)!;
  assert.equal([messagesOf(alone.body), alone.count], [[DROP_REPORT_MESSAGE], 0]);
});

test('body: a JSON array, or the single entry itself when batches hold one', () => {
  const one = queue({ batchSize: 1 });
  one.push('m0');
  assert.is(one.q._take(MAX_BATCH_BYTES)!.body, json('m0'));
  one.ledger._drop('queueFull', 1);
  one.push('m1');
  assert.equal(
    one.messagesOf(one.q._take(MAX_BATCH_BYTES)!.body),
    [DROP_REPORT_MESSAGE],
    'the report alone when batches hold one',
  );
  const many = queue();
  many.push('m0');
  assert.is(many.q._take(MAX_BATCH_BYTES)!.body, `[${json('m0')}]`);
});

// ---------------------------------------------------------------------------------------------
// Repeats

const entriesOf = (body: string) => [JSON.parse(body)].flat();

test('repeats: the first groupRepeatsAfter of a kind go as they are; later ones count into one entry, made with the batch from the latest occurrence', () => {
  const { q, push, setClock, ledger, made } = queue();
  for (let i = 0; i < 12; i++) {
    setClock(1000 * i);
    push('loop', 1000 * i, { attempt: i });
  }
  assert.is(q._held(), 12, 'every occurrence is queued');
  assert.is(made.length, 5, 'only those that go as they are are made at once');
  const batch = q._take(MAX_BATCH_BYTES)!;
  const entries = entriesOf(batch.body);
  assert.equal(
    entries.map((e) => [e.message, e.repeated, e.firstTimestamp]),
    [...Array(5).fill(['loop', undefined, undefined]), ['loop', 7, isoTime(5000)]],
    'six entries: five as they are (no repeated field), then one standing for seven',
  );
  assert.equal(made.at(-1)!.additional, [{ attempt: 11 }], 'the latest occurrence');
  assert.is(batch.count, 12, 'the batch stands for every occurrence');
  assert.equal([q._held(), ledger._stats(q._held(), 'idle').dropped], [0, 0]);
});

test('a grouped entry that stands for itself alone is an ordinary entry', () => {
  const { q, push } = queue({ groupRepeatsAfter: 1 });
  push('twice');
  push('twice');
  assert.equal(
    entriesOf(q._take(MAX_BATCH_BYTES)!.body).map((e) => e.repeated),
    [undefined, undefined],
  );
});

test('each batch made ends the count: later repeats start another grouped entry, which is due like an entry queued then', () => {
  const { q, push, config } = queue({ groupRepeatsAfter: 1 });
  for (let i = 0; i < 4; i++) push('r', 0);
  const first = q._take(MAX_BATCH_BYTES)!;
  for (let i = 0; i < 3; i++) push('r', 5000);
  assert.is(q.dueIn(5000), config.flushIntervalMs, 'due flushIntervalMs after it was opened');
  const second = q._take(MAX_BATCH_BYTES)!;
  assert.equal(
    entriesOf(first.body).map((e) => e.repeated ?? 1),
    [1, 3],
  );
  assert.equal(
    entriesOf(second.body).map((e) => e.repeated),
    [3],
  );
  assert.equal(
    [first.source, second.source],
    [
      { tag: 'queue', first: 0 },
      { tag: 'queue', first: 4 },
    ],
    'numbered in occurrences',
  );
});

test('a grouped entry passes the rate limit and the bound as one entry', () => {
  const { q, push, ledger } = queue({ maxEntriesPerMinute: 6, maxQueueSize: 6 });
  for (let i = 0; i < 100; i++) push('storm', i);
  const s = ledger._stats(q._held(), 'idle');
  assert.equal([s.queued, s.droppedBy.rateLimited, s.droppedBy.queueFull], [100, 0, 0]);
  assert.equal(
    entriesOf(q._take(MAX_BATCH_BYTES)!.body).map((e) => e.repeated ?? 1),
    [1, 1, 1, 1, 1, 95],
  );
});

test('a grouped entry needs a place in the rate limit like any entry: with the minute spent, repeats are refused and counted', () => {
  const { q, push, ledger } = queue({ maxEntriesPerMinute: 5 });
  for (let i = 0; i < 100; i++) push('storm', i);
  const s = ledger._stats(q._held(), 'idle');
  assert.equal([s.queued, s.droppedBy.rateLimited], [5, 95]);
});

test('the bound pushes a grouped entry out whole, counted as the occurrences it stands for', () => {
  const { q, push, ledger } = queue({ groupRepeatsAfter: 1, maxQueueSize: 2 });
  push('a');
  for (let i = 0; i < 3; i++) push('a');
  push('b');
  push('c');
  assert.is(ledger._stats(q._held(), 'idle').droppedBy.queueFull, 4);
  assert.equal([q._held(), q._head()], [2, 4]);
  push('a');
  push('a');
  assert.equal(
    entriesOf(q._take(MAX_BATCH_BYTES)!.body).map((e) => [e.message, e.repeated]),
    [
      [DROP_REPORT_MESSAGE, undefined],
      ['c', undefined],
      ['a', 2],
    ],
    'a group pushed out counts no more: the next repeats start another',
  );
});

test('beforeSend sees a grouped entry once, when it is made; dropping it drops every occurrence it stands for', () => {
  const { q, push, refused, ledger, made } = queue({ groupRepeatsAfter: 2 });
  refused.add('grouped');
  for (let i = 0; i < 10; i++) push('noise');
  assert.is(made.length, 2);
  assert.is(entriesOf(q._take(MAX_BATCH_BYTES)!.body).length, 2);
  assert.is(made.length, 3, 'made once for eight occurrences');
  assert.is(ledger._stats(q._held(), 'idle').droppedBy.beforeSend, 8);
});

test('a new round (flush): grouped entries stop counting, so the occurrences queued before it keep their numbers', () => {
  const { q, push } = queue({ groupRepeatsAfter: 1 });
  push('r');
  push('r');
  push('r');
  const cut = q._cut();
  assert.is(cut, 3);
  push('r');
  push('r');
  const batch = q._take(MAX_BATCH_BYTES)!;
  assert.equal(
    entriesOf(batch.body).map((e) => e.repeated ?? 1),
    [1, 2, 2],
  );
});

test('groupRepeatsAfter 0: nothing is grouped', () => {
  const { q, push } = queue({ groupRepeatsAfter: 0 });
  for (let i = 0; i < 30; i++) push('same');
  assert.is(entriesOf(q._take(MAX_BATCH_BYTES)!.body).length, 20);
});

test.run();

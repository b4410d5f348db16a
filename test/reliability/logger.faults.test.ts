// The logger against a server that fails, on a fake clock, through its public API only: outages of
// 5xx, 408, 429 with Retry-After, refused connections and sends that never answer, then recovery;
// offline spells; queue overflow and log floods; pages closed mid-outage and the next page's start.
// What counts is what the server accepted (a 2xx answer, each batch once by its idempotency key):
// every entry the contract keeps arrives once, in order, and every entry it may drop is counted in a
// drop report. (Pages that go away, reloads and tabs sharing storage: logger.delivery.property.test.ts.)

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Answer, entriesOf, harness, isOk as ok, statusOf } from '../fakes/logger';
import { fault, guarded, holds, printAtExit, tally } from './figures';

printAtExit('unit');

const isDropReport = (e: any) => e?.level === 5 && e?.message === 'emweb.logger dropped entries';
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, x) => n + x, 0);
const dropped = (entries: any[]) => entries.filter(isDropReport).reduce((n, e) => n + sum(e.additional[0]), 0);

function countFault(a: Answer): void {
  if (a === 'network') fault('log send: connection refused');
  else if (a === 'hang') fault('log send: no answer (timed out)');
  else if (!ok(a))
    fault(`log send: ${statusOf(a)}${typeof a === 'object' && a.headers?.['Retry-After'] ? ' with Retry-After' : ''}`);
}

/** Entries delivered (answered 2xx), messages in order, with duplicates and losses against `logged`. */
function account(logged: string[], deliveredEntries: any[]) {
  const delivered = deliveredEntries.filter((e) => !isDropReport(e)).map((e) => e.message as string);
  const seen = new Set<string>();
  let duplicated = 0;
  for (const m of delivered) seen.has(m) ? duplicated++ : seen.add(m);
  const reportedDropped = dropped(deliveredEntries);
  const lost = logged.filter((m) => !seen.has(m)).length - reportedDropped;
  tally({ logged: logged.length, delivered: seen.size, duplicated, lost: Math.max(0, lost), reportedDropped });
  return { delivered, duplicated, reportedDropped, lost };
}

/** A failed answer, as servers and networks give them. Network failures and hangs are budgeted separately. */
const failure: fc.Arbitrary<Answer> = fc.oneof(
  fc.constantFrom<Answer>(500, 502, 503, 504, 408, 429),
  fc.integer({ min: 1, max: 120 }).map<Answer>((s) => ({ status: 429, headers: { 'Retry-After': String(s) } })),
  fc.integer({ min: 1, max: 120 }).map<Answer>((s) => ({ status: 503, headers: { 'Retry-After': String(s) } })),
);
const transportFailure = fc.constantFrom<Answer>('network', 'hang');
const refused = fc.constant<Answer>('network');

/** An outage: failures in any order, with at most 3 refused or unanswered sends (the contract retries those a bounded number of times). */
const outageOf = (transport: fc.Arbitrary<Answer>) =>
  fc
    .tuple(fc.array(failure, { maxLength: 12 }), fc.array(transport, { maxLength: 3 }), fc.array(fc.nat(), { maxLength: 3 }))
    .map(([fails, t, at]) => {
      const all = [...fails];
      for (const [i, x] of t.entries()) all.splice((at[i] ?? 0) % (all.length + 1), 0, x);
      return all;
    });

const logPlan = fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('error', 'fatal' as const)), {
  minLength: 1,
  maxLength: 120,
});
const config = fc.record({ batchSize: fc.integer({ min: 1, max: 25 }), flushIntervalMs: fc.integer({ min: 0, max: 15_000 }) });

/** How long a send may take in these tests (`sendTimeoutMs`), in the logger's time and in real time alike. */
const TEST_SEND_TIMEOUT_MS = 5;
const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function outageThenRecovery(
  faults: Answer[],
  plan: [number, 'error' | 'fatal'][],
  cfg: { batchSize: number; flushIntervalMs: number },
) {
  const times: number[] = [];
  // Sends that hang until the logger's timeout aborts them: real time passes for those.
  const hung = new Set<AbortSignal | undefined>();
  const problems: string[] = [];
  const h = harness({
    env: { sendTimeoutMs: TEST_SEND_TIMEOUT_MS },
    // Noted, not thrown: the logger guards its fetch, so a throw here would never reach the test.
    answer: (call, n) => {
      if (hung.size) problems.push(`send ${n} went out while an earlier one still hung: one send at a time`);
      times.push(h.clock.now);
      const a = faults[n - 1] ?? 200;
      countFault(a);
      if (a === 'hang') {
        const signal = call.init.signal ?? undefined;
        if (!signal) problems.push(`send ${n} has no timeout signal`);
        hung.add(signal);
        signal?.addEventListener('abort', () => hung.delete(signal));
      }
      return a;
    },
  });
  // The timeout may run on the logger's clock (the fake one) or on the browser's (AbortSignal.timeout,
  // real time): let both move until the hung send is given up on.
  const waitOutHangs = async () => {
    for (let i = 0; hung.size && i < 100; i++) {
      await h.clock.tickAsync(TEST_SEND_TIMEOUT_MS);
      if (hung.size) await realSleep(TEST_SEND_TIMEOUT_MS);
    }
    assert.is(
      hung.size,
      0,
      `a send that never answers was not timed out after ${100 * TEST_SEND_TIMEOUT_MS} ms, real and logger time`,
    );
  };
  h.begin(cfg);
  const logged: string[] = [];
  for (const [gap, level] of plan) {
    await h.clock.tickAsync(gap);
    await waitOutHangs();
    const m = `entry ${logged.length}`;
    logged.push(m);
    h.logger[level](m, { n: logged.length });
  }
  for (let i = 0; i < 40 && (i === 0 || hung.size || h.clock.countTimers()); i++) {
    await waitOutHangs();
    await h.clock.tickAsync(3_600_000);
  }
  const got = account(
    logged,
    h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body)),
  );
  assert.equal(problems, []);
  assert.equal(got.delivered, logged, 'every entry once, in order');
  assert.is(got.reportedDropped, 0, 'nothing dropped within the queue bound');
  for (const c of h.calls)
    assert.ok(entriesOf(c.body).length > 0 && entriesOf(c.body).length <= cfg.batchSize, 'never empty, never over batchSize');
  h.calls.forEach((c, i) => {
    const next = times[i + 1];
    if (next === undefined) return;
    const a = c.answer!;
    const ra = typeof a === 'object' ? a.headers?.['Retry-After'] : undefined;
    if (ra) assert.ok(next - times[i]! >= Number(ra) * 1000, `Retry-After ${ra} s honoured (next after ${next - times[i]!} ms)`);
    if (!ok(a) && a !== 'hang') assert.ok(next - times[i]! <= 300_000, 'backoff capped');
  });
  assert.ok(
    h.consoleCalls.every((c) => !c.args.some((x) => x instanceof Error)),
    'no exception inside the logger',
  );
  const stats = h.logger.stats();
  assert.equal(
    [stats.logged, stats.sent, stats.queued, stats.dropped],
    [logged.length, logged.length, 0, 0],
    'the ledger says the same',
  );
}

test('outage then recovery (5xx, 408, 429 ± Retry-After, refused connections): every entry delivered once, in order; Retry-After honoured; backoff capped', () =>
  holds('log outages', fc.asyncProperty(outageOf(refused), logPlan, config, outageThenRecovery), 300));

test('outage then recovery with sends that never answer as well: each send times out, one at a time, and every entry arrives once, in order', () =>
  holds('log outages with hangs', fc.asyncProperty(outageOf(transportFailure), logPlan, config, outageThenRecovery), 100));

test('a server that never answers, then recovers: the send times out and the entry is delivered on the retry', () =>
  guarded('send timeout', () => outageThenRecovery(['hang'], [[0, 'error']], { batchSize: 1, flushIntervalMs: 0 })));

test('a host page whose fetch wrapper drops the abort signal, and a server that never answers: the send still times out, later entries still go', () =>
  guarded('send timeout without the signal', async () => {
    let n = 0;
    const h = harness({
      env: {
        sendTimeoutMs: TEST_SEND_TIMEOUT_MS,
        // The wrapper forwards url and body but not the signal: a hang is forever, as far as fetch knows.
        fetch: (url: string, init: RequestInit) => {
          h.calls.push({
            url,
            init,
            text: String(init.body),
            body: JSON.parse(String(init.body)),
            key: undefined,
            answer: ++n === 1 ? 'hang' : 200,
          });
          if (n === 1) {
            fault('log send: no answer, signal ignored');
            return new Promise<never>(() => {});
          }
          return Promise.resolve({ status: 200, headers: { get: () => null } } as unknown as Response);
        },
      },
    });
    h.begin({ batchSize: 1 });
    h.logger.error('first');
    await h.settle();
    await realSleep(50);
    h.logger.error('second');
    for (let i = 0; i < 5; i++) {
      await h.clock.tickAsync(120_000);
      await realSleep(TEST_SEND_TIMEOUT_MS * 2);
    }
    const got = account(
      ['first', 'second'],
      h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body)),
    );
    assert.equal(got.delivered, ['first', 'second'], 'the hung send was given up on and retried; the queue moved on');
  }));

test('429 and 503 with Retry-After (seconds or HTTP date): the retry goes exactly then (clamped to 5 min), not before', () =>
  holds(
    'Retry-After',
    fc.asyncProperty(
      fc.integer({ min: 0, max: 900 }),
      fc.boolean(),
      fc.constantFrom(429, 503),
      async (seconds, asDate, status) => {
        const start = 1_700_000_000_000;
        const h = harness({
          answer: (_c, n) => {
            if (n > 1) return 200;
            const value = asDate ? new Date(start + seconds * 1000).toUTCString() : String(seconds);
            fault(`log send: ${status} with Retry-After`);
            return { status, headers: { 'Retry-After': value } };
          },
        });
        h.clock.setSystemTime(start);
        h.begin({ batchSize: 1 });
        h.logger.error('throttled');
        await h.settle();
        const wait = Math.min(seconds, 300) * 1000;
        if (wait > 0) {
          await h.clock.tickAsync(wait - 1);
          assert.is(h.calls.length, 1, 'not before Retry-After');
        }
        await h.clock.tickAsync(1);
        assert.is(h.calls.length, 2, 'retried when Retry-After says');
        account(
          ['throttled'],
          h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body)),
        );
      },
    ),
    200,
  ));

test('offline and online spells: nothing is tried while offline; once online, every entry once, in order', () =>
  holds(
    'offline spells',
    fc.asyncProperty(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.boolean(), fc.integer({ min: 0, max: 30_000 })), {
        minLength: 1,
        maxLength: 12,
      }),
      config,
      async (steps, cfg) => {
        let sentOffline = 0;
        const h = harness({
          answer: () => {
            if (h.navigator.onLine) return 200;
            sentOffline++;
            return 'network';
          },
        });
        h.begin(cfg);
        const logged: string[] = [];
        for (const [count, offline, wait] of steps) {
          if (offline !== !h.navigator.onLine) {
            h.navigator.onLine = !offline;
            if (offline) fault('offline spell');
            h.target.dispatchEvent(new Event(offline ? 'offline' : 'online'));
          }
          for (let i = 0; i < count; i++) h.logger.error(`entry ${logged.push(`entry ${logged.length}`) - 1}`);
          await h.clock.tickAsync(wait);
        }
        h.navigator.onLine = true;
        h.target.dispatchEvent(new Event('online'));
        await h.clock.tickAsync(3_600_000);
        assert.is(sentOffline, 0, 'no send while the browser says offline');
        const got = account(
          logged,
          h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body)),
        );
        assert.equal(got.delivered, logged);
      },
    ),
    120,
  ));

test('an outage longer than the queue bound: the oldest go first, one warning, and delivered + counted = logged', () =>
  holds(
    'queue overflow',
    fc.asyncProperty(
      fc.integer({ min: 2, max: 60 }),
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 1, max: 20 }),
      async (maxQueueSize, extra, batchSize) => {
        let outage = true;
        const h = harness({
          answer: () => {
            if (!outage) return 200;
            fault('log send: 503');
            return 503;
          },
        });
        h.begin({ maxQueueSize, batchSize, flushIntervalMs: 1000, maxEntriesPerMinute: 100_000 });
        const logged: string[] = [];
        for (let i = 0; i < maxQueueSize + extra; i++) {
          logged.push(`entry ${i}`);
          h.logger.error(`entry ${i}`);
          if (i % 10 === 9) await h.clock.tickAsync(100);
        }
        await h.clock.tickAsync(120_000);
        outage = false;
        await h.clock.tickAsync(3_600_000);
        const got = account(
          logged,
          h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body)),
        );
        assert.is(got.duplicated, 0);
        assert.is(got.delivered.length + got.reportedDropped, logged.length, 'delivered + counted = logged');
        const order = got.delivered.map((m) => Number(m.split(' ')[1]));
        assert.equal(
          order,
          [...order].sort((a, b) => a - b),
          'in order',
        );
        assert.equal(
          got.delivered.slice(-Math.min(maxQueueSize, got.delivered.length)),
          logged.slice(-Math.min(maxQueueSize, got.delivered.length)),
          'the newest are kept',
        );
        // One warning per episode: an episode ends when its count is taken into a batch.
        const warnings = h.reports().filter((r) => r.includes('dropped entries: queueFull')).length;
        const reports = h.calls
          .filter((c) => ok(c.answer))
          .flatMap((c) => entriesOf(c.body))
          .filter(isDropReport).length;
        assert.ok(
          got.reportedDropped ? warnings >= 1 && warnings <= reports : warnings === 0,
          `warnings ${warnings}, drop reports ${reports}`,
        );
      },
    ),
    100,
  ));

test('a log flood: at most maxEntriesPerMinute entries in any rolling minute reach the queue; the rest are counted and reported', () =>
  holds(
    'log floods',
    fc.asyncProperty(
      fc.array(fc.tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 0, max: 90_000 })), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 1, max: 300 }),
      async (bursts, perMinute) => {
        const h = harness();
        h.begin({ maxEntriesPerMinute: perMinute });
        const logged: string[] = [];
        for (const [count, wait] of bursts) {
          fault('log flood burst');
          for (let i = 0; i < count; i++) h.logger.error(`entry ${logged.push(`entry ${logged.length}`) - 1}`);
          await h.clock.tickAsync(wait);
        }
        await h.clock.tickAsync(600_000);
        const all = h.calls.filter((c) => ok(c.answer)).flatMap((c) => entriesOf(c.body));
        const got = account(logged, all);
        assert.is(got.duplicated, 0);
        assert.is(got.delivered.length + got.reportedDropped, logged.length, 'delivered + counted = logged');
        const stamps = all.filter((e) => !isDropReport(e)).map((e) => Date.parse(e.timestamp));
        for (let i = 0, j = 0; i < stamps.length; i++) {
          while (stamps[j]! <= stamps[i]! - 60_000) j++;
          assert.ok(i - j + 1 <= perMinute, `at most ${perMinute} in a rolling minute`);
        }
      },
    ),
    100,
  ));

test.run();

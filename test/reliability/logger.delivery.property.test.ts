// Delivery you can prove, over random schedules on one fake clock: tabs that log, turn hidden and
// visible, close and reload, open side by side on one localStorage (two of them at the same
// moment), an offline browser, and a server that answers 2xx, 5xx, 408, 429 with Retry-After,
// refuses connections, never answers, or stores a batch and loses its answer. The server keeps the
// idempotency keys it has accepted and answers a repeat 2xx without storing it again, and it may
// take a bounded number of entries a request: a larger body is answered 413, every time.
//
// Checked: every page's stats() balances after every step; once the schedule is over (the network
// back, every tab closed, one last page started) the server holds every logged entry exactly
// once, except entries the pages counted as dropped.

import FakeTimers from '@sinonjs/fake-timers';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FetchLike } from '../../src/browser/http';
import type { SafeStorage } from '../../src/browser/storage';
import { createLogger } from '../../src/logging';
import type { Logger } from '../../src/logging/types';
import { memoryStorage } from '../fakes';
import { fault, holds, printAtExit, tallyDelivery } from './figures';

printAtExit('unit');

/** What the server does with one request. */
/** What the server does with one request (413 only for a body over its bound: see bodyLimit). */
type Reply = 200 | 500 | 503 | 408 | 413 | { status: 429 | 503; retryAfter: number } | 'network' | 'hang' | 'lost';

const reply: fc.Arbitrary<Reply> = fc.oneof(
  { arbitrary: fc.constant<Reply>(200), weight: 6 },
  { arbitrary: fc.constantFrom<Reply>(500, 503, 408, 'network', 'hang', 'lost'), weight: 4 },
  {
    arbitrary: fc.record({ status: fc.constantFrom<429 | 503>(429, 503), retryAfter: fc.integer({ min: 0, max: 90 }) }),
    weight: 1,
  },
);

type Step =
  | { do: 'log'; tab: number; n: number; big: boolean }
  /** One error `n` times over: past `groupRepeatsAfter` (5) a minute, counted into grouped entries. */
  | { do: 'repeat'; tab: number; n: number }
  | { do: 'wait'; ms: number }
  | { do: 'hide' | 'show' | 'close' | 'reload' | 'flush'; tab: number }
  | { do: 'open' | 'open two at once' }
  | { do: 'offline' | 'online' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      do: fc.constant('log' as const),
      tab: fc.nat(3),
      n: fc.integer({ min: 1, max: 30 }),
      big: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ do: fc.constant('repeat' as const), tab: fc.nat(3), n: fc.integer({ min: 1, max: 60 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ do: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 40_000 }) }), weight: 5 },
  {
    arbitrary: fc.record({
      do: fc.constantFrom('hide' as const, 'show' as const, 'close' as const, 'reload' as const, 'flush' as const),
      tab: fc.nat(3),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ do: fc.constantFrom('open' as const, 'open two at once' as const) }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constantFrom('offline' as const, 'online' as const) }), weight: 1 },
);

interface Page {
  logger: Logger;
  target: EventTarget;
  doc: EventTarget & { visibilityState: string };
  gone: boolean;
}

/** A storage that, for keys and reads, still shows what another tab saw a moment ago (two tabs starting at once). */
function lagging(local: SafeStorage, snapshot: Map<string, string>): SafeStorage {
  return { ...local, keys: () => [...snapshot.keys()], get: (key) => snapshot.get(key) ?? local.get(key) };
}

/** Entries the server takes in one request: past it, 413 (0: not even one; Infinity: no bound). */
const bodyLimit = fc.constantFrom(Infinity, Infinity, Infinity, 0, 1, 2, 3, 5);

function world(replies: Reply[], limit: number) {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const local = memoryStorage();
  const browser = { onLine: true };
  /** Keys of batches the server stored; every entry it stored, each batch once. */
  const accepted = new Set<string>();
  const stored: string[] = [];
  /** Occurrences of each repeated error the server stored (a grouped entry counts as its `repeated`). */
  const storedRepeats = new Map<string, number>();
  const counts = { duplicatesBefore: 0 };
  let requests = 0;
  let up = false;

  /** The server's part: decides on a request as it arrives; returns the reply. */
  function serve(key: string | null, body: string): Reply {
    const entries: { message: string; repeated?: number }[] = [JSON.parse(body)].flat();
    const messages = entries.map((e) => e.message);
    if (key && accepted.has(key)) {
      counts.duplicatesBefore += messages.filter((m) => m.startsWith('#')).length;
      return 200;
    }
    if (entries.length > limit) {
      fault('log send: 413 (body over the bound)');
      return 413;
    }
    const r = up ? 200 : (replies[requests++] ?? 200);
    if (r !== 200) fault(`log send: ${typeof r === 'object' ? `${r.status} with Retry-After` : r}`);
    if (r === 200 || r === 'lost') {
      if (key) accepted.add(key);
      stored.push(...messages);
      for (const { message, repeated = 1 } of entries)
        if (message.startsWith('~')) storedRepeats.set(message, (storedRepeats.get(message) ?? 0) + repeated);
    }
    return r;
  }

  function page(session: SafeStorage, storage: SafeStorage = local): Page {
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const p: Page = { logger: null as unknown as Logger, target, doc, gone: false };
    const fetch: FetchLike = (_url, init) => {
      if (!browser.onLine) return Promise.reject(new TypeError('offline'));
      const r = serve((init.headers as Record<string, string>)['Idempotency-Key'] ?? null, String(init.body));
      if (r === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      // A page that is gone sees no answer; nor does one whose answer never comes.
      if (r === 'hang' || r === 'lost' || p.gone)
        return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      const status = typeof r === 'object' ? r.status : r;
      const retryAfter = typeof r === 'object' ? String(r.retryAfter) : null;
      return Promise.resolve({
        status,
        headers: { get: (n: string) => (n === 'Retry-After' ? retryAfter : null) },
      } as unknown as Response);
    };
    const control = createLogger({
      production: true,
      fetch,
      console: {},
      sessionStorage: session,
      local: storage,
      target,
      doc,
      navigator: {
        get onLine() {
          return browser.onLine;
        },
        sendBeacon: (url: string, data?: BodyInit | null) => {
          // The browser sends it after the page is gone; the server answers as it answers.
          if (browser.onLine)
            void (data as Blob).text().then((body) => serve(new URL(url).searchParams.get('idempotencyKey'), body));
          return true;
        },
      },
      now: () => clock.now,
      random: () => 0.5,
      // Once the page is gone, nothing of it runs any more.
      setTimeout: (fn, ms) => clock.setTimeout(() => p.gone || fn(), ms),
      clearTimeout: (handle) => clock.clearTimeout(handle as FakeTimers.TimerId),
    });
    p.logger = control._logger;
    control._start({
      production: true,
      options: { flushIntervalMs: 2000, batchSize: 5, maxEntriesPerMinute: 100_000 },
      captureErrors: false,
    });
    control._setEndpoint({ url: 'https://app.example/api/web/clientlogger/', headers: () => ({}) });
    return p;
  }

  /** From now on every request is answered 2xx. */
  const serverUp = () => {
    up = true;
  };
  return { clock, local, browser, accepted, stored, storedRepeats, counts, page, serverUp };
}

async function run(steps: Step[], replies: Reply[], limit = Infinity) {
  const w = world(replies, limit);
  const tabs: { session: SafeStorage; page: Page }[] = [];
  const all: Page[] = [];
  const open = (session = memoryStorage(), storage?: SafeStorage) => {
    const page = w.page(session, storage);
    all.push(page);
    return { session, page };
  };
  const close = (p: Page) => {
    p.target.dispatchEvent(new Event('pagehide'));
    p.gone = true;
  };
  const logged: string[] = [];
  /** Occurrences logged of each repeated error. */
  const repeats = new Map<string, number>();
  const checkLedgers = (when: string) => {
    for (const p of all) {
      const s = p.logger.stats();
      assert.is(s.logged, s.sent + s.queued + s.dropped, `${when}: ${JSON.stringify(s)}`);
    }
  };
  tabs.push(open());
  for (const [i, s] of steps.entries()) {
    const tab = 'tab' in s ? tabs[s.tab % tabs.length] : undefined;
    if (s.do === 'log' && tab && !tab.page.gone) {
      for (let k = 0; k < s.n; k++) {
        const m = `#${logged.length}`;
        logged.push(m);
        tab.page.logger.error(m, s.big ? 'x'.repeat(3000) : { k });
      }
    } else if (s.do === 'repeat' && tab && !tab.page.gone) {
      const message = `~${i}`;
      const error = new TypeError('grid refresh failed');
      repeats.set(message, s.n);
      for (let k = 0; k < s.n; k++) tab.page.logger.error(message, error, { k });
    } else if (s.do === 'wait') await w.clock.tickAsync(s.ms);
    else if (s.do === 'hide' && tab && !tab.page.gone) {
      tab.page.doc.visibilityState = 'hidden';
      tab.page.doc.dispatchEvent(new Event('visibilitychange'));
    } else if (s.do === 'show' && tab && !tab.page.gone) {
      tab.page.doc.visibilityState = 'visible';
      tab.page.doc.dispatchEvent(new Event('visibilitychange'));
    } else if (s.do === 'close' && tab && !tab.page.gone) {
      close(tab.page);
      fault('page closed');
    } else if (s.do === 'reload' && tab) {
      if (!tab.page.gone) close(tab.page);
      tab.page = open(tab.session).page;
      fault('page reloaded');
    } else if (s.do === 'flush' && tab && !tab.page.gone) {
      const before = tab.page.logger.stats().queued;
      const result = await Promise.race([tab.page.logger.flush(), w.clock.tickAsync(60_000).then(() => null)]);
      if (result)
        assert.is(
          result.sent + result.kept + result.dropped,
          before,
          `flush() accounts for what was queued: ${JSON.stringify(result)}`,
        );
    } else if (s.do === 'open') tabs.push(open());
    else if (s.do === 'open two at once') {
      // The second reads the store as it was before the first took it: both replay what it holds.
      const snapshot = new Map(w.local.keys().map((k) => [k, w.local.get(k) ?? '']));
      tabs.push(open());
      tabs.push(open(memoryStorage(), lagging(w.local, snapshot)));
      fault('two tabs started at once');
    } else if (s.do === 'offline' && w.browser.onLine) {
      w.browser.onLine = false;
      fault('offline spell');
    } else if (s.do === 'online' && !w.browser.onLine) {
      w.browser.onLine = true;
      for (const p of all) if (!p.gone) p.target.dispatchEvent(new Event('online'));
    }
    checkLedgers(`after step ${i} (${s.do})`);
  }
  // The end: the network and the server back, every tab closed, a last page that takes what they stored.
  w.serverUp();
  w.browser.onLine = true;
  for (const p of all) if (!p.gone) p.target.dispatchEvent(new Event('online'));
  await w.clock.tickAsync(600_000);
  for (const p of all) if (!p.gone) close(p);
  await w.clock.tickAsync(1000);
  const last = open().page;
  await w.clock.tickAsync(3_600_000);
  checkLedgers('at the end');
  return { w, all, last, logged, repeats };
}

test('delivery you can prove: every logged entry reaches the server exactly once, after it drops repeated keys, or is counted as dropped', () =>
  holds(
    'delivery schedules',
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 40 }),
      fc.array(reply, { maxLength: 60 }),
      bodyLimit,
      async (steps, replies, limit) => {
        const { w, all, last, logged, repeats } = await run(steps, replies, limit);
        const times = new Map<string, number>();
        for (const m of w.stored) if (m.startsWith('#')) times.set(m, (times.get(m) ?? 0) + 1);
        const twice = [...times.entries()].filter(([, n]) => n > 1);
        assert.equal(twice, [], 'no entry stored twice');
        let missingRepeats = 0;
        for (const [message, n] of repeats) {
          const got = w.storedRepeats.get(message) ?? 0;
          assert.ok(got <= n, `${message}: ${got} occurrences stored of ${n} logged`);
          missingRepeats += n - got;
        }
        const missing = logged.filter((m) => !times.has(m));
        const droppedCount = all.reduce((n, p) => n + p.logger.stats().dropped, 0);
        assert.ok(
          missing.length + missingRepeats <= droppedCount,
          `${missing.length} entries and ${missingRepeats} repeats missing, ${droppedCount} counted as dropped: ${missing.slice(0, 10)}`,
        );
        assert.is(last.logger.stats().queued, 0, 'nothing left behind');
        assert.equal(w.local.keys(), [], 'nothing left in the store');
        tallyDelivery({
          schedules: 1,
          faults:
            replies.filter((r) => r !== 200).length +
            steps.filter((s) => ['close', 'reload', 'offline', 'open two at once'].includes(s.do)).length,
          logged: logged.length,
          deliveredOnce: times.size,
          countedDropped: droppedCount,
          duplicatesBefore: w.counts.duplicatesBefore,
          duplicatesAfter: twice.length,
        });
      },
    ),
    150,
  ));

test('two tabs closing at the same moment while the server is down lose nothing: the next page delivers every entry once', () =>
  holds(
    'two tabs closing at once',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 40 }),
      fc.constantFrom<Reply>(503, 'network', 'hang'),
      async (a, b, down) => {
        const steps: Step[] = [
          { do: 'open' },
          { do: 'log', tab: 0, n: a, big: false },
          { do: 'log', tab: 1, n: b, big: false },
          { do: 'wait', ms: 3000 },
          { do: 'close', tab: 0 },
          { do: 'close', tab: 1 },
        ];
        const { w, logged } = await run(steps, Array(200).fill(down));
        assert.equal([...new Set(w.stored.filter((m) => m.startsWith('#')))].sort(), [...logged].sort());
        assert.is(w.stored.filter((m) => m.startsWith('#')).length, logged.length, 'each once');
      },
    ),
    60,
  ));

test.run();

// Nothing the logger does may throw into the page, whatever its surroundings do.

import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserLocalStorage, browserSessionStorage, safeStorage } from '../../src/browser/storage';
import { createLogger, type LoggerController } from '../../src/logging';
import type { Logger } from '../../src/logging/types';
import { memoryStorage } from '../fakes';

const boom = () => {
  throw new Error('boom');
};
// Web Storage as sandboxed frames and full quotas have it: every touch throws. The logger meets it,
// as the page does, through safeStorage; and storage that cannot even be reached.
const throwingArea = {
  getItem: boom,
  setItem: boom,
  removeItem: boom,
  key: boom,
  get length(): number {
    throw new Error('length');
  },
};
const throwingStorage = safeStorage(() => throwingArea as unknown as Storage);
const unreachableStorage = safeStorage(boom);
const throwingConsole = { debug: boom, info: boom, log: boom, warn: boom, error: boom };
const throwingTarget = { addEventListener: boom, removeEventListener: boom };
const trap = () => {
  throw new Error('trap');
};
/** Events and storage of its own, and no beacon: a test logger never listens on the page's window, nor sends a real beacon. */
const inert = () => ({
  target: new EventTarget(),
  doc: new EventTarget(),
  navigator: { onLine: true },
  sessionStorage: memoryStorage(),
  local: memoryStorage(),
});
const hostile = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap });

/**
 * Every way in, with hostile arguments, around a working core: each call must return without a
 * throw, and what the logger can still do it does. Returns what the page could observe.
 */
async function exercise(control: LoggerController, clock: ReturnType<typeof FakeTimers.createClock>) {
  const logger = control._logger;
  const cyclic: any = {};
  cyclic.me = cyclic;
  const endpoint = { url: 'https://app.example/log', headers: () => ({}) };
  control._start({ production: false, options: { batchSize: 2, serverLogLevel: 0, level: 0 }, captureErrors: true });
  control._start(undefined as any);
  control._start({ options: hostile } as any);
  control._setEndpoint(endpoint);
  control._setEndpoint(hostile as any);
  control._setEndpoint({ url: 'https://app.example/log', headers: boom });
  logger.setContext(hostile as any);
  logger.setContext({ a: hostile, b: cyclic });
  logger.stats();
  control._setEndpoint(endpoint);
  for (const m of ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const) {
    logger[m]();
    logger[m](hostile, hostile, cyclic, 10n, Symbol('s'), () => 1);
    logger[m](new Error('e', { cause: hostile }), 'x'.repeat(2_000_000));
  }
  logger.updateConfig(hostile as any);
  logger.updateConfig(null as any);
  logger.updateConfig({ level: 0, batchSize: 1 });
  const config = logger.getConfig();
  await clock.tickAsync(120_000);
  const queued = logger.stats().queued;
  const flushed = await logger.flush();
  await control._stop();
  await control._stop();
  logger.error('after stop');
  await logger.flush();
  const stats = logger.stats();
  // A logger that does nothing fails these: the update applies in memory whatever storage does,
  // flush() accounts for what was queued, and the ledger balances.
  assert.equal([config.level, config.batchSize], [0, 1], 'updateConfig applied');
  assert.is(flushed.sent + flushed.kept + flushed.dropped, queued, 'flush() accounts for what was queued');
  assert.is(stats.logged, stats.sent + stats.queued + stats.dropped, 'the ledger balances');
  return stats;
}

/** A fetch that counts its calls, then does what `answer` does. */
const counting = (answer: () => unknown) => {
  const calls = { n: 0 };
  const fetch = (() => {
    calls.n++;
    return answer();
  }) as any;
  return { fetch, calls };
};

test('fetch, console, storage, event targets, timers and the clock all throwing: no exception reaches the caller', async () => {
  const clock = FakeTimers.createClock(0);
  const control = createLogger({
    production: false,
    fetch: boom,
    console: throwingConsole,
    sessionStorage: throwingStorage,
    local: unreachableStorage,
    target: throwingTarget,
    doc: throwingTarget,
    navigator: {
      get onLine(): boolean {
        throw new Error('onLine');
      },
      sendBeacon: boom,
    },
    now: () => NaN,
    random: boom,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
  });
  const stats = await exercise(control, clock);
  // A clock that gives no time: nothing can be timestamped, so nothing is counted as logged.
  assert.is(stats.logged, 0);
});

test('timers that throw too: entries are still counted, kept, and nothing is lost from the ledger', async () => {
  const clock = FakeTimers.createClock(0);
  const control = createLogger({
    production: false,
    fetch: boom,
    console: throwingConsole,
    setTimeout: boom,
    clearTimeout: boom,
    sessionStorage: unreachableStorage,
    local: throwingStorage,
    target: throwingTarget,
  });
  const stats = await exercise(control, clock);
  assert.ok(stats.logged >= 22, `${stats.logged} logged`);
});

test('fetch that rejects, or resolves to a hostile response: sends are tried, and retried, and the ledger balances', async () => {
  for (const answer of [
    () => Promise.reject(new Error('down')),
    () => Promise.resolve(hostile as any),
    () =>
      Promise.resolve({
        get status(): number {
          throw new Error('status');
        },
      }),
    () => Promise.resolve({ status: 503, headers: { get: boom } }),
    () => Promise.resolve({ status: 200, headers: null }),
    () => hostile,
  ]) {
    const clock = FakeTimers.createClock(0);
    const { fetch, calls } = counting(answer);
    const control = createLogger({
      production: false,
      fetch,
      console: {},
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      now: () => clock.now,
      ...inert(),
    });
    const stats = await exercise(control, clock);
    assert.ok(stats.logged >= 22, `${stats.logged} logged`);
    assert.ok(calls.n >= 2, `${calls.n} sends`);
  }
});

test('with no browser globals at all (no window, document, navigator, storage, fetch): entries are counted and kept', async () => {
  // In the one-process unit run a DOM may be registered: take its globals away for this test (a
  // real fetch would go to the network), and put them back after.
  const g = globalThis as any;
  const names = ['window', 'document', 'navigator', 'sessionStorage', 'localStorage', 'fetch'];
  const saved = names.map((n) => Object.getOwnPropertyDescriptor(g, n));
  for (const [i, n] of names.entries()) if (saved[i]?.configurable) delete g[n];
  try {
    const clock = FakeTimers.createClock(0);
    const control = createLogger({
      production: true,
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      console: {},
      // The page's own wrappers, which find no storage here.
      sessionStorage: browserSessionStorage(),
      local: browserLocalStorage(),
    });
    const stats = await exercise(control, clock);
    assert.ok(stats.logged >= 22, `${stats.logged} logged`);
    assert.is(stats.sent, 0, 'no fetch: nothing went');
  } finally {
    for (const [i, n] of names.entries()) if (saved[i]?.configurable) Object.defineProperty(g, n, saved[i]!);
  }
});

test('a beforeSend and a page exit in a hostile page: nothing throws, entries still go', async () => {
  const clock = FakeTimers.createClock(0);
  const bodies: string[] = [];
  const target = new EventTarget();
  const control = createLogger({
    production: true,
    fetch: (_u, init) => {
      bodies.push(String(init.body));
      return Promise.resolve({ status: 200, headers: { get: () => null } } as unknown as Response);
    },
    console: throwingConsole,
    sessionStorage: throwingStorage,
    local: throwingStorage,
    target,
    navigator: { onLine: true, sendBeacon: boom },
    now: () => clock.now,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
  });
  const logger = control._logger;
  control._start({
    production: true,
    options: { batchSize: 1, beforeSend: (e) => ({ ...e, additional: [hostile] }) },
    captureErrors: false,
  });
  control._setEndpoint({ url: 'https://x/log', headers: () => ({}) });
  logger.error('a');
  target.dispatchEvent(new Event('pagehide'));
  await clock.tickAsync(1000);
  assert.ok(
    bodies.some((b) => b.includes('"a"')),
    'delivered',
  );
});

test('flush() resolves even when delivery trips over a throwing dependency mid-send', async () => {
  const clock = FakeTimers.createClock(0);
  let sends = 0;
  const control = createLogger({
    production: true,
    // an answer that cannot be read counts as no answer: retried
    fetch: () => {
      sends++;
      return Promise.resolve({ status: 503, headers: { get: boom } } as unknown as Response);
    },
    console: {},
    now: () => clock.now,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
    ...inert(),
  });
  const logger = control._logger;
  control._start({ production: true, options: { batchSize: 1 }, captureErrors: false });
  control._setEndpoint({ url: 'https://x/log', headers: () => ({}) });
  logger.error('a');
  logger.error('b');
  await logger.flush();
  await clock.tickAsync(120_000);
  assert.ok(sends >= 2, 'retries go on');
});

test('unhandled rejections stay zero throughout', async () => {
  let unhandled = 0;
  const count = () => void unhandled++;
  process.on('unhandledRejection', count);
  try {
    const clock = FakeTimers.createClock(0);
    const control = createLogger({
      production: false,
      fetch: () => Promise.reject(new Error('down')),
      console: throwingConsole,
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      now: () => clock.now,
      ...inert(),
    });
    await exercise(control, clock);
    await new Promise((r) => setTimeout(r, 10));
  } finally {
    process.off('unhandledRejection', count);
  }
  assert.is(unhandled, 0);
});

test('a host console wrapper that logs back into the logger does not loop', async () => {
  let logger!: Logger;
  let calls = 0;
  const con = {
    error: (...a: unknown[]) => {
      if (++calls < 1000) logger.error('from console', ...a);
    },
  };
  const clock = FakeTimers.createClock(0);
  const control = createLogger({
    ...inert(),
    production: false,
    console: con,
    fetch: () => Promise.resolve({ status: 500 } as Response),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
    now: () => clock.now,
  });
  logger = control._logger;
  control._start({ production: false, captureErrors: false });
  control._setEndpoint({ url: 'https://x/log', headers: () => ({}) });
  logger.error('one');
  await clock.tickAsync(1000);
  assert.ok(calls < 1000, `console.error called ${calls} times`);
});

test.run();

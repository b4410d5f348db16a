// Nothing the logger does may throw into the page, whatever its surroundings do.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import FakeTimers from '@sinonjs/fake-timers';
import { createLogger, type LoggerController } from '../../src/logging';
import { safeStorage } from '../../src/storage';

const boom = () => {
  throw new Error('boom');
};
// Web Storage as sandboxed frames and full quotas have it: every touch throws. The logger meets it,
// as the page does, through safeStorage; and storage that cannot even be reached.
const throwingArea = { getItem: boom, setItem: boom, removeItem: boom, key: boom, get length(): number { throw new Error('length'); } };
const throwingStorage = safeStorage(() => throwingArea as unknown as Storage);
const unreachableStorage = safeStorage(boom);
const throwingConsole = { debug: boom, info: boom, log: boom, warn: boom, error: boom };
const throwingTarget = { addEventListener: boom, removeEventListener: boom };
const trap = () => {
  throw new Error('trap');
};
const hostile = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap });

async function exercise(logger: LoggerController, clock: ReturnType<typeof FakeTimers.createClock>) {
  const cyclic: any = {};
  cyclic.me = cyclic;
  logger.start({ production: false, config: { batchSize: 2, serverLogLevel: 0, level: 0 }, captureErrors: true });
  logger.start(undefined as any);
  logger.start({ config: hostile } as any);
  logger.setEndpoint('https://app.example/log');
  logger.setEndpoint(hostile as any);
  logger.setEndpoint('https://app.example/log');
  for (const m of ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const) {
    logger[m]();
    logger[m](hostile, hostile, cyclic, 10n, Symbol('s'), () => 1);
    logger[m](new Error('e', { cause: hostile }), 'x'.repeat(2_000_000));
  }
  logger.updateConfig(hostile as any);
  logger.updateConfig(null as any);
  logger.updateConfig({ level: 0, batchSize: 1 });
  logger.getConfig();
  await clock.tickAsync(120_000);
  await logger.flush();
  await logger.stop();
  await logger.stop();
  logger.error('after stop');
  await logger.flush();
}

test('fetch, console, storage, event targets, timers and the clock all throwing: no exception reaches the caller', async () => {
  const clock = FakeTimers.createClock(0);
  const logger = createLogger({
    production: false,
    fetch: boom,
    console: throwingConsole,
    session: throwingStorage,
    local: unreachableStorage,
    target: throwingTarget,
    doc: throwingTarget,
    navigator: { get onLine(): boolean { throw new Error('onLine'); }, sendBeacon: boom },
    now: () => NaN,
    random: boom,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
  });
  await exercise(logger, clock);
});

test('timers that throw too', async () => {
  const clock = FakeTimers.createClock(0);
  const logger = createLogger({ production: false, fetch: boom, console: throwingConsole, setTimeout: boom, clearTimeout: boom, session: unreachableStorage, local: throwingStorage, target: throwingTarget });
  await exercise(logger, clock);
});

test('fetch that rejects, or resolves to a hostile response', async () => {
  for (const fetch of [
    () => Promise.reject(new Error('down')),
    () => Promise.resolve(hostile as any),
    () => Promise.resolve({ get status(): number { throw new Error('status'); } }),
    () => Promise.resolve({ status: 503, headers: { get: boom } }),
    () => hostile,
  ]) {
    const clock = FakeTimers.createClock(0);
    const logger = createLogger({
      production: false,
      fetch: fetch as any,
      console: {},
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      now: () => clock.now,
      target: new EventTarget() as any,
    });
    await exercise(logger, clock);
  }
});

test('with no browser globals at all (no window, document, navigator, storage, fetch)', async () => {
  // In the one-process unit run a DOM may be registered: take its globals away for this test (a
  // real fetch would go to the network), and put them back after.
  const g = globalThis as any;
  const names = ['window', 'document', 'navigator', 'sessionStorage', 'localStorage', 'fetch'];
  const saved = names.map((n) => Object.getOwnPropertyDescriptor(g, n));
  names.forEach((n, i) => saved[i]?.configurable && delete g[n]);
  try {
    const clock = FakeTimers.createClock(0);
    const logger = createLogger({
      production: true,
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      console: {},
    });
    await exercise(logger, clock);
  } finally {
    names.forEach((n, i) => saved[i]?.configurable && Object.defineProperty(g, n, saved[i]!));
  }
});

test('flush() resolves even when the transport trips over a throwing dependency mid-send', async () => {
  const clock = FakeTimers.createClock(0);
  let sends = 0;
  const logger = createLogger({
    production: true,
    // an answer that cannot be read counts as no answer: retried
    fetch: () => (sends++, Promise.resolve({ status: 503, headers: { get: boom } })),
    console: {},
    now: () => clock.now,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
    target: new EventTarget() as any,
  });
  logger.start({ production: true, config: { batchSize: 1 }, captureErrors: false });
  logger.setEndpoint('https://x/log');
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
    const logger = createLogger({
      production: false,
      fetch: () => Promise.reject(new Error('down')),
      console: throwingConsole,
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (h) => clock.clearTimeout(h as any),
      now: () => clock.now,
    });
    await exercise(logger, clock);
    await new Promise((r) => setTimeout(r, 10));
  } finally {
    process.off('unhandledRejection', count);
  }
  assert.is(unhandled, 0);
});

test('a host console wrapper that logs back into the logger does not loop', async () => {
  let logger!: LoggerController;
  let calls = 0;
  const con = {
    error: (...a: unknown[]) => {
      if (++calls < 1000) logger.error('from console', ...a);
    },
  };
  const clock = FakeTimers.createClock(0);
  logger = createLogger({ production: false, console: con, fetch: () => Promise.resolve({ status: 500 }), setTimeout: (fn, ms) => clock.setTimeout(fn, ms), clearTimeout: (h) => clock.clearTimeout(h as any), now: () => clock.now });
  logger.start({ production: false, captureErrors: false });
  logger.setEndpoint('https://x/log');
  logger.error('one');
  await clock.tickAsync(1000);
  assert.ok(calls < 1000, `console.error called ${calls} times`);
});

test.run();

/**
 * The logger's hot paths side by side with loglevel (and loglevel-plugin-remote for the queued
 * case), in one process, plus a simulated outage that shows the queue bound holding memory flat.
 *
 *   node --import tsx bench/logger.ts            (add --expose-gc for steadier heap figures;
 *                                                 without it the flag is switched on at run time)
 *
 * Not a test: figures depend on the machine, so the targets are ratios within one run. Targets: a
 * filtered call no slower than loglevel's (ratio ≤ 1.0); with a context set and scrubbing on (it
 * always is), a queued error (distinct messages) at most 0.8× loglevel-plugin-remote's; a repeat
 * that is grouped at most 0.25× loglevel-plugin-remote's queued call; the heap flat in a
 * 1,000,000-error outage, of distinct errors (the queue bound holds) and of one error again and
 * again (grouping holds). And the figure a host page feels: main-thread ms per second while it
 * logs 10,000 errors a second, ours and loglevel-plugin-remote's.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import FakeTimers from '@sinonjs/fake-timers';
import { createLogger } from '../src/logging';
import type { Logger, LoggerOptions } from '../src/logging/types';
import { memoryStorage } from '../test/fakes';

const ROUNDS = 9;
const FAST_N = 5_000_000;
const QUEUED_N = 200_000;
const OUTAGE_N = 1_000_000;
/** The storm a host page feels: errors a second, logged in bursts every STORM_TICK_MS. */
const STORM_PER_SECOND = 10_000;
const STORM_TICK_MS = 10;
const STORM_ROUNDS = 3;

const noop = () => {};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export interface Figure {
  oursNs: number;
  oursMinNs: number;
  oursMaxNs: number;
  loglevelNs: number;
  loglevelMinNs: number;
  loglevelMaxNs: number;
  /** ours / loglevel, on the medians */
  ratio: number;
}

/** Median ns per call over ROUNDS rounds, the two contenders alternating so drift hits both. */
function compare(ours: (n: number) => void, theirs: (n: number) => void, n: number): Figure {
  ours(n / 10); // warm up: let both reach optimised code
  theirs(n / 10);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [fn, out] of (r % 2
      ? [
          [theirs, b],
          [ours, a],
        ]
      : [
          [ours, a],
          [theirs, b],
        ]) as [(n: number) => void, number[]][]) {
      const t0 = process.hrtime.bigint();
      fn(n);
      out.push(Number(process.hrtime.bigint() - t0) / n);
    }
  }
  const m = (xs: number[]) => round(median(xs), 2);
  return {
    oursNs: m(a),
    oursMinNs: round(Math.min(...a), 2),
    oursMaxNs: round(Math.max(...a), 2),
    loglevelNs: m(b),
    loglevelMinNs: round(Math.min(...b), 2),
    loglevelMaxNs: round(Math.max(...b), 2),
    ratio: round(median(a) / median(b), 2),
  };
}

function gcFunction(): (() => void) | undefined {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

const heapMB = (gc?: () => void) => {
  gc?.();
  gc?.();
  return round(process.memoryUsage().heapUsed / 1024 / 1024, 2);
};

/** A fetch that never answers: one batch stays in flight, the rest waits in the queue. */
const neverAnswers = () => new Promise<Response>(noop);

/** A logger as the page has it, with no browser, started and pointed at an endpoint. */
function startedLogger(
  options: LoggerOptions = {},
  fetch: () => Promise<Response> = neverAnswers,
): { logger: Logger; stop: () => Promise<void> } {
  const control = createLogger({
    production: true,
    fetch,
    console: {},
    sessionStorage: memoryStorage(),
    local: memoryStorage(),
    target: new EventTarget() as never,
    doc: new EventTarget() as never,
    navigator: { onLine: true },
    // real timers, but they must not keep the process alive once the figures are in
    setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  });
  control._start({ production: true, options, captureErrors: false });
  control._setEndpoint({ url: 'https://bench.invalid/api/web/clientlogger/', headers: () => ({}) });
  return { logger: control._logger, stop: control._stop };
}

const ours = (options: LoggerOptions = {}) => startedLogger(options).logger;

/** loglevel-plugin-remote wants a browser: a window and an XMLHttpRequest that never completes. */
class StubXHR {
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {}
}

export async function benchLogger() {
  // loglevel binds the console methods when a level is set: make them no-ops first, so neither
  // side pays for real console output, and put them back at the end.
  const saved = { debug: console.debug, info: console.info, error: console.error, warn: console.warn };
  Object.assign(console, { debug: noop, info: noop, error: noop, warn: noop });
  const g = globalThis as Record<string, unknown>;
  const hadWindow = 'window' in g;
  const hadXhr = 'XMLHttpRequest' in g;
  if (!hadWindow) g.window = globalThis;
  if (!hadXhr) g.XMLHttpRequest = StubXHR;
  try {
    const loglevel = (await import('loglevel')).default;
    const remote = (await import('loglevel-plugin-remote')).default;

    // (a) a call below every threshold
    const prod = ours();
    const plainWarn = loglevel.getLogger('bench-warn');
    plainWarn.setLevel('warn');
    const filtered = compare(
      (n) => {
        for (let i = 0; i < n; i++) prod.debug('filtered', i);
      },
      (n) => {
        for (let i = 0; i < n; i++) plainWarn.debug('filtered', i);
      },
      FAST_N,
    );

    // (b) info with console logging disabled (ours: production defaults) against loglevel at
    // level info writing to a no-op console.info (its cheapest enabled path: it has no "console off")
    const plainInfo = loglevel.getLogger('bench-info');
    plainInfo.setLevel('info');
    const consoleOff = compare(
      (n) => {
        for (let i = 0; i < n; i++) prod.info('info', i);
      },
      (n) => {
        for (let i = 0; i < n; i++) plainInfo.info('info', i);
      },
      FAST_N,
    );

    // (c) an error that is queued for the server, a distinct message each call (JSON-safe entry
    // built, scrubbed, a context attached, rate limit, bounded queue) against
    // loglevel-plugin-remote queueing to a stubbed XMLHttpRequest.
    const queuedOurs = ours({ maxEntriesPerMinute: 1_000_000_000 });
    queuedOurs.setContext({ tenant: 'acme', screen: 'tickets', requestId: '4f1c2b7e-8d90-4a1b-b2c3-d4e5f6a7b8c9' });
    remote.apply(loglevel, {
      url: '/logger',
      format: remote.json,
      capacity: 1000,
      interval: 1e9,
      stacktrace: { levels: [], depth: 0, excess: 0 }, // we collect no stack either
    });
    loglevel.setLevel('error');
    const queued = compare(
      (n) => {
        for (let i = 0; i < n; i++) queuedOurs.error(`request ${i} failed`, i);
      },
      (n) => {
        for (let i = 0; i < n; i++) loglevel.error(`request ${i} failed`, i);
      },
      QUEUED_N,
    );

    // (d) one error again and again, as a failing poll loop logs it: past groupRepeatsAfter (5 a
    // minute) each call is counted into a grouped entry. Against loglevel-plugin-remote queueing
    // the same calls.
    const groupedOurs = ours({ maxEntriesPerMinute: 1_000_000_000 });
    groupedOurs.setContext({ tenant: 'acme', screen: 'tickets', requestId: '4f1c2b7e-8d90-4a1b-b2c3-d4e5f6a7b8c9' });
    const error = loopError();
    const grouped = compare(
      (n) => {
        for (let i = 0; i < n; i++) groupedOurs.error('Grid refresh failed', error, i);
      },
      (n) => {
        for (let i = 0; i < n; i++) loglevel.error('Grid refresh failed', error, i);
      },
      QUEUED_N,
    );
    /** A grouped repeat against (c)'s loglevel-plugin-remote call. */
    const groupedRatio = round(grouped.oursNs / queued.loglevelNs, 2);

    // (e) what a host page feels: main-thread ms per second while it logs 10,000 distinct errors a
    // second, ours with the production defaults (past 300 a minute, errors are counted, not queued)
    // and with the rate limit lifted (every one queued and sent), against loglevel-plugin-remote
    // (every one queued; it never sends here: interval 1e9, as in (c)).
    const defaults = answeredLogger({});
    const unlimited = answeredLogger({ maxEntriesPerMinute: 1_000_000_000 });
    const msPerSecond = await storm({
      ours: (i) => defaults.logger.error(`request ${i} failed`, i),
      oursUnlimited: (i) => unlimited.logger.error(`request ${i} failed`, i),
      remote: (i) => loglevel.error(`request ${i} failed`, i),
    });
    await Promise.all([defaults.stop(), unlimited.stop()]);

    return {
      filtered,
      consoleOff,
      queued,
      grouped,
      groupedRatio,
      msPerSecond,
      outage: await outage((i) => [`request ${i} failed`, { attempt: i, url: `/api/web/things?id=${i}` }]),
      outageRepeated: await outage((i) => ['Grid refresh failed', error, { attempt: i }]),
    };
  } finally {
    Object.assign(console, saved);
    if (!hadWindow) delete g.window;
    if (!hadXhr) delete g.XMLHttpRequest;
  }
}

/** One error object, thrown again and again: what a failing render or poll loop logs. */
function loopError() {
  const error = new TypeError("Cannot read properties of undefined (reading 'rows')");
  error.stack = `${error.name}: ${error.message}\n    at Kt (https://desk.example.com/web/app.js:1:48211)\n    at Ft.refresh (https://desk.example.com/web/app.js:1:51902)`;
  return error;
}

/**
 * Main-thread milliseconds one second of a storm takes: `log` called STORM_PER_SECOND times over a
 * second of real time (a burst every STORM_TICK_MS), then a moment for the work it set off (batches
 * made, sent and answered). The event loop's active time (performance.eventLoopUtilization) is
 * the main thread's: the logger's calls, its timers and its promise callbacks.
 */
async function stormSecond(log: (i: number) => void): Promise<number> {
  const perTick = (STORM_PER_SECOND * STORM_TICK_MS) / 1000;
  const before = performance.eventLoopUtilization();
  let i = 0;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      for (const end = i + perTick; i < end; i++) log(i);
      if (i < STORM_PER_SECOND) return;
      clearInterval(timer);
      setTimeout(done, 50);
    }, STORM_TICK_MS);
  });
  return performance.eventLoopUtilization(before).active;
}

/** The median of STORM_ROUNDS storm seconds of each contender, taking turns. */
async function storm<Name extends string>(contenders: Record<Name, (i: number) => void>): Promise<Record<Name, number>> {
  const names = Object.keys(contenders) as Name[];
  const seconds = new Map(names.map((name) => [name, [] as number[]]));
  for (let r = 0; r < STORM_ROUNDS; r++) {
    for (const name of names) seconds.get(name)?.push(await stormSecond(contenders[name]));
  }
  return Object.fromEntries(names.map((name) => [name, round(median(seconds.get(name) ?? []), 1)])) as Record<Name, number>;
}

/** A logger with production defaults, or the rate limit lifted, whose server answers every batch 200 at once, its context set. */
function answeredLogger(options: LoggerOptions): { logger: Logger; stop: () => Promise<void> } {
  const started = startedLogger(options, () => Promise.resolve(new Response(null, { status: 200 })));
  started.logger.setContext({ tenant: 'acme', screen: 'tickets', requestId: '4f1c2b7e-8d90-4a1b-b2c3-d4e5f6a7b8c9' });
  return started;
}

/**
 * 1,000,000 errors while the server answers 503 to everything, on a fake clock moving 1 ms per
 * error (so backoff retries happen all along). The rate limit is lifted so that the queue bound
 * (1000 entries) is what holds memory, or, for one error again and again, grouping.
 */
async function outage(call: (i: number) => unknown[]) {
  const gc = gcFunction();
  const clock = FakeTimers.createClock(Date.parse('2025-01-01T00:00:00Z'));
  let requests = 0;
  const warnings: unknown[] = [];
  const control = createLogger({
    production: true,
    fetch: () => {
      requests++;
      return Promise.resolve({ status: 503, headers: new Headers() } as Response);
    },
    console: { warn: (...a: unknown[]) => warnings.push(a), error: noop },
    sessionStorage: memoryStorage(),
    local: memoryStorage(),
    target: new EventTarget() as never,
    doc: new EventTarget() as never,
    navigator: { onLine: true },
    now: () => clock.now,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as never),
  });
  const logger = control._logger;
  control._start({ production: true, options: { maxEntriesPerMinute: 1_000_000_000 }, captureErrors: false });
  control._setEndpoint({ url: 'https://bench.invalid/api/web/clientlogger/', headers: () => ({}) });
  const before = heapMB(gc);
  const samples: number[] = [];
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < OUTAGE_N; i++) {
    logger.error(...call(i));
    if (i % 1000 === 999) await clock.tickAsync(1000);
    if (i % 100_000 === 99_999) samples.push(heapMB(gc));
  }
  const elapsedMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const after = heapMB(gc);
  const queueFullWarnings = warnings.filter((w) => (w as unknown[]).includes('queueFull')).length;
  const stats = logger.stats();
  await control._stop();
  return {
    errors: OUTAGE_N,
    simulatedMinutes: round(OUTAGE_N / 60_000, 1),
    requests,
    queueFullWarnings,
    heapBeforeMB: before,
    heapAfterMB: after,
    heapSamplesMB: samples,
    /** Growth from the first sample to the last: flat when the bounds hold. */
    heapGrowthMB: round((samples.at(-1) ?? 0) - (samples[0] ?? 0), 2),
    dropped: stats.dropped,
    balanced: stats.logged === stats.sent + stats.queued + stats.dropped,
    gcForced: !!gc,
    nsPerError: round((elapsedMs * 1e6) / OUTAGE_N, 0),
  };
}

function print(r: Awaited<ReturnType<typeof benchLogger>>) {
  const row = (name: string, f: Figure) => ({
    case: name,
    'ours ns (median)': f.oursNs,
    'ours min–max': `${f.oursMinNs}–${f.oursMaxNs}`,
    'loglevel ns (median)': f.loglevelNs,
    'loglevel min–max': `${f.loglevelMinNs}–${f.loglevelMaxNs}`,
    'ours/loglevel': f.ratio,
  });
  console.log(`\nLogger hot paths, ns per call, ${ROUNDS} rounds (Node ${process.version})`);
  console.table([
    row('(a) debug below every threshold (loglevel at warn)', r.filtered),
    row('(b) info, console off (loglevel: info to a no-op console)', r.consoleOff),
    row('(c) error queued for the server, distinct messages, context set (loglevel-plugin-remote)', r.queued),
    row('(d) one error again and again: grouped (loglevel-plugin-remote, the same calls)', r.grouped),
  ]);
  const ms = r.msPerSecond;
  console.log(
    `(e) main-thread ms per second while logging ${STORM_PER_SECOND.toLocaleString('en-US')} distinct errors/s (context set), median of ${STORM_ROUNDS}:`,
  );
  console.table({
    'EMWeb, production defaults (rate limit 300/min)': ms.ours,
    'EMWeb, rate limit lifted (every error queued and sent)': ms.oursUnlimited,
    'loglevel + loglevel-plugin-remote (every error queued)': ms.remote,
  });
  console.log('Simulated outage: every send answered 503; distinct errors, then one error again and again');
  console.table({ ...r.outage, heapSamplesMB: r.outage.heapSamplesMB.join(' ') });
  console.table({ ...r.outageRepeated, heapSamplesMB: r.outageRepeated.heapSamplesMB.join(' ') });
  const ok = (b: boolean) => (b ? 'met' : 'MISSED');
  console.log(
    `targets: filtered ratio ≤ 1.0: ${ok(r.filtered.ratio <= 1)}; queued error ≤ 0.8× loglevel-plugin-remote: ${ok(r.queued.ratio <= 0.8)}; ` +
      `grouped repeat ≤ 0.25× loglevel-plugin-remote's queued call: ${ok(r.groupedRatio <= 0.25)} (${r.groupedRatio}; ${r.grouped.ratio} against the same calls); ` +
      `outage heap flat (≤ 2 MB growth): ${ok(r.outage.heapGrowthMB <= 2 && r.outageRepeated.heapGrowthMB <= 2)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLogger().then(print, (e) => {
    console.error(e);
    process.exitCode = 1;
  });
}

/**
 * Server load by simulation: many pages, each in an error loop for 10 simulated minutes, in one
 * Node process on fake clocks, running the real createLogger against a counting server stub. What
 * reaches the server per second with the defaults (repeats grouped, the rate limit), with grouping
 * off, and with neither, and how it grows with the number of pages.
 *
 *   node --import tsx bench/scale.ts            (prints one JSON line a run)
 *
 * Cost: the logger's own work per error (~5-10 µs: a JSON-safe copy, redaction, UTF-8 length)
 * is what the run spends its time on, and 10,000 pages × 6,000 errors is 60 million of them, ten
 * minutes of CPU or more. So 100 and 1,000 pages are simulated in full, every page and every error,
 * which shows how the load grows; 10,000 pages are simulated as a 1-in-20 sample (500 pages of
 * the 10,000 drawn, counts ×20). That is exact in expectation because the pages share nothing but
 * the server and the stub answers every request in the same 50 ms whatever the load: a page's
 * traffic does not depend on the others'. The settings run side by side in worker threads (the
 * machine has two cores).
 *
 * Why a clock of our own: every page keeps a flush timer, a send timeout and an answer in flight;
 * with 1,000s of pages that is 1,000s of live timers, and a general fake-timer library scans them
 * all on every tick. A binary heap keeps each timer O(log n).
 */
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createLogger, type LoggerController, type LoggerEnv } from '../src/logging';
import type { LoggerConfig } from '../src/logging/types';
import { memoryStorage } from '../test/fakes';

/** Simulated length of the error loop. */
const MINUTES = 10;
/** Each page logs one error this often, for the whole run. */
const ERROR_EVERY_MS = 100;
/** The stub answers each batch this long after it was posted (a loaded intranet server). */
const SERVER_LATENCY_MS = 50;
/** The settings compared: the defaults (repeats grouped after 5 a minute, 300 entries a minute), grouping off, and neither bound. */
const SETTINGS: Record<string, Partial<LoggerConfig>> = {
  'defaults: repeats grouped, rate limit 300/min': {},
  'grouping off, rate limit 300/min': { groupRepeatsAfter: 0 },
  'grouping off, no rate limit': { groupRepeatsAfter: 0, maxEntriesPerMinute: 1_000_000_000 },
};
/** Rates are read from here on: the first two minutes are the pages opening and the first window filling. */
const STEADY_FROM_S = 120;

// ---------------------------------------------------------------------------------------------
// The clock: a min-heap of timers ordered by (due time, creation order), cancelled lazily.

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

class Clock {
  now = 0;
  private heap: Timer[] = [];
  private seq = 0;
  fired = 0;

  setTimeout = (fn: () => void, ms: number): Timer => {
    const t = { at: this.now + Math.max(0, ms || 0), seq: this.seq++, fn, cancelled: false };
    this.push(t);
    return t;
  };

  clearTimeout = (t: unknown): void => {
    if (t && typeof t === 'object') (t as Timer).cancelled = true;
  };

  /** Runs the next timer due at or before `until`; false when there is none. */
  runOne(until: number): boolean {
    for (;;) {
      const top = this.heap[0];
      if (!top || top.at > until) return false;
      this.pop();
      if (top.cancelled) continue;
      this.now = Math.max(this.now, top.at);
      this.fired++;
      top.fn();
      return true;
    }
  }

  get size() {
    return this.heap.length;
  }

  private less(a: Timer, b: Timer) {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(t: Timer) {
    const h = this.heap;
    h.push(t);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop() {
    const h = this.heap;
    const last = h.pop()!;
    if (!h.length) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

/** Lets every promise callback queued so far run (a macrotask comes after all microtasks). */
const drainMicrotasks = () => new Promise<void>((r) => setImmediate(r));

/** Deterministic pseudo-random numbers (mulberry32), so runs are repeatable. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// The server stub: counts requests, entries and bytes per simulated second.

interface Counts {
  requests: number[];
  entries: number[];
  bytes: number[];
}

/** Entries in a batch body without parsing it: each serialized entry starts with `{"level":`. */
function countEntries(body: string): number {
  let n = 0;
  for (let at = body.indexOf('{"level":'); at !== -1; at = body.indexOf('{"level":', at + 9)) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// One simulation

export interface ScaleRun {
  /** Pages the figures stand for. */
  pages: number;
  /** Pages actually simulated (pages / sampleEvery). */
  simulatedPages: number;
  sampleEvery: number;
  setting: string;
  simulatedSeconds: number;
  errorsLogged: number;
  requests: number;
  /** Errors the rate limit refused and the server learnt as counts (from the drop reports). */
  countedNotSent: number;
  /** Errors the server learnt as counts in grouped entries (their `repeated`). */
  grouped: number;
  /** Of `entries`, the drop reports themselves (each carries counts, not an error). */
  reportEntries: number;
  entries: number;
  bytes: number;
  /** From STEADY_FROM_S to the end. */
  steadyRequestsPerSecond: number;
  steadyEntriesPerSecond: number;
  steadyBytesPerSecond: number;
  /** The busiest simulated second, whole run (for a sample: the sample's busiest second × sampleEvery, an upper bound). */
  peakRequestsPerSecond: number;
  peakEntriesPerSecond: number;
  timersFired: number;
  wallMs: number;
  heapMB: number;
}

const noop = () => {};
const STACK = [
  "TypeError: Cannot read properties of undefined (reading 'rows')",
  '    at Kt (https://desk.example.com/web/app.js:1:48211)',
  '    at Ft.refresh (https://desk.example.com/web/app.js:1:51902)',
  '    at https://desk.example.com/web/app.js:1:52410',
  '    at Array.forEach (<anonymous>)',
  '    at Jn (https://desk.example.com/web/app.js:1:60277)',
].join('\n');
// The page's window and document: the logger listens for pagehide, online, errors and visibility
// there; nothing is ever dispatched in this simulation, so one inert stand-in serves every page.
const inert = { addEventListener: noop, removeEventListener: noop, visibilityState: 'visible' };

async function simulate(pages: number, sampleEvery: number, setting: string): Promise<ScaleRun> {
  const wall0 = performance.now();
  const clock = new Clock();
  // The same pages (start times) for every setting and whatever the sample: the comparison is the
  // setting and nothing else. The loggers' own randomness (retry jitter) has a source of its own.
  const startAt = seeded(pages * 7919);
  const random = seeded(pages * 104729 + 1);
  const seconds = MINUTES * 60;
  const counts: Counts = {
    requests: new Array(seconds + 1).fill(0),
    entries: new Array(seconds + 1).fill(0),
    bytes: new Array(seconds + 1).fill(0),
  };
  let countedNotSent = 0;
  let reportEntries = 0;
  let grouped = 0;
  const ok = { status: 200, headers: { get: () => null } } as unknown as Response;

  // Set when something may have queued promise callbacks: a request went out, or a timer ran.
  let busy = false;
  const fetch: NonNullable<LoggerEnv['fetch']> = (_url, init) => {
    busy = true;
    const body = String(init.body ?? '');
    const s = Math.min(seconds, Math.floor(clock.now / 1000));
    counts.requests[s]!++;
    counts.entries[s]! += countEntries(body);
    counts.bytes[s]! += body.length;
    if (body.includes('"rateLimited":')) {
      for (const m of body.matchAll(/"rateLimited":(\d+)/g)) {
        countedNotSent += Number(m[1]);
        reportEntries++;
      }
    }
    for (const m of body.matchAll(/"repeated":(\d+)/g)) grouped += Number(m[1]);
    return new Promise((resolve) => clock.setTimeout(() => resolve(ok), SERVER_LATENCY_MS));
  };

  // Each page opens at a random moment of the first minute (desks do not all start at once) and
  // then fails every ERROR_EVERY_MS. Pages are grouped by the millisecond of the period they log in.
  const byPhase: { start: number; control: LoggerController; error: Error; n: number }[][] = Array.from(
    { length: ERROR_EVERY_MS },
    () => [],
  );
  for (let i = 0; i < pages; i++) {
    const start = Math.floor(startAt() * 60_000);
    if (i % sampleEvery) continue;
    const control = createLogger({
      production: true,
      fetch,
      console: { warn: noop, error: noop, info: noop, log: noop, debug: noop },
      sessionStorage: memoryStorage(),
      local: memoryStorage(),
      target: inert as never,
      doc: inert as never,
      navigator: { onLine: true },
      now: () => clock.now,
      random,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
    control._start({ production: true, options: SETTINGS[setting], captureErrors: false });
    control._setEndpoint({ url: 'https://emweb.invalid/api/web/clientlogger/', headers: () => ({}) });
    // One error object per page, thrown again and again: what a failing render or poll loop logs.
    const error = new TypeError(`Cannot read properties of undefined (reading 'rows')`);
    // A fixed stack, as a minified bundle in a browser gives it: the same bytes on every run.
    error.stack = STACK;
    byPhase[start % ERROR_EVERY_MS]!.push({ start, control, error, n: 0 });
  }
  for (const group of byPhase) group.sort((a, b) => a.start - b.start);

  let errorsLogged = 0;
  const end = seconds * 1000;
  for (let t = 0; t < end; t++) {
    clock.now = t;
    const group = byPhase[t % ERROR_EVERY_MS]!;
    for (let i = 0; i < group.length && group[i]!.start <= t; i++) {
      const page = group[i]!;
      page.control._logger.error('Grid refresh failed', page.error, { grid: 'tickets', attempt: ++page.n });
      errorsLogged++;
    }
    // Everything due by now, with the promise callbacks that timers and requests set off (answers
    // arriving, the next batch going out); a millisecond in which nothing of that happened needs no turn.
    while (clock.runOne(t)) busy = true;
    while (busy) {
      busy = false;
      await drainMicrotasks();
      while (clock.runOne(t)) busy = true;
    }
  }
  clock.now = end;

  const heapMB = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
  for (const group of byPhase) for (const p of group) void p.control._stop();

  const k = sampleEvery;
  const sum = (xs: number[], from = 0, to = seconds) => k * xs.slice(from, to).reduce((a, b) => a + b, 0);
  const steadySeconds = seconds - STEADY_FROM_S;
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    pages,
    simulatedPages: Math.ceil(pages / k),
    sampleEvery: k,
    setting,
    simulatedSeconds: seconds,
    errorsLogged: k * errorsLogged,
    countedNotSent: k * countedNotSent,
    grouped: k * grouped,
    reportEntries: k * reportEntries,
    requests: sum(counts.requests),
    entries: sum(counts.entries),
    bytes: sum(counts.bytes),
    steadyRequestsPerSecond: round1(sum(counts.requests, STEADY_FROM_S) / steadySeconds),
    steadyEntriesPerSecond: round1(sum(counts.entries, STEADY_FROM_S) / steadySeconds),
    steadyBytesPerSecond: Math.round(sum(counts.bytes, STEADY_FROM_S) / steadySeconds),
    peakRequestsPerSecond: k * Math.max(...counts.requests.slice(0, seconds)),
    peakEntriesPerSecond: k * Math.max(...counts.entries.slice(0, seconds)),
    timersFired: clock.fired,
    wallMs: Math.round(performance.now() - wall0),
    heapMB,
  };
}

/** Pages the figures stand for, and 1 in how many is simulated. */
export const PLAN = [
  { pages: 100, sampleEvery: 1 },
  { pages: 1_000, sampleEvery: 1 },
  { pages: 10_000, sampleEvery: 20 },
];

type Job = { setting: string; plan: typeof PLAN };

/**
 * A worker does not inherit the TypeScript loader of `node --import tsx` (Node 20): it registers
 * tsx itself, then loads this file, which sees workerData and runs its job.
 */
const workerBootstrap = () =>
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
  `.then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })` +
  `.catch((e) => { console.error(e); process.exit(1); });`;

async function runJob(job: Job, onRun: (r: ScaleRun) => void) {
  for (const { pages, sampleEvery } of job.plan) onRun(await simulate(pages, sampleEvery, job.setting));
}

/** Every setting at once, one worker thread each; in this thread, one after the other, if workers fail. */
export async function benchScale(plan = PLAN, onRun?: (r: ScaleRun) => void): Promise<ScaleRun[]> {
  const jobs: Job[] = Object.keys(SETTINGS).map((setting) => ({ setting, plan }));
  const runs: ScaleRun[] = [];
  const collect = (r: ScaleRun) => {
    runs.push(r);
    onRun?.(r);
  };
  try {
    await Promise.all(
      jobs.map(
        (job) =>
          new Promise<void>((resolve, reject) => {
            const worker = new Worker(workerBootstrap(), { eval: true, workerData: job });
            worker.on('message', collect);
            worker.on('error', reject);
            worker.on('exit', (code) => (code ? reject(new Error(`scale worker exited with ${code}`)) : resolve()));
          }),
      ),
    );
  } catch (e) {
    if (runs.length) throw e;
    console.warn(`bench/scale.ts: worker threads failed (${(e as Error).message}); running in this thread`);
    for (const job of jobs) await runJob(job, collect);
  }
  const order = Object.keys(SETTINGS);
  return runs.sort((a, b) => order.indexOf(a.setting) - order.indexOf(b.setting) || a.pages - b.pages);
}

const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function scaleMarkdown(runs: ScaleRun[]): string {
  const lines = [
    `Steady state (minutes 2–10) of ${MINUTES} simulated minutes, one error every ${ERROR_EVERY_MS} ms per page (${1000 / ERROR_EVERY_MS} a second, ` +
      `the same error: a failing poll loop), server answering in ${SERVER_LATENCY_MS} ms.`,
    '',
    '| setting | pages (simulated) | requests/s | per page | entries/s | per page | body kB/s | per page | peak requests/s | peak entries/s | errors counted in grouped entries | errors counted, not sent (rate limit) | growth of requests/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const share = (n: number, r: ScaleRun) => (n ? `${fmt((100 * n) / r.errorsLogged, 1)} %` : '—');
  let previous: ScaleRun | null = null;
  for (const r of runs) {
    const same = previous && previous.setting === r.setting ? previous : null;
    const growth = same
      ? `×${fmt(r.steadyRequestsPerSecond / same.steadyRequestsPerSecond, 2)} for ×${fmt(r.pages / same.pages)} pages`
      : '';
    lines.push(
      `| ${same ? '' : r.setting} | ${fmt(r.pages)}${r.sampleEvery > 1 ? ` (${fmt(r.simulatedPages)}, 1 in ${r.sampleEvery})` : ''} | ` +
        `${fmt(r.steadyRequestsPerSecond, 1)} | ${fmt(r.steadyRequestsPerSecond / r.pages, 3)} | ` +
        `${fmt(r.steadyEntriesPerSecond, 1)} | ${fmt(r.steadyEntriesPerSecond / r.pages, 2)} | ` +
        `${fmt(r.steadyBytesPerSecond / 1000)} | ${fmt(r.steadyBytesPerSecond / 1000 / r.pages, 2)} | ` +
        `${r.sampleEvery > 1 ? '≤ ' : ''}${fmt(r.peakRequestsPerSecond)} | ${r.sampleEvery > 1 ? '≤ ' : ''}${fmt(r.peakEntriesPerSecond)} | ` +
        `${share(r.grouped, r)} | ${share(r.countedNotSent, r)} | ${growth} |`,
    );
    previous = r;
  }
  const biggest = Math.max(...runs.map((r) => r.pages));
  const at = (setting: string) => runs.find((r) => r.setting === setting && r.pages === biggest);
  const [grouping, limitOnly, open] = Object.keys(SETTINGS).map(at);
  if (grouping && limitOnly && open) {
    const line = (r: ScaleRun) =>
      `${fmt(r.steadyRequestsPerSecond)} requests/s carrying ${fmt(r.steadyEntriesPerSecond)} entries/s (${fmt(r.steadyBytesPerSecond / 1e6, 1)} MB/s of JSON)`;
    lines.push(
      '',
      `- ${fmt(biggest)} desks in an error loop at once: **${line(grouping)}** with the defaults, against ${line(limitOnly)} with grouping off ` +
        `(the rate limit alone) and ${line(open)} with neither: grouping cuts entries to ${fmt(grouping.steadyEntriesPerSecond / limitOnly.steadyEntriesPerSecond, 2)} ` +
        `and requests to ${fmt(grouping.steadyRequestsPerSecond / limitOnly.steadyRequestsPerSecond, 2)} of the rate limit's, and loses no count: ` +
        `${share(grouping.grouped, grouping)} of the errors arrive counted in grouped entries` +
        (grouping.countedNotSent
          ? `, ${share(grouping.countedNotSent, grouping)} counted by the rate limit.`
          : ', and the rate limit refuses none.'),
      `- Per page: ${fmt(grouping.steadyEntriesPerSecond / grouping.pages, 2)} entries/s in ${fmt(grouping.steadyRequestsPerSecond / grouping.pages, 3)} requests/s ` +
        `(five a minute as they are, then one grouped entry each time a batch is made, every 10 s), against ${fmt(limitOnly.steadyEntriesPerSecond / limitOnly.pages, 1)} ` +
        `entries/s (the 300 a minute the limit allows) and ${fmt(open.steadyEntriesPerSecond / open.pages, 1)} (everything) without them.`,
      '- Growth: linear in the number of pages (the per-page columns stay put from 100 to 10,000 pages): the load to plan for is the per-page ' +
        'figure times the desks that can fail at once. The peak second is close to the steady rate because pages open at random moments.',
    );
  }
  return lines.join('\n');
}

if (!isMainThread && parentPort && (workerData as Job)?.plan) {
  const port = parentPort;
  await runJob(workerData as Job, (r) => port.postMessage(r));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchScale(PLAN, (r) => console.log(JSON.stringify(r))).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}

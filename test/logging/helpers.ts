// Shared fakes for the logger tests: a scripted fetch, a recording console, memory storage,
// plain EventTargets for window/document, and a fake clock passed in (never installed globally).
import FakeTimers from '@sinonjs/fake-timers';
import { memoryStorage, type SafeStorage } from '../../src/storage';
import { createLogger, type LoggerEnv } from '../../src/logging';

export interface Call {
  url: string;
  init: RequestInit;
  /** The parsed body. */
  body: any;
  /** The raw body text. */
  text: string;
  /** What the fake server answered. */
  answer?: Answer;
}

/** What the fake server does with a call: a status, a status with headers, a network failure, or no answer at all. */
export type Answer = number | { status: number; headers?: Record<string, string> } | 'network' | 'hang';

export interface HarnessOptions {
  production?: boolean;
  answer?: (call: Call, n: number) => Answer;
  session?: SafeStorage;
  local?: SafeStorage;
  beacon?: boolean | ((url: string, data: Blob) => boolean);
  onLine?: boolean;
  env?: Partial<LoggerEnv>;
}

export function harness(o: HarnessOptions = {}) {
  const clock = FakeTimers.createClock(0);
  const calls: Call[] = [];
  let answer = o.answer ?? (() => 200);
  const fetch = (url: string, init: RequestInit) => {
    const text = String(init.body);
    const call: Call = { url, init, text, body: JSON.parse(text) };
    calls.push(call);
    const a = answer(call, calls.length);
    call.answer = a;
    if (a === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (a === 'hang')
      return new Promise<never>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const { status, headers = {} } = typeof a === 'number' ? { status: a } : a;
    return Promise.resolve({ status, headers: { get: (n: string) => headers[n] ?? headers[n.toLowerCase()] ?? null } });
  };
  const consoleCalls: { method: string; args: unknown[] }[] = [];
  const con = Object.fromEntries(
    ['debug', 'info', 'log', 'warn', 'error'].map((m) => [m, (...args: unknown[]) => void consoleCalls.push({ method: m, args })]),
  );
  const beacons: { url: string; body: any; type: string }[] = [];
  const pendingBeacons: Promise<void>[] = [];
  const navigator = {
    onLine: o.onLine ?? true,
    sendBeacon:
      o.beacon === undefined || o.beacon === false
        ? undefined
        : (url: string, data: Blob) => {
            const ok = typeof o.beacon === 'function' ? o.beacon(url, data) : true;
            if (ok) pendingBeacons.push(data.text().then((t) => void beacons.push({ url, body: JSON.parse(t), type: data.type })));
            return ok;
          },
  };
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const session = o.session ?? memoryStorage();
  const local = o.local ?? memoryStorage();
  const env: LoggerEnv = {
    production: o.production ?? true,
    fetch: fetch as LoggerEnv['fetch'],
    console: con,
    session,
    local,
    target: target as any,
    doc: doc as any,
    navigator,
    now: () => clock.now,
    random: () => 0,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as any),
    ...o.env,
  };
  const logger = createLogger(env);
  return {
    clock,
    calls,
    consoleCalls,
    beacons,
    navigator,
    target,
    doc,
    session,
    local,
    env,
    logger,
    setAnswer(a: (call: Call, n: number) => Answer) {
      answer = a;
    },
    /** Lets promise callbacks run (fetch answers) without moving the clock. */
    settle: () => clock.tickAsync(0),
    /** start + endpoint, the way bootstrap does it. */
    begin(config = {}, captureErrors = false) {
      logger.start({ production: env.production, config, captureErrors });
      logger.setEndpoint('https://app.example/api/web/clientlogger/');
    },
    async beaconBodies() {
      await Promise.all(pendingBeacons);
      return beacons;
    },
    /** Every entry the server received, in order, batches flattened. */
    received: () => calls.flatMap((c) => (Array.isArray(c.body) ? c.body : [c.body])),
    /** The entries of the calls answered 2xx, in order. */
    delivered: () =>
      calls
        .filter((c) => typeof c.answer === 'number' && c.answer < 300)
        .flatMap((c) => (Array.isArray(c.body) ? c.body : [c.body])),
    warnings: () => consoleCalls.filter((c) => c.method === 'warn' || c.method === 'error'),
    /** The logger's own console reports (warn or error), each as one line of text. */
    reports: () => consoleCalls.filter((c) => c.method === 'warn' || c.method === 'error').map((c) => c.args.map(String).join(' ')),
  };
}

/** The ERROR entries that carry drop counts, as `[queueFull, rateLimited]`. */
export const dropCounts = (entries: any[]) =>
  entries
    .filter((e) => e.level === 5 && /^emweb\.logger/.test(e.message))
    .map((e) => [e.additional[0].queueFull, e.additional[0].rateLimited]);

export const sizes = (calls: Call[]) => calls.map((c) => (Array.isArray(c.body) ? c.body.length : 1));

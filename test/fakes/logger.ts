// Shared fakes for the logger tests: a scripted fetch with a server that keeps the idempotency
// keys it has accepted, a recording console, memory storage, plain EventTargets for window and
// document, and a fake clock passed in (never installed globally).
import FakeTimers from '@sinonjs/fake-timers';
import type { FetchLike } from '../../src/browser/http';
import type { SafeStorage } from '../../src/browser/storage';
import { createLogger, type LoggerEnv } from '../../src/logging';
import type { LoggerOptions } from '../../src/logging/types';
import { memoryStorage } from '.';

export const ENDPOINT = 'https://app.example/api/web/clientlogger/';

export interface Call {
  url: string;
  init: RequestInit;
  /** The parsed body. */
  body: any;
  /** The raw body text. */
  text: string;
  /** The Idempotency-Key header. */
  key: string | undefined;
  /** What the fake server answered. */
  answer?: Answer;
  /** The server had accepted this key before: answered 2xx, not stored again. */
  duplicate?: boolean;
}

/**
 * What the fake server does with a call: a status, a status with headers, a network failure
 * (nothing reaches the server), no answer at all, or an answer lost on its way back after the
 * server stored the batch (`lost`).
 */
export type Answer = number | { status: number; headers?: Record<string, string> } | 'network' | 'hang' | 'lost';

export interface HarnessOptions {
  production?: boolean;
  answer?: (call: Call, n: number) => Answer;
  session?: SafeStorage;
  local?: SafeStorage;
  beacon?: boolean | ((url: string, data: Blob) => boolean);
  onLine?: boolean;
  env?: Partial<LoggerEnv>;
}

export const statusOf = (a: Answer | undefined): number => (typeof a === 'number' ? a : typeof a === 'object' ? a.status : 0);
export const isOk = (a: Answer | undefined): boolean => statusOf(a) >= 200 && statusOf(a) < 300;
export const entriesOf = (body: any): any[] => (Array.isArray(body) ? body : [body]);

export function harness(o: HarnessOptions = {}) {
  const clock = FakeTimers.createClock(0);
  const calls: Call[] = [];
  /** Keys of the batches the server accepted, and what it stored: each batch once. */
  const accepted = new Set<string>();
  const stored: any[] = [];
  let answer = o.answer ?? (() => 200);
  const reply = (status: number, headers: Record<string, string> = {}) =>
    ({ status, headers: { get: (n: string) => headers[n] ?? headers[n.toLowerCase()] ?? null } }) as unknown as Response;
  const fetch: FetchLike = (url, init) => {
    const text = String(init.body);
    const key = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    const call: Call = { url, init, text, key, body: JSON.parse(text) };
    calls.push(call);
    if (key && accepted.has(key)) {
      call.duplicate = true;
      call.answer = 200;
      return Promise.resolve(reply(200));
    }
    const a = answer(call, calls.length);
    call.answer = a;
    if (a === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (isOk(a) || a === 'lost') {
      if (key) accepted.add(key);
      stored.push(...entriesOf(call.body));
    }
    if (a === 'hang' || a === 'lost')
      return new Promise<never>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    return Promise.resolve(reply(statusOf(a), typeof a === 'object' ? a.headers : {}));
  };
  const consoleCalls: { method: string; args: unknown[] }[] = [];
  const con = Object.fromEntries(
    ['debug', 'info', 'log', 'warn', 'error'].map((m) => [
      m,
      (...args: unknown[]) => void consoleCalls.push({ method: m, args }),
    ]),
  );
  const beacons: { url: string; key: string | null; body: any; type: string }[] = [];
  const pendingBeacons: Promise<void>[] = [];
  const navigator = {
    onLine: o.onLine ?? true,
    sendBeacon:
      o.beacon === undefined || o.beacon === false
        ? undefined
        : (url: string, data: Blob) => {
            const ok = typeof o.beacon === 'function' ? o.beacon(url, data) : true;
            const key = new URL(url).searchParams.get('idempotencyKey');
            if (ok)
              pendingBeacons.push(data.text().then((t) => void beacons.push({ url, key, body: JSON.parse(t), type: data.type })));
            return ok;
          },
  };
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const session = o.session ?? memoryStorage();
  const local = o.local ?? memoryStorage();
  const env: LoggerEnv = {
    production: o.production ?? true,
    fetch,
    console: con,
    sessionStorage: session,
    local,
    target,
    doc,
    navigator,
    now: () => clock.now,
    random: () => 0,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as FakeTimers.TimerId),
    ...o.env,
  };
  const control = createLogger(env);
  const logger = control._logger;
  const h = {
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
    /** What the page sees. */
    logger,
    /** What the clients drive: start, stop, the endpoint. */
    control,
    accepted,
    /** Every entry the server stored: each batch once, however often it was sent. */
    stored,
    setAnswer(a: (call: Call, n: number) => Answer) {
      answer = a;
    },
    /** Lets promise callbacks run (fetch answers) without moving the clock. */
    settle: () => clock.tickAsync(0),
    /** start + endpoint, the way bootstrap does it. */
    begin(options: LoggerOptions = {}, { captureErrors = false, headers = {} as Record<string, string> } = {}) {
      control._start({ production: env.production, options, captureErrors });
      control._setEndpoint({ url: ENDPOINT, headers: () => headers });
    },
    async beaconBodies() {
      await Promise.all(pendingBeacons);
      return beacons;
    },
    /** Every entry the server received, in order, batches flattened. */
    received: () => calls.flatMap((c) => entriesOf(c.body)),
    /** The entries of the calls answered 2xx, in order. */
    delivered: () => calls.filter((c) => isOk(c.answer)).flatMap((c) => entriesOf(c.body)),
    /** The logger's own console reports, each as one line of text. */
    reports: () => consoleCalls.filter((c) => c.args[0] === 'emweb.logger:').map((c) => c.args.map(String).join(' ')),
    hide() {
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    show() {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    pagehide: () => target.dispatchEvent(new Event('pagehide')),
    /** The ledger balances: logged = sent + queued + dropped. */
    balanced() {
      const s = logger.stats();
      return s.logged === s.sent + s.queued + s.dropped;
    },
  };
  return h;
}

/** The ERROR entries that carry drop counts. */
export const dropReports = (entries: any[]) =>
  entries.filter((e) => e.level === 5 && e.message === 'emweb.logger dropped entries').map((e) => e.additional[0]);

export const sizes = (calls: Call[]) => calls.map((c) => entriesOf(c.body).length);

export const messages = (entries: any[]) => entries.map((e) => e.message);

/** What the page keeps for the next page: every key under the prefix, parsed. */
export function storedPages(local: SafeStorage): { key: string; value: any }[] {
  return local
    .keys()
    .filter((k) => k.startsWith('emweb.logger.pending.'))
    .map((key) => ({ key, value: JSON.parse(local.get(key)!) }));
}

/** The messages of every stored batch, across pages. */
export const storedMessages = (local: SafeStorage): string[] =>
  storedPages(local).flatMap((p) => p.value.batches.flatMap((b: any) => entriesOf(b.body).map((e: any) => e.message)));

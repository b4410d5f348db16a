/**
 * The server side of the logger: the queue (policy in batch.ts), one batch in flight at a time,
 * retries (policy in retry.ts), the flush timer, and page-exit delivery. Like Datadog's browser
 * transport, a batch that failed for a temporary reason stays at the head and is sent again
 * before anything newer, so the server sees entries in order and each once.
 */
import {
  admit,
  bodyOf,
  createBatchState,
  dueAt,
  hasWork,
  isDue,
  putFront,
  restoreCounts,
  take,
  trim,
  type Admission,
  type Taken,
} from './batch';
import { createFlushTimer } from './flushController';
import { beacon, NO_ANSWER, post, type BeaconNavigator, type PostFetch, type SendResult } from './httpRequest';
import { savePending, takePending } from './persist';
import { backoff, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import { utf8Bytes, type Serialized } from './serialize';
import type { SafeStorage } from '../storage';
import type { LoggerConfig } from './types';

/** Browsers allow this many bytes of keepalive requests in flight per page (the host's included). */
export const KEEPALIVE_BUDGET = 64 * 1024;

export interface TransportDeps {
  fetch: PostFetch | undefined;
  navigator: () => BeaconNavigator | undefined;
  local: SafeStorage;
  now: () => number;
  random: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  sendTimeoutMs: number;
  /** The console methods saved at creation: the logger's own trouble goes there, never into the queue. */
  report: (kind: 'warn' | 'error', ...args: unknown[]) => void;
}

export interface Transport {
  configure(cfg: LoggerConfig): void;
  enqueue(entry: Serialized): void;
  setEndpoint(url: string | null): void;
  /** Started: sends; stopped: only queues. */
  activate(on: boolean): void;
  /** Entries the last page could not deliver go to the front of the queue. */
  loadPending(): void;
  flush(): Promise<void>;
  exit(): void;
  online(): void;
}

export function createTransport(d: TransportDeps): Transport {
  const s = createBatchState();
  let cfg!: LoggerConfig;
  let active = false;
  let endpoint: string | null = null;
  /** The batch in flight, or waiting to go again (retry timer, offline). */
  let batch: Taken | null = null;
  let body = '';
  let sending = false;
  let retryTimer: unknown = null;
  let offline = false;
  let attempts = 0;
  let networkFailures = 0;
  let keepaliveBytes = 0;
  let flushMark = -1;
  let waiters: { mark: number; done: () => void }[] = [];
  /** Something broke inside: say so, and let no flush() wait on a state that may never move again. */
  const fail = (e: unknown) => {
    d.report('error', 'emweb.logger:', e);
    for (const w of waiters.splice(0)) w.done();
  };
  // Timer and promise callbacks are entries from the event loop: an exception there would reach the page.
  const safely =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
      } catch (e) {
        fail(e);
      }
    };
  const timer = createFlushTimer(d.setTimeout, d.clearTimeout, safely(() => pump()));
  const isOffline = () => {
    try {
      return d.navigator()?.onLine === false;
    } catch {
      return false;
    }
  };
  const options = (keepalive?: boolean) => ({
    credentials: cfg.withCredentials,
    keepalive,
    timeoutMs: d.sendTimeoutMs,
    setTimeout: d.setTimeout,
    clearTimeout: d.clearTimeout,
  });

  const warnOf = (a: Admission) => {
    if (a === 'overflow-start') d.report('warn', `emweb.logger: queue full (${cfg.maxQueueSize} entries), dropping the oldest`);
    if (a === 'limited-start')
      d.report('warn', `emweb.logger: over ${cfg.maxEntriesPerMinute} entries a minute, further entries are counted, not sent`);
  };

  /** Nothing can leave right now: flush() waiters need not wait for it. */
  const blocked = () => !active || !endpoint || retryTimer !== null || offline;

  function settle() {
    if (!waiters.length) return;
    waiters = waiters.filter((w) => {
      const handed = blocked() || (!s.items.some((i) => i.seq <= w.mark) && (!batch || sending));
      if (handed) w.done();
      return !handed;
    });
  }

  function pump() {
    if (sending || blocked()) return settle();
    if (!batch) {
      const now = d.now();
      const flushing = waiters.length > 0 && (s.overflow > 0 || s.limited > 0 || s.items.some((i) => i.seq <= flushMark));
      if (!flushing && !isDue(s, cfg, now)) {
        timer.arm(dueAt(s, cfg), now);
        return settle();
      }
      if (!hasWork(s)) return settle();
      batch = take(s, cfg, now);
      body = bodyOf(batch.items, cfg.batchSize);
      attempts = networkFailures = 0;
    }
    dispatch();
  }

  function dispatch() {
    if (isOffline()) {
      offline = true;
      return settle();
    }
    sending = true;
    const sent = batch!;
    const done = safely((r: SendResult) => result(sent, r));
    if (!post(d.fetch, endpoint!, body, options(), done)) void Promise.resolve(NO_ANSWER).then(done);
    settle();
  }

  function result(sent: Taken, r: SendResult) {
    sending = false;
    if (sent !== batch) return;
    const outcome = classify(r.status);
    const what = `${sent.items.length} log entries`;
    const offlineNow = isOffline();
    if (outcome === 'ok') {
      batch = null;
    } else if (outcome === 'drop' || (outcome === 'network' && !offlineNow && ++networkFailures > MAX_NETWORK_RETRIES)) {
      d.report('error', `emweb.logger: ${what} dropped (${r.status ? 'HTTP ' + r.status : 'network failure'})`);
      restoreCounts(s, sent, d.now());
      batch = null;
    } else if (outcome === 'network' && offlineNow) {
      offline = true;
      d.report('warn', `emweb.logger: offline, ${what} wait for the connection`);
    } else {
      const delay = parseRetryAfter(r.retryAfter, d.now()) ?? backoff(++attempts, d.random);
      d.report('warn', `emweb.logger: sending ${what} failed (${r.status ? 'HTTP ' + r.status : 'network failure'}), retrying in ${Math.round(delay)} ms`);
      if (active) {
        retryTimer = d.setTimeout(
          safely(() => {
            retryTimer = null;
            pump();
          }),
          delay,
        );
      }
    }
    pump();
  }

  function store(entries: Serialized[]) {
    if (entries.length && !savePending(d.local, entries)) {
      d.report('error', `emweb.logger: ${entries.length} log entries lost (storage unavailable)`);
    }
  }

  function exit() {
    timer.cancel();
    if (batch && !sending) {
      // Waiting for a retry or for the connection: the page may not get another chance.
      if (retryTimer !== null) d.clearTimeout(retryTimer);
      retryTimer = null;
      offline = false;
      putFront(s, batch.items);
      batch = null;
    }
    let nav: BeaconNavigator | undefined;
    try {
      nav = d.navigator();
    } catch {
      /* then there is no beacon either */
    }
    const url = endpoint;
    const offlineNow = isOffline();
    const keep: Serialized[] = [];
    const now = d.now();
    while (hasWork(s)) {
      const chunk = take(s, cfg, now).items;
      if (!url || offlineNow) {
        keep.push(...chunk);
        continue;
      }
      const text = bodyOf(chunk, cfg.batchSize);
      const bytes = utf8Bytes(text);
      const viaFetch =
        keepaliveBytes + bytes <= KEEPALIVE_BUDGET &&
        post(
          d.fetch,
          url,
          text,
          options(true),
          safely((r: SendResult) => {
            keepaliveBytes -= bytes;
            const outcome = classify(r.status);
            // The page stayed after all (or the answer came in time): keep what may still go through.
            if (outcome === 'retry' || outcome === 'network') store(chunk);
            else if (outcome === 'drop') d.report('error', `emweb.logger: ${chunk.length} log entries dropped (HTTP ${r.status})`);
          }),
        );
      if (viaFetch) keepaliveBytes += bytes;
      else if (!beacon(nav, url, text)) keep.push(...chunk);
    }
    store(keep);
    settle();
  }

  return {
    configure(c) {
      cfg = c;
      warnOf(trim(s, c.maxQueueSize, d.now()));
      pump();
    },
    enqueue(entry) {
      const a = admit(s, entry, d.now(), cfg);
      if (a !== 'queued') warnOf(a);
      pump();
    },
    setEndpoint(url) {
      endpoint = typeof url === 'string' && url ? url : null;
      pump();
    },
    activate(on) {
      active = on;
      if (!on) {
        timer.cancel();
        if (retryTimer !== null) d.clearTimeout(retryTimer);
        // a batch that was waiting is sent first once started again
        retryTimer = null;
        offline = false;
      }
      pump();
    },
    loadPending() {
      const p = takePending(d.local);
      if (!p.entries.length && !p.dropped) return;
      const now = d.now();
      putFront(
        s,
        p.entries.map((e) => ({ json: e.json, bytes: e.bytes, at: now, seq: s.seq++ })),
      );
      s.overflow += p.dropped;
      if (p.dropped) s.countedAt ??= now;
      warnOf(trim(s, cfg.maxQueueSize, now));
      pump();
    },
    flush() {
      return new Promise<void>((done) => {
        waiters.push({ mark: (flushMark = s.seq - 1), done });
        safely(pump)();
      });
    },
    exit,
    online() {
      if (!offline) return;
      offline = false;
      networkFailures = 0;
      pump();
    },
  };
}

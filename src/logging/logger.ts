import { STORAGE_KEYS } from '../constants';
import { safeStorage } from '../storage';
import { admit, bodyOf, createQueue, dueIn, giveUp, item, take, type Batch } from './batch';
import { beacon, post, type Answer } from './httpRequest';
import { CONSOLE_METHODS, developmentDefaults, productionDefaults, validConfig } from './levels';
import { listen } from './lifecycle';
import { loadSettings, readPending, saveSettings, savePending } from './persist';
import { backoff, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import { serializeEntry, utf8Bytes } from './serialize';
import type { BeaconNavigator } from './httpRequest';
import type { DocumentLike, EventTargetLike } from './lifecycle';
import type { LogEndpoint, LogEntry, LoggerConfig, LoggerController, LoggerStartOptions } from './types';
import type { SafeStorage } from '../storage';

/** What the logger uses from its surroundings; each defaults to the real global, looked up when used. */
export interface LoggerEnv {
  production: boolean;
  fetch?: (url: string, init: RequestInit) => Promise<{ status: number; headers?: { get(name: string): string | null } }>;
  console?: Partial<Record<'debug' | 'info' | 'log' | 'warn' | 'error', (...args: unknown[]) => void>>;
  session?: SafeStorage;
  local?: SafeStorage;
  target?: EventTargetLike;
  doc?: DocumentLike;
  navigator?: BeaconNavigator;
  now?: () => number;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  sendTimeoutMs?: number;
}

/** How long one send may take before it counts as a network failure. */
export const SEND_TIMEOUT_MS = 15_000;
/** What keepalive requests may carry at once: the browser's budget, shared with the host page. */
const KEEPALIVE_BUDGET = 64 * 1024;

const LEVELS = ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const;

/**
 * The page's logger. Entries go to the console and, from `serverLogLevel` up, into a bounded
 * queue sent in batches, one at a time, retrying what is worth it. Every way in (public methods,
 * timers, answers, page events) is guarded: nothing the logger does can throw into the page.
 */
export function createLogger(env: LoggerEnv): LoggerController {
  const g = globalThis as any;
  // What env does not give is the real global, looked up at each use: a fetch or clock a test
  // installs later is the one used.
  const use = (name: keyof LoggerEnv, from = g) => (env as any)[name] ?? from[name];
  const c = use('console');
  // Saved now, by level: a host page that patches the console later (to forward it here, say) cannot loop us.
  const con = CONSOLE_METHODS.map((m) => c?.[m]?.bind(c));
  const report = (what: unknown, ...a: unknown[]) => {
    try {
      con[4]?.('emweb.logger: ' + what, ...a);
    } catch {}
  };
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R | undefined => {
      try {
        return fn(...a);
      } catch (e) {
        report('failed:', e);
      }
    };
  const now = (): number => use('now', Date)();
  // Every callback handed to it is guarded already.
  const later = guard((fn: () => void, ms: number): unknown => use('setTimeout')(fn, ms));
  // While the browser says it is offline nothing is tried: the `online` event resumes sending.
  const online = () => use('navigator')?.onLine !== false;
  const session = env.session ?? safeStorage(() => g.sessionStorage);
  const local = env.local ?? safeStorage(() => g.localStorage);
  // Token mode: the logger's POST is an API call like the others, with the token of the moment.

  let cfg: LoggerConfig;
  // The lowest level that does anything at all: the first and only check of a filtered call.
  let min = 0;
  let endpoint: string | null = null;
  let endpointHeaders = (): Record<string, string> => ({});
  // A new object each start(), so that a stop() still flushing can tell a start() came meanwhile.
  let run: object | 0 = 0;
  const q = createQueue();
  // The batch being sent or waiting to be sent again; `sending` while its request is out.
  let batch: Batch | undefined;
  let sending: Promise<unknown> | undefined;
  let sentAt = 0;
  // The one timer: when the next batch is due or, while `batch` waits, its retry.
  let timer: unknown;
  let attempt = 0;
  let networkFailures = 0;
  let keepaliveBytes = 0;
  let unlisten = () => {};

  const stopTimer = () => {
    if (timer) use('clearTimeout')(timer);
    timer = 0;
  };
  // The timer fires when a batch is due (or its retry): then what is there goes, whatever dueIn says.
  const wake = (ms: number) =>
    (timer = later(() => {
      timer = 0;
      pump(1);
    }, ms));

  // The tab's saved settings win over `over` (the options, or an update, which is saved already
  // unless storage failed), which wins over `base` (the mode's defaults, or the config so far).
  const configure = (base: LoggerConfig, over?: Partial<LoggerConfig>) => {
    cfg = { ...base, ...over, ...loadSettings(session) };
    min = Math.min(cfg.disableConsoleLogging ? 7 : cfg.level, cfg.serverLogLevel);
    // Like loglevel, a level below every threshold points at an empty function: a filtered call
    // then costs no more than calling nothing. The live methods check the level too, so one taken
    // off the logger while enabled stays right; one the host page put there itself is left alone.
    LEVELS.forEach((name, level) => {
      const m = logger[name];
      if (!m || m == live[level] || m == silent) logger[name] = level < min ? silent : live[level]!;
    });
    // A new flushIntervalMs applies to what is queued; a retry keeps its delay.
    if (!batch) stopTimer();
    pump();
  };

  // Decides what happens next; called after anything that may change it, `due` from the timer.
  const pump = guard((due?: number) => {
    if (!run || !endpoint || sending || !online()) return;
    if (batch) return timer || transmit(batch);
    const wait = dueIn(q, now(), cfg);
    if (wait < Infinity) due || !wait ? send() : timer || wake(wait);
  });

  const next = () => take(q, now(), cfg.batchSize);
  const request = (entries: string[], keepalive: boolean, body = bodyOf(entries, cfg.batchSize)) =>
    post(use('fetch'), endpoint!, body, endpointHeaders(), cfg.withCredentials, keepalive, env.sendTimeoutMs ?? SEND_TIMEOUT_MS, later);

  const send = () => {
    stopTimer();
    transmit((batch = next()));
  };

  const transmit = (b: Batch) => (
    (sentAt = now()),
    (sending = Promise.resolve<Answer>(request(b[0], false) || [0]).then(
      guard(([status, retryAfter]: Answer) => {
        sending = undefined;
        const outcome = classify(status);
        const up = online();
        // A network failure while online may never pass (CSP, ad blocker): it is tried a few times only.
        const drop = outcome == 'drop' || (outcome == 'network' && up && ++networkFailures > MAX_NETWORK_RETRIES);
        if (outcome != 'ok') {
          report('send failed', status, drop ? 'dropped' : 'kept');
          // Offline, the `online` event sends it again.
          if (!drop) return up && wake(parseRetryAfter(retryAfter, now()) ?? backoff(++attempt, use('random', Math)()));
          giveUp(q, b);
        }
        batch = undefined;
        attempt = networkFailures = 0;
        pump();
      }),
    ))
  );

  const keep = (entries: string[]) => entries.length && !savePending(local, entries) && report('lost', entries.length);

  // The page is going away (or may be: hidden pages get discarded). What is queued goes now, as
  // keepalive fetches within the browser's budget, else as beacons; what cannot leave is kept in
  // localStorage for the next page. So is everything while the server fails (a batch waits for its
  // retry) or is slow (one has been out for over a second): sent into the outage it would be lost
  // with the page, whose answers are never seen. That batch goes first, and is let go: should one
  // in flight get through still, it is sent twice. Otherwise a batch in flight is left to its request.
  const exit = () => {
    stopTimer();
    const out = batch;
    const outage = out && (!sending || now() - sentAt > 1000);
    const all = outage ? ((batch = undefined), [out[0]]) : [];
    for (let b; (b = next()[0]).length; ) all.push(b);
    if (!endpoint || !online() || outage) return keep(all.flat());
    for (const entries of all) {
      const body = bodyOf(entries, cfg.batchSize);
      const bytes = utf8Bytes(body);
      let answer: Promise<Answer> | undefined;
      if (keepaliveBytes + bytes <= KEEPALIVE_BUDGET && (answer = request(entries, true, body))) {
        keepaliveBytes += bytes;
        // The page stayed after all, or the answer came in time: what failed waits for the next page.
        answer.then(
          guard(([status]: Answer) => {
            keepaliveBytes -= bytes;
            if (classify(status) != 'ok') keep(entries);
          }),
        );
      } else if (!beacon(use('navigator'), endpoint, body)) keep(entries);
    }
  };

  const silent = () => {};
  const live = LEVELS.map(
    (_, level) =>
      // `arguments` rather than a rest parameter: a call allocates nothing until it is known to log.
      function (message?: unknown) {
        if (level >= min) log(level, message, [].slice.call(arguments, 1));
      },
  );

  const log = guard((level: number, message: unknown, additional: unknown[]) => {
    if (level >= cfg.serverLogLevel) {
      const t = now();
      // The development token need not look like a JWT: the stored one is taken out by value.
      const token = local.get(STORAGE_KEYS.devToken);
      let json = serializeEntry(level as LogEntry['level'], message, additional, t);
      if (token && token.length > 7) json = json.split(token).join('[redacted]');
      const warn = admit(q, json, t, cfg);
      if (warn) report(warn);
      pump();
    }
    if (!cfg.disableConsoleLogging && level >= cfg.level) con[level]?.(message, ...additional);
  });

  // Batch after batch until all is handed over, or sending must wait (retry, offline, no endpoint).
  const flush = async () => {
    while (endpoint && online() && !(batch && !sending) && dueIn(q, now(), cfg) < Infinity) {
      if (sending) await sending;
      else send();
    }
  };

  const logger = {
    updateConfig: guard((partial: Partial<LoggerConfig>) => {
      const valid = validConfig(partial);
      saveSettings(session, valid);
      configure(cfg, valid);
    }),
    getConfig: () => ({ ...cfg }),
    flush: () => flush().then(() => ({ sent: 0, kept: 0, dropped: 0 }), () => ({ sent: 0, kept: 0, dropped: 0 })),
    stats: () => ({ logged: 0, sent: 0, queued: 0, dropped: 0, droppedBy: { queueFull: 0, rateLimited: 0, beforeSend: 0, rejected: 0, network: 0, storeFull: 0 } }),
    setContext: () => {},
    start: guard(({ production, options: config, captureErrors }: LoggerStartOptions) => {
      if (!run) {
        // What the last page could not deliver goes first.
        const { entries, dropped } = readPending(local, true);
        q.items.unshift(...entries.map((json) => item(json, now())));
        q.overflow += dropped;
      }
      run = {};
      unlisten();
      unlisten = listen(
        env.target ?? g.window,
        env.doc ?? g.document,
        exit,
        pump,
        captureErrors && ((message, detail) => log(5, message, [detail])),
      );
      configure(production ? productionDefaults : developmentDefaults, validConfig(config));
    }),
    setEndpoint: guard((to: LogEndpoint | null) => {
      endpoint = to?.url ?? null;
      if (to) endpointHeaders = to.headers;
      pump();
    }),
    stop: async () => {
      const r = run;
      await logger.flush();
      if (r == run) {
        run = 0;
        stopTimer();
        unlisten();
      }
    },
  } as unknown as LoggerController;
  configure(env.production ? productionDefaults : developmentDefaults);
  return logger;
}

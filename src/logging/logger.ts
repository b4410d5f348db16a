/**
 * The page's logger: the public API (ngx-logger's methods), console output, configuration,
 * context and beforeSend. An entry at or above `serverLogLevel` is counted in the ledger, passes
 * the rate limit, is made safe and scrubbed, goes through beforeSend and into the bounded queue;
 * the transport takes it from there. Every way in is guarded: nothing the logger does can throw
 * into the page.
 */
import { LogLevel, STORAGE_KEYS } from '../constants';
import { createQueue, createRateWindow, enqueue, queuedEntry, withinRate } from './batch';
import { loadSettings, saveSettings, validConfig } from './config';
import { type LoggerEnv, now, surroundings } from './env';
import { newIdempotencyKey } from './httpRequest';
import { developmentDefaults, LEVEL_NAMES, productionDefaults } from './levels';
import { listen } from './lifecycle';
import { STORE_PREFIX } from './pendingStore';
import { CONTEXT_CUT, contextTail, entryJson, isEntry, isoTime, makeEntry, NO_CONTEXT, type SizedJson } from './serialize';
import type { LevelMethods, LoggerState, LogMethod } from './state';
import { createLedger, statsOf } from './stats';
import {
  batchedEntries,
  drop,
  exit,
  flush,
  pump,
  reschedule,
  restoreStored,
  resume,
  setEndpoint,
  startTransport,
  stopTransport,
  wentOnline,
} from './transport';
import type { LogEndpoint, LogEntry, LoggerConfig, LoggerController, LoggerStartOptions } from './types';

const silent: LogMethod = () => {};

export function createLogger(env: LoggerEnv): LoggerController {
  const methods: LevelMethods = {
    trace: silent,
    debug: silent,
    info: silent,
    log: silent,
    warn: silent,
    error: silent,
    fatal: silent,
  };
  const state: LoggerState = {
    ...surroundings(env),
    config: env.production ? productionDefaults : developmentDefaults,
    threshold: 0,
    beforeSend: null,
    beforeSendWarned: false,
    context: NO_CONTEXT,
    run: null,
    started: false,
    unlisten: silent,
    methods,
    live: LEVEL_NAMES.map((_, level) => (message?: unknown, ...additional: unknown[]) => {
      // A method taken off the logger before its level was filtered still checks it.
      if (level < state.threshold) return;
      try {
        log(state, level as LogLevel, message, additional);
      } catch (error) {
        state.report(error);
      }
    }),
    queue: createQueue(),
    rate: createRateWindow(),
    ledger: createLedger(),
    status: 'idle',
    running: false,
    endpoint: null,
    outbox: [],
    inflight: null,
    attempt: 0,
    networkFailures: 0,
    retryTimer: null,
    serverWaitUntil: 0,
    dueTimer: null,
    dueAt: 0,
    keepaliveBytes: 0,
    stored: false,
    storeKey: STORE_PREFIX + newIdempotencyKey(),
    watchers: new Set(),
  };
  const logger: LoggerController = Object.assign(methods, controller(state));
  configure(state, state.config, {});
  return logger;
}

function controller(state: LoggerState): Omit<LoggerController, keyof LevelMethods> {
  const { guard } = state;
  return {
    updateConfig: guard((partial: Partial<LoggerConfig>) => {
      const valid = validConfig(partial);
      saveSettings(state.session, valid);
      configure(state, state.config, valid);
    }),
    getConfig: () => ({ ...state.config }),
    flush: () => flush(state).catch(() => ({ sent: 0, kept: 0, dropped: 0 })),
    stats: () => statsOf(state.ledger, state.queue.entries.length + batchedEntries(state), state.status),
    setContext: guard((context: Record<string, unknown> | null) => {
      state.context = contextTail(context, state.local.get(STORAGE_KEYS.devToken));
      if (state.context.json.includes(CONTEXT_CUT)) state.report('context over 4 KiB left out');
    }),
    start: guard((options: LoggerStartOptions) => start(state, options)),
    setEndpoint: guard((endpoint: LogEndpoint | null) => setEndpoint(state, endpoint)),
    stop: async () => {
      const run = state.run;
      await flush(state).catch(state.report);
      if (run !== state.run) return;
      state.run = null;
      stopTransport(state);
      state.unlisten();
      state.unlisten = silent;
    },
  };
}

function start(state: LoggerState, { production, options, captureErrors }: LoggerStartOptions): void {
  const { env } = state;
  if (!state.started) {
    state.started = true;
    // Whatever an earlier page left must not keep this one from starting.
    state.guard(restoreStored)(state);
  }
  state.run = {};
  state.unlisten();
  state.unlisten = listen(env.target ?? globalThis.window, env.doc ?? globalThis.document, {
    exit: () => exit(state),
    visible: () => resume(state),
    online: () => wentOnline(state),
    capture: captureErrors ? (message, detail) => log(state, LogLevel.ERROR, message, [detail]) : undefined,
  });
  const hook = options?.beforeSend;
  state.beforeSend = typeof hook === 'function' ? hook : null;
  configure(state, production ? productionDefaults : developmentDefaults, validConfig(options));
  startTransport(state);
}

/**
 * The tab's saved settings win over `over` (the options, or an update, which is saved already
 * unless storage failed), which wins over `base` (the mode's defaults, or the config so far).
 */
function configure(state: LoggerState, base: LoggerConfig, over: Partial<LoggerConfig>): void {
  const config = { ...base, ...over, ...loadSettings(state.session) };
  const { methods, live } = state;
  state.config = config;
  state.threshold = Math.min(config.disableConsoleLogging ? LogLevel.OFF : config.level, config.serverLogLevel);
  // As loglevel does, a level below every threshold points at an empty function: a filtered call
  // then costs no more than calling nothing. A method the host page put there itself is left alone.
  LEVEL_NAMES.forEach((name, level) => {
    const method = methods[name];
    if (!method || method === silent || method === live[level]) methods[name] = level < state.threshold ? silent : live[level]!;
  });
  reschedule(state);
}

function log(state: LoggerState, level: LogLevel, message: unknown, additional: unknown[]): void {
  const { config } = state;
  if (level >= config.serverLogLevel && config.serverLogLevel < LogLevel.OFF) queueEntry(state, level, message, additional);
  if (!config.disableConsoleLogging && level >= config.level) state.print[level]?.(message, ...additional);
}

function queueEntry(state: LoggerState, level: LogLevel, message: unknown, additional: unknown[]): void {
  const { config, ledger } = state;
  const at = now(state);
  if (!withinRate(state.rate, at, config.maxEntriesPerMinute)) {
    ledger.logged++;
    drop(state, 'rateLimited', 1);
  } else {
    // The development token need not look like a JWT: the stored one is taken out by value.
    const devToken = state.local.get(STORAGE_KEYS.devToken);
    const entry = makeEntry(level, message, additional, isoTime(at), devToken);
    ledger.logged++;
    const sized = state.beforeSend ? applyBeforeSend(state, entry, devToken) : entryJson(entry, state.context);
    if (sized === null) drop(state, 'beforeSend', 1);
    else drop(state, 'queueFull', enqueue(state.queue, queuedEntry(sized, at), config.maxQueueSize));
  }
  pump(state);
}

/**
 * The entry as beforeSend leaves it, made safe and scrubbed again; null when the hook dropped it
 * (`false`). A hook that throws, or returns something that is not an entry, leaves the entry as it
 * was, with one console warning.
 */
function applyBeforeSend(state: LoggerState, entry: LogEntry, devToken: string | null): SizedJson | null {
  const original = entryJson(entry, state.context);
  let result: unknown;
  try {
    // A copy: a hook that changes the entry and then throws must leave it as it was.
    result = state.beforeSend?.(JSON.parse(original.json));
  } catch (error) {
    result = error;
  }
  if (result === false) return null;
  if (isEntry(result)) {
    const { level, message, additional, timestamp, context } = result;
    return entryJson(makeEntry(level, message, additional, timestamp.slice(0, 64), devToken), contextTail(context, devToken));
  }
  if (!state.beforeSendWarned) {
    state.beforeSendWarned = true;
    state.report('beforeSend failed:', result);
  }
  return original;
}

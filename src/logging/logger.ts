/**
 * The page's logger: the public API (ngx-logger's methods), console output and the configuration,
 * and the composition of its parts, each handed the few others it uses. A call at or above
 * `serverLogLevel` is counted in the ledger and handed to the queue (which groups repeats, applies
 * the rate limit and the bound, and has the entry made); delivery forms batches from the queue and
 * owns each until it is settled, page exit included. Every way in is
 * guarded: nothing the logger does can throw into the page. Starting, stopping and the endpoint
 * are on the controller only, which the page's clients hold (page.ts).
 */
import { LogLevel } from '../product/constants';
import { createDelivery } from './delivery/delivery';
import { createEntries } from './entry/entry';
import { developmentDefaults, LEVEL_NAMES, productionDefaults } from './entry/levels';
import { loggedTime } from './entry/serialize';
import { type LoggerEnv, type Runtime, resolveRuntime } from './page/env';
import { listen, type PageEvents } from './page/lifecycle';
import { createLedger } from './queue/ledger';
import { createQueue } from './queue/queue';
import { createOneSender } from './sender/oneSender';
import { createPost } from './sending/post';
import { loadSettings, saveSettings, validSettings } from './settings';
import type { FlushResult, LogEndpoint, Logger, LoggerConfig, LoggerController, LoggerStartOptions, LogMethod } from './types';

type LevelMethods = Pick<Logger, (typeof LEVEL_NAMES)[number]>;

const silent: LogMethod = () => {};

/** The parts, each handed the few others it uses. */
function composeParts(runtime: Runtime, settings: () => LoggerConfig) {
  const ledger = createLedger(runtime);
  const entries = createEntries(runtime);
  const queue = createQueue(settings, ledger, runtime.now, entries._write, (refs, reason) => oneSender._dropped(refs, reason));
  const post = createPost(runtime, () => settings().withCredentials);
  const delivery = createDelivery(runtime, queue, ledger, post, settings);
  const oneSender = createOneSender({
    runtime,
    queue,
    pending: delivery._pending,
    ledger,
    writeEntry: entries._write,
    settings,
    sendDue: delivery._sendDue,
    flushOwn: delivery._flush,
  });
  return { ledger, entries, queue, delivery, oneSender };
}

type Parts = ReturnType<typeof composeParts>;

/** This tab's own batches and its entries handed to the sender, flushed together. */
async function flushBoth({ delivery, oneSender }: Parts): Promise<FlushResult> {
  const [own, handed] = await Promise.all([delivery._flush(), oneSender._flush()]);
  return { sent: own.sent + handed.sent, kept: own.kept + handed.kept, dropped: own.dropped + handed.dropped };
}

/** flush() and stats() of the public logger: this tab's own batches and its entries handed to the sender, together. */
function ledgerMethods(parts: Parts): Pick<Logger, 'flush' | 'stats'> {
  const { ledger, queue, delivery, oneSender } = parts;
  return {
    flush: () => flushBoth(parts),
    stats: () => ({
      ...ledger._stats(queue._held() + delivery._held() + oneSender._held(), delivery._status()),
      tabRole: oneSender._role(),
    }),
  };
}

/** Page events: page exit and the tabs' sender follow the page leaving, coming back and freezing. */
const pageEvents = ({ delivery, oneSender }: Parts, error: PageEvents['error']): PageEvents => ({
  shown(visible) {
    delivery._pageExit._shown(visible);
    oneSender._setActive(visible);
  },
  freeze: () => oneSender._setActive(false),
  online: delivery._sendDue,
  error,
});

/** What the page's clients drive: start, the endpoint, stop. */
function controller(
  runtime: Runtime,
  parts: Parts,
  events: PageEvents,
  start: (options: LoggerStartOptions) => void,
): Omit<LoggerController, '_logger'> {
  const { delivery, oneSender } = parts;
  /** Starts so far: a stop still flushing can tell that a start came meanwhile. */
  let starts = 0;
  let unlisten = silent;
  /** Where batches go while started: its URL names the tabs' lock and channel. */
  let endpointUrl: string | null = null;
  return {
    _start: runtime.guard((options: LoggerStartOptions) => {
      // Whatever an earlier page left must not keep this one from starting.
      if (!starts) runtime.guard(delivery._pageExit._restore)();
      starts++;
      unlisten();
      unlisten = listen(runtime.window, runtime.document, events, options.captureErrors);
      start(options);
      delivery._start();
      oneSender._setActive(runtime.document?.visibilityState !== 'hidden');
      oneSender._setEndpoint(endpointUrl);
    }),
    _setEndpoint: runtime.guard((endpoint: LogEndpoint | null) => {
      delivery._setEndpoint(endpoint);
      endpointUrl = endpoint?.url ?? null;
      if (delivery._status() !== 'stopped') oneSender._setEndpoint(endpointUrl);
    }),
    async _stop() {
      const at = starts;
      // What this tab handed to the sender tab is flushed too: the sender may be the tab that stays.
      await flushBoth(parts);
      if (at !== starts) return;
      delivery._stop();
      oneSender._setEndpoint(null);
      unlisten();
      unlisten = silent;
    },
  };
}

export function createLogger(env: LoggerEnv): LoggerController {
  const runtime = resolveRuntime(env);
  const { guard, report, now, sessionStorage } = runtime;
  /** The live configuration: written here only (start, updateConfig), read by the parts through `settings`. */
  let settings: LoggerConfig = env.production ? productionDefaults : developmentDefaults;
  const parts = composeParts(runtime, () => settings);
  const { ledger, entries, queue, delivery, oneSender } = parts;
  /** The level methods of the public logger (which is this object, with the contract's other methods). */
  const methods = {} as LevelMethods;
  /** The lowest level that does anything at all: below it a method is an empty function. */
  let threshold = 0;

  function log(level: LogLevel, message: unknown, additional: unknown[]): void {
    const { serverLogLevel, disableConsoleLogging } = settings;
    // Levels go up to FATAL: at OFF nothing reaches either threshold.
    if (level >= serverLogLevel) {
      // A clock that gives no time throws here, before the entry is counted.
      const at = loggedTime(now());
      ledger._log(1);
      const call = { level, message, additional, at, context: entries._context() };
      if (oneSender._role() === 'follower') oneSender._hand(call);
      // A call counted into a grouped entry makes no batch due sooner: delivery need not look.
      else if (queue._push(call)) delivery._sendDue();
    }
    if (!disableConsoleLogging && level >= settings.level) runtime.print[level]?.(message, ...additional);
  }

  /** The methods that log, by level. A method taken off the logger before its level was filtered still checks it. */
  const live = LEVEL_NAMES.map((_, level) => (message?: unknown, ...additional: unknown[]) => {
    if (level < threshold) return;
    try {
      log(level as LogLevel, message, additional);
    } catch (error) {
      report(error);
    }
  });

  /**
   * The tab's saved settings win over `over` (the options, or an update, which is saved already
   * unless storage failed), which wins over `defaults` (the build's defaults, or the settings so far).
   */
  function configure(defaults: LoggerConfig, over: Partial<LoggerConfig>, saved: Partial<LoggerConfig>): void {
    settings = { ...defaults, ...over, ...saved };
    threshold = Math.min(settings.disableConsoleLogging ? LogLevel.OFF : settings.level, settings.serverLogLevel);
    // As loglevel does, a level below every threshold points at an empty function: a filtered call
    // then costs no more than calling nothing. A method the host page put there itself is left alone.
    LEVEL_NAMES.forEach((name, level) => {
      const method = methods[name];
      const logs = live[level] as LogMethod;
      if (!method || method === silent || method === logs) methods[name] = level < threshold ? silent : logs;
    });
    delivery._reschedule();
  }

  // The tab's saved settings are read when a client starts the logger, not now: a page's first
  // sessionStorage read took 15-40 ms in Chromium (a fresh profile, the boot benchmark's bare
  // page), and the start-up requests leave before the logger starts.
  configure(settings, {}, {});
  const logger: Logger = Object.assign(methods, {
    updateConfig: guard((partial: Partial<LoggerConfig>) => {
      const valid = validSettings(partial);
      saveSettings(sessionStorage, valid);
      configure(settings, valid, loadSettings(sessionStorage));
    }),
    getConfig: () => ({ ...settings }),
    ...ledgerMethods(parts),
    setContext: guard(entries._setContext),
  });
  const events = pageEvents(parts, (message, additional) => log(LogLevel.ERROR, message, additional));
  return {
    _logger: logger,
    ...controller(runtime, parts, events, ({ production, options }) => {
      entries._setBeforeSend(options?.beforeSend);
      configure(production ? productionDefaults : developmentDefaults, validSettings(options), loadSettings(sessionStorage));
    }),
  };
}

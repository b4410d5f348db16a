/**
 * The page's logger: the public API (ngx-logger's methods), console output, configuration,
 * context and beforeSend. An entry at or above `serverLogLevel` is counted in the ledger, passes
 * the rate limit, is made safe and scrubbed, goes through beforeSend and into the bounded queue;
 * the transport takes it from there. Every way in is guarded: nothing the logger does can throw
 * into the page.
 */
import { LogLevel, STORAGE_KEYS } from '../constants';
import { loadSettings, saveSettings, validConfig } from './config';
import type { LoggerEnv } from './env';
import { developmentDefaults, LEVEL_NAMES, productionDefaults } from './levels';
import { listen } from './lifecycle';
import type { QueuedEntry } from './serialize';
import { CONTEXT_CUT, contextJson, entryJson, isEntry, isoTime, makeEntry } from './serialize';
import { Transport } from './transport';
import type { BeforeSend, LogEndpoint, LogEntry, LoggerConfig, LoggerController, LoggerStartOptions } from './types';

type LogMethod = (message?: unknown, ...additional: unknown[]) => void;
type LevelMethods = Pick<LoggerController, (typeof LEVEL_NAMES)[number]>;

const silent: LogMethod = () => {};

/** The last layer: configuration, the level methods, entries on their way in, start and stop. */
class Core extends Transport {
  /** The level methods of the public logger (the public logger is this object, with the rest of its API). */
  readonly _methods = Object.fromEntries(LEVEL_NAMES.map((name) => [name, silent])) as LevelMethods;
  /** The lowest level that does anything at all: below it a method is an empty function. */
  #threshold = 0;
  /** The methods that log, by level. */
  readonly #live = LEVEL_NAMES.map((_, level) => (message?: unknown, ...additional: unknown[]) => {
    // A method taken off the logger before its level was filtered still checks it.
    if (level < this.#threshold) return;
    try {
      this._log(level as LogLevel, message, additional);
    } catch (error) {
      this._report(error);
    }
  });
  #beforeSend: BeforeSend | null = null;
  /** A failing beforeSend is reported once. */
  #beforeSendWarned = false;
  /** How every entry ends: the context (already safe, scrubbed and bounded), if one is set. */
  #context = '';
  /** Starts so far: a stop() still flushing can tell that a start() came meanwhile. */
  #starts = 0;
  #unlisten = silent;

  _start({ production, options, captureErrors }: LoggerStartOptions): void {
    const { target, doc } = this._env;
    // Whatever an earlier page left must not keep this one from starting.
    if (!this.#starts) this._guard(() => this._restore())();
    this.#starts++;
    this.#unlisten();
    this.#unlisten = listen(target ?? globalThis.window, doc ?? globalThis.document, this, captureErrors);
    const hook = options?.beforeSend;
    this.#beforeSend = typeof hook === 'function' ? hook : null;
    this._configure(production ? productionDefaults : developmentDefaults, validConfig(options));
    this._running = true;
    this._pump();
  }

  async _stop(): Promise<void> {
    const starts = this.#starts;
    await this._flush().catch((error) => this._report(error));
    if (starts !== this.#starts) return;
    this._halt();
    this.#unlisten();
    this.#unlisten = silent;
  }

  /**
   * The tab's saved settings win over `over` (the options, or an update, which is saved already
   * unless storage failed), which wins over `base` (the mode's defaults, or the config so far).
   */
  _configure(base: LoggerConfig, over: Partial<LoggerConfig>): void {
    const config = { ...base, ...over, ...loadSettings(this._session) };
    const methods = this._methods;
    const threshold = Math.min(config.disableConsoleLogging ? LogLevel.OFF : config.level, config.serverLogLevel);
    this._config = config;
    this.#threshold = threshold;
    // As loglevel does, a level below every threshold points at an empty function: a filtered call
    // then costs no more than calling nothing. A method the host page put there itself is left alone.
    LEVEL_NAMES.forEach((name, level) => {
      const method = methods[name];
      const live = this.#live[level];
      if (!method || method === silent || method === live) methods[name] = level < threshold ? silent : live;
    });
    this._reschedule();
  }

  _setContext(context: unknown): void {
    this.#context = contextJson(context, this._local.get(STORAGE_KEYS.devToken));
    if (this.#context === CONTEXT_CUT) this._report('context over 4 KiB left out');
  }

  _log(level: LogLevel, message: unknown, additional: unknown[]): void {
    const { serverLogLevel, disableConsoleLogging } = this._config;
    // Levels go up to FATAL (6): at OFF (7) nothing reaches either threshold.
    if (level >= serverLogLevel) this.#queueEntry(level, message, additional);
    if (!disableConsoleLogging && level >= this._config.level) this._print[level]?.(message, ...additional);
  }

  #queueEntry(level: LogLevel, message: unknown, additional: unknown[]): void {
    const now = this._now();
    // A clock that gives no time throws here, before the entry is counted.
    const timestamp = isoTime(now);
    this._logged++;
    if (!this._admit(now)) this._drop('rateLimited', 1);
    else {
      // The development token need not look like a JWT: the stored one is taken out by value.
      const devToken = this._local.get(STORAGE_KEYS.devToken);
      const entry = makeEntry(level, message, additional, timestamp, devToken);
      const queued = this.#beforeSend ? this.#applyBeforeSend(entry, devToken, now) : entryJson(entry, this.#context, now);
      if (queued) this._enqueue(queued);
      else this._drop('beforeSend', 1);
    }
    this._pump();
  }

  /**
   * The entry as beforeSend leaves it, made safe and scrubbed again; null when the hook dropped it
   * (`false`). A hook that throws, or returns something that is not an entry, leaves the entry as it
   * was, with one console warning.
   */
  #applyBeforeSend(entry: LogEntry, devToken: string | null, now: number): QueuedEntry | null {
    const original = entryJson(entry, this.#context, now);
    let result: unknown;
    try {
      // A copy: a hook that changes the entry and then throws must leave it as it was.
      result = this.#beforeSend?.(JSON.parse(original._json));
    } catch (error) {
      result = error;
    }
    if (result === false) return null;
    if (isEntry(result)) {
      const { level, message, additional, timestamp, context } = result;
      const changed = makeEntry(level, message, additional, timestamp, devToken);
      return entryJson(changed, contextJson(context, devToken), now);
    }
    if (!this.#beforeSendWarned) {
      this.#beforeSendWarned = true;
      this._report('beforeSend failed:', result);
    }
    return original;
  }
}

export function createLogger(env: LoggerEnv): LoggerController {
  const core = new Core(env);
  const guard = core._guard;
  core._configure(core._config, {});
  return Object.assign(core._methods, {
    updateConfig: guard((partial: Partial<LoggerConfig>) => {
      const valid = validConfig(partial);
      saveSettings(core._session, valid);
      core._configure(core._config, valid);
    }),
    getConfig: () => ({ ...core._config }),
    flush: () => core._flush().catch(() => ({ sent: 0, kept: 0, dropped: 0 })),
    stats: () => core._stats(),
    setContext: guard((context: Record<string, unknown> | null) => core._setContext(context)),
    start: guard((options: LoggerStartOptions) => core._start(options)),
    setEndpoint: guard((endpoint: LogEndpoint | null) => {
      core._endpoint = endpoint;
      core._pump();
    }),
    stop: () => core._stop(),
  });
}

/**
 * The public logger: the ngx-logger shape over the console and the server transport. Every
 * public method is guarded: whatever breaks inside (a hostile argument, a throwing console,
 * storage or fetch) is reported through the console methods saved at creation and never
 * reaches the page.
 */
import { LogLevel } from '../constants';
import { browserLocalStorage, browserSessionStorage } from '../storage';
import { CONSOLE_METHODS, LEVEL_NAMES, modeDefaults, validConfig, type ConsoleMethod } from './levels';
import { listen } from './lifecycle';
import { loadSettings, saveSettings, shielded } from './persist';
import { serializeEntry } from './serialize';
import { createTransport } from './transport';
import type { LoggerConfig, LoggerController, LoggerEnv, LoggerStartOptions } from './types';

/** A send that has not been answered after this long counts as a network failure. */
export const SEND_TIMEOUT_MS = 15_000;

type Out = (...args: unknown[]) => void;
type LogMethod = (message?: unknown, ...additional: unknown[]) => void;
const noop: Out = () => {};
/** What a level below every threshold calls. */
const silent: LogMethod = () => {};
/** Above every level: the threshold of a channel that is off. */
const NEVER = 8;

export function createLogger(env: LoggerEnv): LoggerController {
  const g = globalThis as Record<string, any>;

  // Saved now: a host that wraps console later (and perhaps logs back into us) is not called.
  const out = {} as Record<ConsoleMethod, Out>;
  const con = env.console ?? g.console;
  for (const m of ['debug', 'info', 'log', 'warn', 'error'] as const) {
    try {
      const f = con?.[m];
      out[m] = typeof f === 'function' ? f.bind(con) : noop;
    } catch {
      out[m] = noop;
    }
  }
  const report = (kind: 'warn' | 'error', ...args: unknown[]) => {
    try {
      out[kind](...args);
    } catch {
      /* a console that throws has nowhere left to report to */
    }
  };
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => R, fallback?: R) =>
    (...a: A): R => {
      try {
        return fn(...a);
      } catch (e) {
        report('error', 'emweb.logger:', e);
        return fallback as R;
      }
    };

  const session = shielded(env.session ?? browserSessionStorage());
  const local = shielded(env.local ?? browserLocalStorage());
  const now = () => (env.now ? env.now() : Date.now());
  const transport = createTransport({
    fetch: env.fetch ?? ((url, init) => g.fetch(url, init)),
    navigator: () => env.navigator ?? g.navigator,
    local,
    now,
    random: env.random ?? Math.random,
    setTimeout: env.setTimeout ?? ((fn, ms) => g.setTimeout(fn, ms)),
    clearTimeout: env.clearTimeout ?? ((h) => g.clearTimeout(h)),
    sendTimeoutMs: env.sendTimeoutMs ?? SEND_TIMEOUT_MS,
    report,
  });

  let cfg: LoggerConfig = modeDefaults(env.production);
  // Thresholds worked out once per config change, so that the level check is one comparison.
  let consoleMin = NEVER;
  let serverMin = NEVER;
  let min = NEVER;

  function write(level: LogLevel, args: IArguments) {
    if (level >= consoleMin) {
      try {
        out[CONSOLE_METHODS[level]!].apply(undefined, args as unknown as unknown[]);
      } catch {
        /* the console failing must not cost the server its entry */
      }
    }
    if (level >= serverMin) transport.enqueue(serializeEntry(level, args[0], args, 1, now()));
  }

  const method = (level: LogLevel) =>
    function () {
      if (level < min) return;
      try {
        write(level, arguments);
      } catch (e) {
        report('error', 'emweb.logger:', e);
      }
    } as LogMethod;
  const live = LEVEL_NAMES.map((_, level) => method(level as LogLevel));

  let unlisten = noop;
  // A start() that comes while a stop() is still flushing wins: that stop must not undo it.
  let generation = 0;

  const logger: LoggerController = {
    trace: live[LogLevel.TRACE]!,
    debug: live[LogLevel.DEBUG]!,
    info: live[LogLevel.INFO]!,
    log: live[LogLevel.LOG]!,
    warn: live[LogLevel.WARN]!,
    error: live[LogLevel.ERROR]!,
    fatal: live[LogLevel.FATAL]!,

    updateConfig: guard((partial: Partial<LoggerConfig>) => {
      const valid = validConfig(partial);
      apply({ ...cfg, ...valid });
      saveSettings(session, valid);
    }),

    getConfig: guard(() => ({ ...cfg }), { ...modeDefaults(env.production) }),

    flush: guard(() => transport.flush(), Promise.resolve()),

    start: guard((options: LoggerStartOptions) => {
      const o: Partial<LoggerStartOptions> = options ?? {};
      const production = typeof o.production === 'boolean' ? o.production : env.production;
      // mode defaults < the page's options < what this tab saved with updateConfig
      apply({ ...modeDefaults(production), ...validConfig(o.config), ...loadSettings(session) });
      generation++;
      unlisten();
      unlisten = listen(env.target ?? (g.window as LoggerEnv['target']), env.doc ?? g.document, {
        exit: transport.exit,
        online: transport.online,
        capture: o.captureErrors === false ? undefined : live[LogLevel.ERROR],
      });
      transport.loadPending();
      transport.activate(true);
    }),

    setEndpoint: guard((url: string | null) => transport.setEndpoint(url)),

    async stop() {
      const current = generation;
      try {
        await transport.flush();
      } catch {
        /* flush never rejects; stop goes on regardless */
      }
      if (current !== generation) return;
      try {
        transport.activate(false);
        unlisten();
        unlisten = noop;
      } catch (e) {
        report('error', 'emweb.logger:', e);
      }
    },
  };

  function apply(c: LoggerConfig) {
    cfg = c;
    consoleMin = c.disableConsoleLogging ? NEVER : c.level;
    serverMin = c.serverLogLevel >= LogLevel.OFF ? NEVER : c.serverLogLevel;
    min = Math.min(consoleMin, serverMin);
    // Like loglevel, a level below every threshold points at an empty function: a filtered call
    // then costs no more than calling nothing. The live methods check the level too, so one taken
    // off the object while enabled stays right; one the host page put there itself is left alone.
    LEVEL_NAMES.forEach((name, level) => {
      const m = logger[name];
      if (m === live[level] || m === silent) logger[name] = level < min ? silent : live[level]!;
    });
    transport.configure(c);
  }
  // The tab's saved settings apply from the first line, not only after start().
  guard(apply)({ ...modeDefaults(env.production), ...loadSettings(session) });
  return logger;
}

import type { LogLevel } from '../constants';
import type { SafeStorage } from '../storage';
import type { BeaconNavigator } from './httpRequest';
import type { DocumentLike, EventTargetLike } from './lifecycle';

export interface LoggerConfig {
  /** Lowest level written to the console. */
  level: LogLevel;
  /** Lowest level sent to the server; OFF sends nothing. */
  serverLogLevel: LogLevel;
  disableConsoleLogging: boolean;
  /** Entries a full batch holds. */
  batchSize: number;
  /** Longest time an entry waits in the queue before it is sent. */
  flushIntervalMs: number;
  withCredentials: boolean;
  /** Entries the queue holds before the oldest are dropped. */
  maxQueueSize: number;
  /** Server entries accepted in a rolling minute; the rest are counted, not queued. */
  maxEntriesPerMinute: number;
}

/** One entry as the server receives it. */
export interface LogEntry {
  level: LogLevel;
  message: string;
  additional: unknown[];
  timestamp: string;
}

type LogMethod = (message?: unknown, ...additional: unknown[]) => void;

/** The public logger: the shape users of ngx-logger know. No method ever throws. */
export interface Logger {
  trace: LogMethod;
  debug: LogMethod;
  info: LogMethod;
  log: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  fatal: LogMethod;
  /** Applies at once and persists for the tab's session. */
  updateConfig(partial: Partial<LoggerConfig>): void;
  /** The live configuration. */
  getConfig(): LoggerConfig;
  /** Sends what is queued now. */
  flush(): Promise<void>;
}

export interface LoggerStartOptions {
  /** Picks the defaults (production or development) the options and the tab's saved settings go over. */
  production: boolean;
  /** Applied over the mode's defaults; settings saved in this tab by updateConfig win over these. */
  config?: Partial<LoggerConfig>;
  /** Turn uncaught errors and unhandled rejections into ERROR entries. */
  captureErrors: boolean;
}

/** The page's logger with the lifecycle bootstrap drives. */
export interface LoggerController extends Logger {
  /** Applies options, loads entries left over by the last page, starts page-exit and error listeners. */
  start(options: LoggerStartOptions): void;
  /**
   * Where to POST batches (absolute URL of `{api base}clientlogger/`), read at send time.
   * Until it is set, entries wait in the queue; setting it sends any full batch at once.
   */
  setEndpoint(url: string | null): void;
  /** Flushes, then stops the timer and every listener. Entries logged later still queue. */
  stop(): Promise<void>;
}

/**
 * What the logger uses from its surroundings, passed in so that tests need no real browser.
 * Each is optional and defaults to the real global (looked up when used, so a fetch or timer
 * installed later by a test harness is seen); absent globals are tolerated.
 */
export interface LoggerEnv {
  /** Picks the defaults before start() (and when start() is given no mode). */
  production: boolean;
  fetch?: (url: string, init: RequestInit) => Promise<{ status: number; headers?: { get(name: string): string | null } }>;
  console?: Partial<Record<'debug' | 'info' | 'log' | 'warn' | 'error', (...args: unknown[]) => void>>;
  /** Settings saved by updateConfig (default: sessionStorage). */
  session?: SafeStorage;
  /** Entries left over by a page that went away (default: localStorage). */
  local?: SafeStorage;
  /** Where pagehide, online, error and unhandledrejection are listened for (default: window). */
  target?: EventTargetLike;
  /** Where visibilitychange is listened for and visibilityState read (default: document). */
  doc?: DocumentLike;
  navigator?: BeaconNavigator;
  now?: () => number;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How long one send may take before it counts as a network failure (default 15 s). */
  sendTimeoutMs?: number;
}

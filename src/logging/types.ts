import type { LogLevel } from '../constants';

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

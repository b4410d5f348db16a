import type { LogLevel } from '../product/constants';

/** The logger's settings (docs/logger.md gives the defaults of each build). */
export interface LoggerConfig {
  /** Lowest level written to the console. */
  level: LogLevel;
  /** Lowest level sent to the server; OFF sends nothing. */
  serverLogLevel: LogLevel;
  /** `true`: nothing is written to the console, whatever `level` says. */
  disableConsoleLogging: boolean;
  /** Entries a full batch holds. */
  batchSize: number;
  /** Longest time an entry waits in the queue before it is sent. */
  flushIntervalMs: number;
  /** Whether batches go with `credentials: 'include'` (cookies to another origin too), else `'same-origin'`. */
  withCredentials: boolean;
  /** Entries the queue holds before the oldest are dropped. */
  maxQueueSize: number;
  /** Server entries accepted in a rolling minute; the rest are counted, not queued. */
  maxEntriesPerMinute: number;
  /** Repeats of one kind queued as they are in a rolling minute; later ones are counted into one entry (0: never). */
  groupRepeatsAfter: number;
}

/** One entry as the server receives it; `context` only while one is set. */
export interface LogEntry {
  /** The level it was logged at. */
  level: LogLevel;
  /** The first argument as text (an Error's message), secrets redacted. */
  message: string;
  /** The other arguments, JSON-safe and scrubbed. */
  additional: unknown[];
  /** When it was logged (ISO 8601). */
  timestamp: string;
  /** What `setContext` set, when anything was. */
  context?: Record<string, unknown>;
  /** The logged calls this entry stands for, itself included (at least 2); absent when it stands for itself alone. */
  repeated?: number;
  /** When the first of them occurred. */
  firstTimestamp?: string;
}

/** Changes an entry before it is queued, or drops it (`false`). */
export type BeforeSend = (entry: LogEntry) => LogEntry | false;

/** What `bootstrap({ logger })` may set: any of the settings, and the `beforeSend` hook (never persisted). */
export interface LoggerOptions extends Partial<LoggerConfig> {
  /** Sees each entry before it is queued for the server: changes it, or drops it (`false`). */
  beforeSend?: BeforeSend;
}

/** What became of the entries queued when `flush()` was called. */
export interface FlushResult {
  /** Delivered (the server answered 2xx). */
  sent: number;
  /** Still held: waiting for a retry, for the network, for an endpoint, or stored for the next page. */
  kept: number;
  /** Given up for good (refused by the server, too large for it, too many network failures). */
  dropped: number;
}

/**
 * The logger's ledger, in entries (a grouped entry counts as the repeats it stands for): at
 * every moment `logged === sent + queued + dropped`.
 */
export interface LoggerStats {
  /** Entries that reached the server threshold. */
  logged: number;
  /** Delivered: the server answered 2xx. */
  sent: number;
  /** Not yet delivered: waiting, in flight, kept for a retry, or stored for the next page. */
  queued: number;
  /** Lost for good, all reasons together. */
  dropped: number;
  /** `dropped` by reason. */
  droppedBy: DropCounts;
  /** Of `logged`: entries earlier pages stored, taken over by this one at start. */
  restored: number;
  /** What delivery is doing now: its state's tag. */
  status: DeliveryStatus;
  /**
   * The tab's part in sending for the tabs of the browser: `sender` (it sends for them all),
   * `follower` (it hands its entries to the sender), `waiting` (no sender known: it sends its own),
   * `alone` (no Web Locks or BroadcastChannel, or not started: it sends its own).
   */
  tabRole?: TabRole;
}

/** The tab's part in sending for the tabs of the browser (`LoggerStats.tabRole`). */
export type TabRole = 'alone' | 'waiting' | 'follower' | 'sender';

/**
 * What the logger's delivery is doing now (`LoggerStats.status`):
 * - `stopped`: no client has started the logger, or the last one left.
 * - `no-endpoint`: started, no API base yet.
 * - `idle`: nothing out; the next batch goes when it is due.
 * - `sending`: a request for the oldest batch is out (one at a time, page exit aside).
 * - `waiting-retry`: the oldest batch failed and waits for its backoff or the server's Retry-After.
 * - `offline`: the browser said it was offline when a batch was to go; the `online` event resumes.
 */
export type DeliveryStatus = 'stopped' | 'no-endpoint' | 'idle' | 'sending' | 'waiting-retry' | 'offline';

/** The entries dropped, by reason. */
export interface DropCounts {
  /** Pushed out of a full queue (oldest first). */
  queueFull: number;
  /** Refused by the rate limit (`maxEntriesPerMinute`). */
  rateLimited: number;
  /** Dropped by the `beforeSend` hook. */
  beforeSend: number;
  /** Refused by the server (4xx other than 408, 413 and 429). */
  rejected: number;
  /** A single entry the server answered 413 (a batch of more is split in two instead). */
  tooLarge: number;
  /** Given up after repeated network failures while online. */
  network: number;
  /** Pushed out of the store for the next page by its size bound (256 KiB across all pages, oldest first). */
  storeFull: number;
}

/** One of the logger's level methods: what `console.log` takes; never throws. */
export type LogMethod = (message?: unknown, ...additional: unknown[]) => void;

/** The public logger: the shape users of ngx-logger know. No method ever throws. */
export interface Logger {
  /** Logs at TRACE. */
  trace: LogMethod;
  /** Logs at DEBUG. */
  debug: LogMethod;
  /** Logs at INFO. */
  info: LogMethod;
  /** Logs at LOG. */
  log: LogMethod;
  /** Logs at WARN. */
  warn: LogMethod;
  /** Logs at ERROR. */
  error: LogMethod;
  /** Logs at FATAL. */
  fatal: LogMethod;
  /** Applies at once and persists for the tab's session. */
  updateConfig(partial: Partial<LoggerConfig>): void;
  /** The live configuration. */
  getConfig(): LoggerConfig;
  /** Sends what is queued now; settles once each of those entries was delivered, kept or dropped. */
  flush(): Promise<FlushResult>;
  /** What became of every entry (logged = sent + queued + dropped), and what delivery is doing now. */
  stats(): LoggerStats;
  /** Attached to every entry while set (JSON-safe, scrubbed, at most 4 KiB); `null` removes it. */
  setContext(context: Record<string, unknown> | null): void;
}

export interface LoggerStartOptions {
  /** Picks the defaults (production or development) the options and the tab's saved settings go over. */
  production: boolean;
  /** Applied over the build's defaults; settings saved in this tab by updateConfig win over these. */
  options?: LoggerOptions;
  /** Turn uncaught errors and unhandled rejections into ERROR entries. */
  captureErrors: boolean;
}

/** Where batches go, and the headers each request needs there (read at send time). */
export interface LogEndpoint {
  /** Absolute URL of `{api base}clientlogger/`. */
  url: string;
  /**
   * Headers the server needs besides the content type, e.g. `Authorization` under the `token` authType. A
   * beacon cannot carry headers, so while this returns any, page exit stores instead of beaconing.
   */
  headers(): Record<string, string>;
}

/** The page's logger, and what only its clients drive (page.ts): never handed to the page itself. */
export interface LoggerController {
  /** The logger the page sees: the contract's methods only. */
  _logger: Logger;
  /** Applies options, takes batches stored by earlier pages, starts page-exit and error listeners. */
  _start(options: LoggerStartOptions): void;
  /** Until an endpoint is set, entries wait in the queue; setting one sends what is due at once. */
  _setEndpoint(endpoint: LogEndpoint | null): void;
  /** Flushes, then stops the timer and every listener. Entries logged later still queue. */
  _stop(): Promise<void>;
}

/**
 * Everything one logger keeps, in one place, in three parts: what logger.ts sets (configuration,
 * hooks, context, the level methods), the entries not yet in a batch and the ledger (changed
 * through batch.ts and stats.ts, by logger.ts as entries come in and by transport.ts as batches
 * go), and delivery, which only transport.ts changes.
 */
import type { Batch, EntryQueue, RateWindow } from './batch';
import type { Surroundings } from './env';
import type { EntryTail } from './serialize';
import type { Ledger } from './stats';
import type { BeforeSend, LogEndpoint, LoggerConfig, LoggerController, TransportStatus } from './types';

export type LogMethod = (message?: unknown, ...additional: unknown[]) => void;
export type LevelMethods = Pick<LoggerController, 'trace' | 'debug' | 'info' | 'log' | 'warn' | 'error' | 'fatal'>;

export interface LoggerState extends Surroundings {
  // --- configuration and hooks (logger.ts)
  config: LoggerConfig;
  /** The lowest level that does anything at all: below it a method is an empty function. */
  threshold: number;
  beforeSend: BeforeSend | null;
  /** A failing beforeSend is reported once. */
  beforeSendWarned: boolean;
  /** How every entry ends: the context (already safe, scrubbed and bounded), if one is set. */
  context: EntryTail;
  /** A new object each start(), so that a stop() still flushing can tell a start() came meanwhile. */
  run: object | null;
  /** Batches stored by earlier pages are taken at the first start only. */
  started: boolean;
  unlisten: () => void;
  /** The level methods of the public logger, pointed at `live` or an empty function. */
  methods: LevelMethods;
  /** The methods that log, by level. */
  live: LogMethod[];

  // --- entries not yet in a batch (batch.ts), the ledger (stats.ts)
  queue: EntryQueue;
  rate: RateWindow;
  ledger: Ledger;

  // --- delivery (transport.ts)
  status: TransportStatus;
  /** Between start() and stop(). */
  running: boolean;
  endpoint: LogEndpoint | null;
  /** Batches made and not yet settled, oldest first: the first is the one out or waiting. */
  outbox: Batch[];
  /** Settles once the oldest batch's request is answered; set exactly while `sending`. */
  inflight: Promise<unknown> | null;
  /** Failed sends of the oldest batch so far: the backoff grows with them. */
  attempt: number;
  networkFailures: number;
  retryTimer: unknown;
  /** Until then the server asked not to be sent anything (Retry-After). */
  serverWaitUntil: number;
  dueTimer: unknown;
  dueAt: number;
  /** Bytes of this page's keepalive requests in flight. */
  keepaliveBytes: number;
  /** From page exit until the page is visible again, the page's store holds its batches. */
  stored: boolean;
  /** This page's key in the store. */
  storeKey: string;
  /** Flushes in progress, told of every batch made meanwhile. */
  watchers: Set<(batch: Batch) => void>;
}

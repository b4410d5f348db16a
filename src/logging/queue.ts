/**
 * The queue: which logged calls are admitted (the rate limit, the bound), when a batch is due, and
 * what one batch holds. The clock and the config in, decisions out; no timers, no fetch, no DOM.
 *
 * Entries are numbered as they are queued, and the queue only ever loses its oldest (to a batch,
 * or to the bound), so the oldest queued is number `head` and the newest `head + held - 1`.
 */
import { LogLevel } from '../constants';
import { type Batch, newBatch } from './batch';
import { newIdempotencyKey } from './idempotencyKey';
import type { Ledger } from './ledger';
import { createRateLimit } from './rateLimit';
import { isoTime, type QueuedEntry } from './serialize';
import type { LoggerConfig } from './types';

/** A batch goes early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/** The message of the ERROR entry that carries drop counts to the server. */
export const DROP_REPORT_MESSAGE = 'emweb.logger dropped entries';

/** A call to the logger at a server level, as it came in. */
export interface Occurrence {
  _level: LogLevel;
  _message: unknown;
  _additional: unknown[];
  _timestamp: string;
  /** When, in ms (the clock's). */
  _at: number;
  /** The context as it was then, as the end of the entry's JSON (see `contextJson`). */
  _context: string;
}

/** Turns an occurrence into the entry the server receives (null: beforeSend dropped it). */
export type MakeEntry = (occurrence: Occurrence) => QueuedEntry | null;

export interface Queue {
  /** Admits a call at a server level, or drops it (and counts it). */
  _push(occurrence: Occurrence): void;
  /**
   * Milliseconds until a batch is due: 0 when one is full (by count or by bytes), else when the
   * oldest entry, or the oldest loss not yet reported, has waited `flushIntervalMs`; Infinity when
   * there is nothing to send.
   */
  _dueIn(now: number): number;
  /**
   * The next batch, due or not: a drop report first when there are counts to report (it takes one of
   * the `batchSize` places), then the oldest entries, at most `batchSize`, stopping after the one
   * that brings its JSON to 16 KiB. Null when there is nothing at all.
   */
  _take(): Batch | null;
  /** The number of the oldest entry queued. */
  _head(): number;
  /** Entries queued. */
  _held(): number;
}

export function createQueue(config: () => LoggerConfig, ledger: Ledger, now: () => number, makeEntry: MakeEntry): Queue {
  /** Oldest first. */
  const entries: QueuedEntry[] = [];
  let head = 0;
  /** Bytes of the entries' JSON: a batch is due early at 16 KiB. */
  let bytes = 0;
  const admit = createRateLimit();

  /** Out of the queue: into a batch, or pushed out by the bound. */
  const shift = () => {
    const entry = entries.shift() as QueuedEntry;
    head++;
    bytes -= entry._bytes;
    return entry;
  };

  return {
    _push(occurrence) {
      const { maxEntriesPerMinute, maxQueueSize } = config();
      if (!admit(occurrence._at, maxEntriesPerMinute)) return ledger._drop('rateLimited', 1);
      const entry = makeEntry(occurrence);
      if (!entry) return ledger._drop('beforeSend', 1);
      entries.push(entry);
      bytes += entry._bytes;
      // The oldest are pushed out (and counted) to keep within the bound. shift, not splice: V8
      // moves the whole array for a splice, and takes the head off a shift in place.
      let pushedOut = 0;
      for (; entries.length > maxQueueSize; pushedOut++) shift();
      ledger._drop('queueFull', pushedOut);
    },

    _dueIn(at) {
      const { batchSize, flushIntervalMs } = config();
      if (entries.length >= batchSize || bytes >= MAX_BATCH_BYTES) return 0;
      const since = Math.min(entries[0]?._at ?? Infinity, ledger._unreportedSince());
      return Math.max(0, since + flushIntervalMs - at);
    },

    _take() {
      const { batchSize } = config();
      const first = head;
      // The episode ends: its counts go in this batch.
      const report = ledger._takeReport();
      const jsons = report
        ? [
            JSON.stringify({
              level: LogLevel.ERROR,
              message: DROP_REPORT_MESSAGE,
              additional: [report],
              timestamp: isoTime(now()),
            }),
          ]
        : [];
      for (let batchBytes = 0; jsons.length < batchSize && batchBytes < MAX_BATCH_BYTES && entries.length; ) {
        const entry = shift();
        batchBytes += entry._bytes;
        jsons.push(entry._json);
      }
      if (!jsons.length) return null;
      const body = batchSize === 1 && jsons.length === 1 ? (jsons[0] as string) : `[${jsons.join()}]`;
      return newBatch(newIdempotencyKey(), body, head - first, first, report);
    },

    _head: () => head,
    _held: () => entries.length,
  };
}

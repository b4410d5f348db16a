/**
 * The queue policy: which entries are admitted (the rate limit, the bound), when a batch is due,
 * what one batch holds. The clock in, decisions out; no timers, no fetch, no DOM.
 */
import { LogLevel } from '../constants';
import { newIdempotencyKey } from './idempotencyKey';
import { developmentDefaults, productionDefaults } from './levels';
import { isoTime, type QueuedEntry, utf8Bytes } from './serialize';
import { Ledger, type ReportCounts } from './stats';
import type { LoggerConfig } from './types';

/** A batch goes early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/** The message of the ERROR entry that carries drop counts to the server. */
export const DROP_REPORT_MESSAGE = 'emweb.logger dropped entries';

/** One request's worth of entries, made once and sent as it is until it is settled. */
export interface Batch {
  /** The Idempotency-Key of every send of it, on this page or the next. */
  _key: string;
  /** Fixed when the batch is made: a batch is never cut again, so every send carries the same bytes. */
  _body: string;
  _bytes: number;
  /** The logged entries in it (a drop report is not one). */
  _count: number;
  /** The number of its first logged entry (see `_head`); -Infinity for a batch an earlier page stored. */
  _first: number;
  /** The counts its drop report carries: if the batch is lost, they are reported again. */
  _reported: Partial<ReportCounts> | null;
  /** A keepalive request of page exit carries it now: no second one. */
  _inKeepalive: boolean;
}

export const newBatch = (key: string, body: string, count: number, first: number, reported: Batch['_reported']): Batch => ({
  _key: key,
  _body: body,
  _bytes: utf8Bytes(body),
  _count: count,
  _first: first,
  _reported: reported,
  _inKeepalive: false,
});

export class Queue extends Ledger {
  _config: LoggerConfig = this._env.production ? productionDefaults : developmentDefaults;
  /** Oldest first. */
  _entries: QueuedEntry[] = [];
  /**
   * Entries are numbered as they are queued, and the queue only ever loses its oldest (to a batch,
   * or to the bound), so `_entries[i]` is entry number `_head + i`.
   */
  _head = 0;
  /** Batches made and not yet settled, oldest first: the first is the one out or waiting. */
  _outbox: Batch[] = [];
  /**
   * The rate limit's rolling minute, as the count of entries accepted in each of the 61 newest
   * seconds (any 60-second window lies inside them, so the limit is never exceeded; an entry frees
   * its place 60 to 61 seconds later). A bounded memory, whatever the limit.
   */
  #seconds: { second: number; count: number }[] = [];
  #inWindow = 0;

  _admit(now: number): boolean {
    const second = Math.floor(now / 1000);
    const seconds = this.#seconds;
    for (let oldest = seconds[0]; oldest && oldest.second <= second - 61; oldest = seconds[0]) {
      seconds.shift();
      this.#inWindow -= oldest.count;
    }
    if (this.#inWindow >= this._config.maxEntriesPerMinute) return false;
    this.#inWindow++;
    const last = seconds.at(-1);
    if (last?.second === second) last.count++;
    else seconds.push({ second, count: 1 });
    return true;
  }

  /** Queues an entry; the oldest are pushed out (and counted) to keep within `maxQueueSize`. */
  _enqueue(entry: QueuedEntry): void {
    const entries = this._entries;
    entries.push(entry);
    let pushedOut = 0;
    // shift, not splice: V8 moves the whole array for a splice, and takes the head off a shift in place.
    for (; entries.length > this._config.maxQueueSize; pushedOut++) entries.shift();
    this._head += pushedOut;
    this._drop('queueFull', pushedOut);
  }

  /**
   * Milliseconds until a batch is due: 0 when one is full (by count or by bytes), else when the
   * oldest entry, or the oldest loss not yet reported, has waited `flushIntervalMs`; Infinity when
   * there is nothing to send.
   */
  _dueIn(now: number): number {
    const { batchSize, flushIntervalMs } = this._config;
    const entries = this._entries;
    if (entries.length >= batchSize || entries.reduce((bytes, entry) => bytes + entry._bytes, 0) >= MAX_BATCH_BYTES) return 0;
    const since = Math.min(entries[0]?._at ?? Infinity, this._unreported ? this._unreportedSince : Infinity);
    return Math.max(0, since + flushIntervalMs - now);
  }

  /**
   * The next batch, due or not, made and put at the end of the outbox: a drop report first when there are counts to report (it takes one of the
   * `batchSize` places), then the oldest entries, at most `batchSize`, stopping after the one that
   * brings its JSON to 16 KiB. Null when there is nothing at all. The body is a JSON array, or the
   * single entry itself when batches hold one.
   */
  _formBatch(): Batch | null {
    const { batchSize } = this._config;
    const first = this._head;
    // The episode ends: its counts go in this batch.
    const reported = this._unreported;
    this._unreported = null;
    const jsons = reported
      ? [
          JSON.stringify({
            level: LogLevel.ERROR,
            message: DROP_REPORT_MESSAGE,
            additional: [reported],
            timestamp: isoTime(this._now()),
          }),
        ]
      : [];
    for (let bytes = 0; jsons.length < batchSize && bytes < MAX_BATCH_BYTES; this._head++) {
      const entry = this._entries.shift();
      if (!entry) break;
      bytes += entry._bytes;
      jsons.push(entry._json);
    }
    if (!jsons.length) return null;
    const body = batchSize === 1 && jsons.length === 1 ? jsons[0] : `[${jsons.join()}]`;
    const batch = newBatch(newIdempotencyKey(), body, this._head - first, first, reported);
    this._outbox.push(batch);
    return batch;
  }
}

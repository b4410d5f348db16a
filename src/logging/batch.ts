/**
 * The queue policy, pure: which entries are admitted, when a batch is due, what one batch holds.
 * The queue and the clock in, decisions out; no timers, no fetch, no DOM.
 */
import { LogLevel } from '../constants';
import { isoTime, type SizedJson, utf8Bytes } from './serialize';
import type { ReportCounts } from './stats';
import type { LoggerConfig } from './types';

/** A batch goes early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/** The message of the ERROR entry that carries drop counts to the server. */
export const DROP_REPORT_MESSAGE = 'emweb.logger dropped entries';

export interface QueuedEntry {
  json: string;
  /** Of the JSON, in UTF-8. */
  bytes: number;
  queuedAt: number;
}

export interface EntryQueue {
  /** Oldest first. */
  entries: QueuedEntry[];
  /**
   * The sequence number of `entries[0]`. Entries are numbered as they are queued, and the queue
   * only ever loses its oldest (to a batch, or to the bound), so `entries[i]` is `headSeq + i`.
   */
  headSeq: number;
}

export const createQueue = (): EntryQueue => ({ entries: [], headSeq: 0 });

export const queuedEntry = ({ json, bytes }: SizedJson, now: number): QueuedEntry => ({ json, bytes, queuedAt: now });

/** Queues an entry; returns how many of the oldest were pushed out to keep within `maxQueueSize`. */
export function enqueue(queue: EntryQueue, entry: QueuedEntry, maxQueueSize: number): number {
  queue.entries.push(entry);
  let pushedOut = 0;
  // shift, not splice: V8 moves the whole array for a splice, and takes the head off a shift in place.
  for (; queue.entries.length > maxQueueSize; pushedOut++) queue.entries.shift();
  queue.headSeq += pushedOut;
  return pushedOut;
}

/**
 * The rate limit's rolling minute, as the entries accepted in each of the 61 newest seconds (any
 * 60-second window lies inside them, so the limit is never exceeded; an entry frees its place 60
 * to 61 seconds later). A bounded memory, whatever the limit.
 */
export interface RateWindow {
  seconds: { second: number; count: number }[];
  /** The sum of their counts. */
  total: number;
}

export const createRateWindow = (): RateWindow => ({ seconds: [], total: 0 });

/** Whether one more entry may pass now; when it may, it is counted. */
export function withinRate(window: RateWindow, now: number, maxPerMinute: number): boolean {
  const second = Math.floor(now / 1000);
  const { seconds } = window;
  while (seconds.length > 0 && seconds[0]!.second <= second - 61) window.total -= seconds.shift()!.count;
  if (window.total >= maxPerMinute) return false;
  window.total++;
  const last = seconds[seconds.length - 1];
  if (last && last.second === second) last.count++;
  else seconds.push({ second, count: 1 });
  return true;
}

/**
 * Milliseconds until a batch is due: 0 when one is full (by count or by bytes), else when the
 * oldest entry, or the oldest loss not yet reported, has waited `flushIntervalMs`; Infinity when
 * there is nothing to send.
 */
export function dueIn(queue: EntryQueue, lossSince: number | null, now: number, config: LoggerConfig): number {
  const { entries } = queue;
  let bytes = 0;
  for (let i = 0; i < entries.length && i < config.batchSize; i++) bytes += entries[i]!.bytes;
  if (entries.length >= config.batchSize || bytes >= MAX_BATCH_BYTES) return 0;
  const since = Math.min(entries[0]?.queuedAt ?? Infinity, lossSince ?? Infinity);
  return since === Infinity ? Infinity : Math.max(0, since + config.flushIntervalMs - now);
}

/** The oldest entries for one batch: at most `max`, stopping after the one that brings its JSON to 16 KiB. */
export function takeEntries(queue: EntryQueue, max: number): QueuedEntry[] {
  let count = 0;
  for (let bytes = 0; count < queue.entries.length && count < max && bytes < MAX_BATCH_BYTES; count++)
    bytes += queue.entries[count]!.bytes;
  queue.headSeq += count;
  return queue.entries.splice(0, count);
}

/** The request body: a JSON array, or the single entry itself when batches hold one. */
export const batchBody = (jsons: string[], batchSize: number): string =>
  batchSize === 1 && jsons.length === 1 ? jsons[0]! : `[${jsons.join(',')}]`;

/** One request's worth of entries, made once and sent as it is until it is settled. */
export interface Batch {
  /** The Idempotency-Key of every send of it, on this page or the next. */
  key: string;
  /** Fixed when the batch is made: a batch is never cut again, so every send carries the same bytes. */
  body: string;
  bytes: number;
  /** The logged entries in it (a drop report is not one). */
  count: number;
  /** The sequence number of its first logged entry; -1 for a batch an earlier page stored. */
  firstSeq: number;
  /** The counts its drop report carries: if the batch is lost, they are reported again. */
  reported: ReportCounts | null;
  /** What became of it: null while it is still held. */
  fate: 'sent' | 'dropped' | null;
  /** A keepalive request of page exit carries it now: no second one. */
  inKeepalive: boolean;
}

/**
 * The next batch: a drop report first when there are counts to report (it takes one of the
 * `batchSize` places), then the oldest entries. Null when there is nothing at all.
 */
export function formBatch(
  queue: EntryQueue,
  report: ReportCounts | null,
  now: number,
  batchSize: number,
  key: string,
): Batch | null {
  const firstSeq = queue.headSeq;
  const jsons = report
    ? [JSON.stringify({ level: LogLevel.ERROR, message: DROP_REPORT_MESSAGE, additional: [report], timestamp: isoTime(now) })]
    : [];
  const taken = takeEntries(queue, batchSize - jsons.length);
  if (!jsons.length && !taken.length) return null;
  for (const entry of taken) jsons.push(entry.json);
  return newBatch(key, batchBody(jsons, batchSize), taken.length, firstSeq, report);
}

export function newBatch(key: string, body: string, count: number, firstSeq: number, reported: ReportCounts | null): Batch {
  return { key, body, bytes: utf8Bytes(body), count, firstSeq, reported, fate: null, inKeepalive: false };
}

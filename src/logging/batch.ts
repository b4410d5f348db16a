/**
 * The batching policy, pure: a queue of serialized entries plus the clock in, decisions out.
 * No timers, no fetch, no DOM, so every rule is tested on its own.
 */
import { serializeEntry, utf8Bytes } from './serialize';
import type { LoggerConfig } from './types';

/** A batch goes early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/** One queued entry: its JSON, the JSON's size in bytes, when it was queued. */
export type Item = [json: string, bytes: number, at: number];

export const item = (json: string, at: number): Item => [json, utf8Bytes(json), at];

export interface Queue {
  /** Oldest first. */
  items: Item[];
  /** Entries dropped because the queue was full, not yet reported. */
  overflow: number;
  /** Entries refused by the rate limit, not yet reported. */
  limited: number;
  /**
   * The rate limit's rolling window: entries accepted in each second, `[second, count]`, for the
   * 61 newest seconds (any 60-second window lies inside them, so the limit is never exceeded; an
   * entry frees its place 60 to 61 seconds later). A bounded memory, whatever the limit.
   */
  recent: [second: number, count: number][];
  /** The sum of those counts. */
  inWindow: number;
}

export const createQueue = (): Queue => ({ items: [], overflow: 0, limited: 0, recent: [], inWindow: 0 });

/**
 * Offers an entry to the queue: refused past the rate limit, else queued, the oldest dropped if
 * the queue is then over its bound. Returns what to warn about, only for the first loss of an
 * episode (the counts were all reported before it): `'rate limit'`, `'queue full'`, or `''`.
 */
export function admit(q: Queue, json: string, now: number, { maxEntriesPerMinute, maxQueueSize }: LoggerConfig): string {
  const { items, recent } = q;
  const quiet = !(q.overflow + q.limited);
  const second = Math.floor(now / 1000);
  const last = recent[recent.length - 1];
  while (recent[0]?.[0]! <= second - 61) q.inWindow -= recent.shift()![1];
  if (q.inWindow < maxEntriesPerMinute) {
    q.inWindow++;
    if (last?.[0] == second) last[1]++;
    else recent.push([second, 1]);
    items.push(item(json, now));
    // shift, not splice: V8 moves the whole array for a splice, and takes the head off a shift in place.
    while (items.length > maxQueueSize) items.shift(), q.overflow++;
  } else q.limited++;
  return quiet && q.overflow + q.limited ? (q.limited ? 'rate limit' : 'queue full') : '';
}

/**
 * Milliseconds until a batch is due: 0 when one is full (by count or by bytes), else when the
 * oldest entry has waited `flushIntervalMs`; Infinity when there is nothing to send. Drop counts
 * alone are due in `flushIntervalMs` from now: the caller's timer, armed at the first loss, keeps
 * that deadline (it sends what is there when it fires).
 */
export function dueIn({ items, overflow, limited }: Queue, now: number, { batchSize, flushIntervalMs }: LoggerConfig): number {
  let bytes = 0;
  for (let i = 0; i < items.length && i < batchSize; ) bytes += items[i++]![1];
  return items.length >= batchSize || bytes >= MAX_BATCH_BYTES
    ? 0
    : items.length
      ? Math.max(0, items[0]![2] + flushIntervalMs - now)
      : overflow + limited
        ? flushIntervalMs
        : Infinity;
}

/** Entries as JSON, and the drop counts they report: given back to the queue if the batch is given up. */
export type Batch = [entries: string[], overflow: number, limited: number];

/**
 * Takes the next batch: at most `batchSize` entries, stopping at the one that brings it to
 * 16 KiB. Unreported drop counts ride at its head in an ERROR entry that takes one of the slots.
 */
export function take(q: Queue, now: number, batchSize: number): Batch {
  const { overflow, limited, items } = q;
  const entries = overflow + limited ? [serializeEntry(5, 'emweb.logger dropped entries', [{ queueFull: overflow, rateLimited: limited }], now)] : [];
  q.overflow = q.limited = 0;
  for (let bytes = 0; items.length && entries.length < batchSize && bytes < MAX_BATCH_BYTES; ) {
    const [json, size] = items.shift()!;
    entries.push(json);
    bytes += size;
  }
  return [entries, overflow, limited];
}

/** A batch that failed for good: its counts go back, to be reported with the next one. */
export function giveUp(q: Queue, [, overflow, limited]: Batch): void {
  q.overflow += overflow;
  q.limited += limited;
}

/** The request body: a JSON array, or the single entry itself when batches hold one. */
export const bodyOf = (entries: string[], batchSize: number): string =>
  batchSize < 2 && entries.length < 2 ? entries[0]! : `[${entries}]`;

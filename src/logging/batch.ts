/**
 * The batching policy, free of effects: given the queue, the config and the time, what is
 * queued, what is dropped (and counted), whether a send is due, and what the next batch holds.
 * No timers, no fetch: the transport owns those and asks these functions.
 */
import type { LoggerConfig } from './types';
import { dropReport, type Serialized } from './serialize';

/** A batch is sent early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/**
 * The rate limit counts in one-second buckets, 61 of them: any real 60-second window lies inside
 * the 61 newest seconds, so the limit is never exceeded, and the memory stays constant whatever
 * the limit. An accepted entry frees its place 60 to 61 seconds later.
 */
const SLOTS = 61;

export interface Item extends Serialized {
  /** When it was queued: it is due `flushIntervalMs` later. */
  at: number;
  /** Order of arrival, for flush(): items queued after a flush() call are not waited for. */
  seq: number;
}

export interface BatchState {
  items: Item[];
  /** Sum of the items' bytes. */
  bytes: number;
  seq: number;
  /** Dropped because the queue was full, not yet reported to the server. */
  overflow: number;
  /** Refused by the rate limit, not yet reported. */
  limited: number;
  /** When the oldest unreported drop happened: a report alone is due like an entry. */
  countedAt: number | null;
  /** Inside an overflow (or rate-limit) episode: its one warning has been given. */
  overflowing: boolean;
  limiting: boolean;
  slots: number[];
  second: number;
  inWindow: number;
}

export const createBatchState = (): BatchState => ({
  items: [],
  bytes: 0,
  seq: 0,
  overflow: 0,
  limited: 0,
  countedAt: null,
  overflowing: false,
  limiting: false,
  slots: new Array<number>(SLOTS).fill(0),
  second: 0,
  inWindow: 0,
});

/** `-start` marks the first drop of an episode: the one that deserves a console warning. */
export type Admission = 'queued' | 'overflow' | 'overflow-start' | 'limited' | 'limited-start';

type Limits = Pick<LoggerConfig, 'maxQueueSize' | 'maxEntriesPerMinute'>;

/** Queues one server entry, unless the rate limit refuses it; drops the oldest when full. */
export function admit(s: BatchState, e: Serialized, now: number, cfg: Limits): Admission {
  if (!allow(s, now, cfg.maxEntriesPerMinute)) {
    s.limited++;
    s.countedAt ??= now;
    if (s.limiting) return 'limited';
    s.limiting = true;
    return 'limited-start';
  }
  s.limiting = false;
  s.items.push({ json: e.json, bytes: e.bytes, at: now, seq: s.seq++ });
  s.bytes += e.bytes;
  return trim(s, cfg.maxQueueSize, now);
}

function allow(s: BatchState, now: number, max: number): boolean {
  const sec = Math.floor(now / 1000);
  if (sec > s.second) {
    // empty the slots of the seconds that have left the window
    for (let t = s.second + 1, end = Math.min(sec, s.second + SLOTS); t <= end; t++) {
      s.inWindow -= s.slots[t % SLOTS]!;
      s.slots[t % SLOTS] = 0;
    }
    s.second = sec;
  }
  if (s.inWindow >= max) return false;
  s.slots[s.second % SLOTS]!++;
  s.inWindow++;
  return true;
}

/** Drops the oldest items beyond `max`, counting them. */
export function trim(s: BatchState, max: number, now: number): Admission {
  const n = s.items.length - max;
  if (n <= 0) return 'queued';
  const gone = n === 1 ? [s.items.shift()!] : s.items.splice(0, n);
  for (const i of gone) s.bytes -= i.bytes;
  s.overflow += n;
  s.countedAt ??= now;
  if (s.overflowing) return 'overflow';
  s.overflowing = true;
  return 'overflow-start';
}

/** Whether anything waits to be sent: entries, or drop counts to report. */
export const hasWork = (s: BatchState): boolean => s.items.length > 0 || s.overflow > 0 || s.limited > 0;

/** When the oldest waiting thing must have been sent; `null` when nothing waits. */
export function dueAt(s: BatchState, cfg: Pick<LoggerConfig, 'flushIntervalMs'>): number | null {
  const first = s.items.length ? s.items[0]!.at : null;
  const oldest = first === null ? s.countedAt : s.countedAt === null ? first : Math.min(first, s.countedAt);
  return oldest === null ? null : oldest + cfg.flushIntervalMs;
}

/** A full batch, 16 KiB of JSON, or something that has waited `flushIntervalMs`. */
export function isDue(s: BatchState, cfg: Pick<LoggerConfig, 'batchSize' | 'flushIntervalMs'>, now: number): boolean {
  const n = s.items.length;
  if (n >= cfg.batchSize || s.bytes + n + 1 >= MAX_BATCH_BYTES) return n > 0;
  const at = dueAt(s, cfg);
  return at !== null && now >= at;
}

export interface Taken {
  items: Item[];
  /** The drop counts the batch reports (in its first item); put back if the batch is given up. */
  overflow: number;
  limited: number;
}

/**
 * The next batch: the drop report first when there is one, then the oldest items, up to
 * exactly `batchSize` entries, stopping after the entry that takes its JSON to 16 KiB.
 */
export function take(s: BatchState, cfg: Pick<LoggerConfig, 'batchSize' | 'maxQueueSize'>, now: number): Taken {
  const { overflow, limited } = s;
  const items: Item[] = [];
  let bytes = 1;
  if (overflow || limited) {
    const r = dropReport(overflow, limited, now);
    items.push({ json: r.json, bytes: r.bytes, at: now, seq: -1 });
    bytes += r.bytes + 1;
    s.overflow = s.limited = 0;
    s.countedAt = null;
  }
  let i = 0;
  while (i < s.items.length && items.length < cfg.batchSize && bytes < MAX_BATCH_BYTES) {
    const it = s.items[i++]!;
    items.push(it);
    bytes += it.bytes + 1;
    s.bytes -= it.bytes;
  }
  s.items.splice(0, i);
  if (s.items.length < cfg.maxQueueSize) s.overflowing = false;
  return { items, overflow, limited };
}

/** A batch given up (dropped by the server or the network): its counts go back to be reported later. */
export function restoreCounts(s: BatchState, t: Taken, now: number): void {
  s.overflow += t.overflow;
  s.limited += t.limited;
  if (t.overflow || t.limited) s.countedAt ??= now;
}

/** Items back to the front of the queue, in their order (a batch taken back, entries loaded from storage). */
export function putFront(s: BatchState, items: Item[]): void {
  s.items.unshift(...items);
  for (const i of items) s.bytes += i.bytes;
}

/** The request body: a JSON array, or the single entry object when batches hold one entry. */
export const bodyOf = (items: Item[], batchSize: number): string =>
  batchSize === 1 && items.length === 1 ? items[0]!.json : '[' + items.map((i) => i.json).join(',') + ']';

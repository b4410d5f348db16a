/**
 * The queue: which logged calls are admitted (grouping of repeats, the rate limit, the bound), and
 * what one batch holds. The clock and the config in, decisions out; no timers, no fetch, no DOM.
 * When a batch is due is the flush controller's call (flushController.ts), from the queue's size.
 *
 * Calls are numbered as they are queued, and the queue only ever loses its oldest (to a batch, or
 * to the bound), so the oldest queued is number `head` and the newest `head + held - 1`. A grouped
 * entry takes the numbers of the calls it stands for; it counts repeats only until the queue is
 * next cut (a batch is made, or flush() marks what it waits for), so that the numbers of what is
 * queued never move.
 */
import { LogLevel } from '../product/constants';
import { type Batch, newBatch } from './batch';
import { newIdempotencyKey } from './idempotencyKey';
import type { Ledger } from './ledger';
import { createRateLimit } from './rateLimit';
import { createRepeats, type Kind, repeatKind } from './repeats';
import { isoTime, type QueuedEntry } from './serialize';
import type { LoggerConfig } from './types';

/** The message of the ERROR entry that carries drop counts to the server. */
export const DROP_REPORT_MESSAGE = 'emweb.logger dropped entries';

/** A call to the logger at a server level, as it came in. */
export interface LogCall {
  level: LogLevel;
  message: unknown;
  additional: unknown[];
  timestamp: string;
  /** When, in ms (the clock's). */
  at: number;
  /** The context as it was then, as the end of the entry's JSON (see `contextJson`). */
  context: string;
}

/** Repeats counted into one entry; the entry is written when its batch is made. */
interface GroupedEntry {
  tag: 'repeats';
  /** The calls it stands for. */
  count: number;
  firstTimestamp: string;
  latest: LogCall;
  /** When it was opened: it is due like an entry queued then. */
  at: number;
  /** Unknown until it is written: it does not make a batch due early. */
  bytes: 0;
  /** It counts repeats while the queue has not been cut since this cut. */
  openIn: number;
  /** The kind whose repeats it counts: it stops counting them when it leaves the queue. */
  kind: Kind<GroupedEntry>;
}

/** What a grouped entry adds to its latest call (null: it stands for itself alone). */
export type Repeat = Pick<GroupedEntry, 'count' | 'firstTimestamp'> | null;

/** Writes a call as the entry the server receives (null: beforeSend dropped it). */
export type WriteEntry = (call: LogCall, repeat: Repeat) => QueuedEntry | null;

/** A place in the queue: an entry written when it was queued, or repeats counted into one entry. */
type Slot = QueuedEntry | GroupedEntry;

const callsIn = (slot: Slot) => (slot.tag === 'repeats' ? slot.count : 1);

/** What the flush controller needs to tell when a batch is due. */
export interface QueueSize {
  /** Places taken (a grouped entry takes one). */
  slots: number;
  /** Bytes of the entries' JSON written so far. */
  bytes: number;
  /** When the oldest place was taken; Infinity when empty. */
  oldestAt: number;
}

export interface Queue {
  /** Admits a call at a server level: as it is, counted into a grouped entry, or dropped (and counted). */
  _push(call: LogCall): void;
  _size(): QueueSize;
  /**
   * The next batch, due or not: a drop report first when there are counts to report (it takes one of
   * the `batchSize` places), then the oldest entries, at most `batchSize`, stopping after the one
   * that brings its JSON to `maxBytes`. Null when there is nothing at all.
   */
  _take(maxBytes: number): Batch | null;
  /** Cuts the queue (grouped entries queued now count no more repeats); returns the number every call queued now is below. */
  _cut(): number;
  /** The number of the oldest call queued. */
  _head(): number;
  /** Calls queued. */
  _held(): number;
}

export function createQueue(config: () => LoggerConfig, ledger: Ledger, now: () => number, writeEntry: WriteEntry): Queue {
  /** Oldest first. */
  const slots: Slot[] = [];
  let head = 0;
  let held = 0;
  let bytes = 0;
  const admit = createRateLimit();
  const repeatOf = createRepeats<GroupedEntry>();
  let cuts = 0;

  /** Out of the queue: into a batch, or pushed out by the bound. */
  const shift = () => {
    const slot = slots.shift() as Slot;
    const n = callsIn(slot);
    head += n;
    held -= n;
    bytes -= slot.bytes;
    if (slot.tag === 'repeats' && slot.kind.group === slot) slot.kind.group = undefined;
    return slot;
  };

  const cut = () => {
    cuts++;
    return head + held;
  };

  /** The oldest are pushed out (and counted) to keep within the bound. shift, not splice: V8 takes the head off a shift in place. */
  const bound = (maxQueueSize: number) => {
    let pushedOut = 0;
    while (slots.length > maxQueueSize) pushedOut += callsIn(shift());
    ledger._drop('queueFull', pushedOut);
  };

  function push(call: LogCall) {
    const { groupRepeatsAfter, maxEntriesPerMinute, maxQueueSize } = config();
    const key = groupRepeatsAfter ? repeatKind(call) : null;
    const kind = key === null ? null : repeatOf(call.level, key, call.at, groupRepeatsAfter);
    const group = kind?.group;
    if (group?.openIn === cuts) {
      group.count++;
      group.latest = call;
      held++;
      return;
    }
    // As it is, or a new grouped entry: either passes the rate limit as one entry.
    if (!admit(call.at, maxEntriesPerMinute)) return ledger._drop('rateLimited', 1);
    let slot: Slot | null;
    if (kind) {
      slot = {
        tag: 'repeats',
        count: 1,
        firstTimestamp: call.timestamp,
        latest: call,
        at: call.at,
        bytes: 0,
        openIn: cuts,
        kind,
      };
      kind.group = slot;
    } else slot = writeEntry(call, null);
    if (!slot) return ledger._drop('beforeSend', 1);
    slots.push(slot);
    held++;
    bytes += slot.bytes;
    bound(maxQueueSize);
  }

  /** The drop report that opens a batch when there are counts to report: they go with this batch. */
  function dropReport() {
    const counts = ledger._takeReport();
    const json = counts
      ? JSON.stringify({ level: LogLevel.ERROR, message: DROP_REPORT_MESSAGE, additional: [counts], timestamp: isoTime(now()) })
      : null;
    return { counts, json };
  }

  function take(maxBytes: number): Batch | null {
    const { batchSize } = config();
    const first = head;
    // Each time a batch is made, the repeats counted so far become one entry: later ones start another.
    cuts++;
    const report = dropReport();
    const jsons = report.json ? [report.json] : [];
    let count = 0;
    for (let batchBytes = 0; jsons.length < batchSize && batchBytes < maxBytes && slots.length; ) {
      const slot = shift();
      const n = callsIn(slot);
      const entry = slot.tag === 'repeats' ? writeEntry(slot.latest, n > 1 ? slot : null) : slot;
      if (!entry) {
        ledger._drop('beforeSend', n);
        continue;
      }
      batchBytes += entry.bytes;
      jsons.push(entry.json);
      count += n;
    }
    if (!jsons.length) return null;
    const body = batchSize === 1 && jsons.length === 1 ? (jsons[0] as string) : `[${jsons.join()}]`;
    return newBatch(newIdempotencyKey(), body, count, { tag: 'queue', first }, report.counts);
  }

  return {
    _push: push,
    _size: () => ({ slots: slots.length, bytes, oldestAt: slots[0]?.at ?? Infinity }),
    _take: take,
    _cut: cut,
    _head: () => head,
    _held: () => held,
  };
}

/**
 * The queue: which logged calls are admitted (grouping of repeats, the rate limit, the bound), when
 * a batch is due, and what one batch holds. The clock and the config in, decisions out; no
 * timers, no fetch, no DOM.
 *
 * Occurrences are numbered as they are queued, and the queue only ever loses its oldest (to a
 * batch, or to the bound), so the oldest queued is number `head` and the newest `head + held - 1`.
 * A grouped entry takes the numbers of the occurrences it stands for; it counts repeats only until
 * the next batch is made or flush() advances the round, so that the numbers of what is queued never
 * move (and not once it has left the queue).
 */
import { LogLevel } from '../product/constants';
import { type Batch, newBatch } from './batch';
import { newIdempotencyKey } from './idempotencyKey';
import type { Ledger } from './ledger';
import { createRateLimit } from './rateLimit';
import { createRepeats, repeatKind } from './repeats';
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

/** Repeats counted into one entry; the entry is made when its batch is made. */
interface Group {
  /** The occurrences it stands for. */
  _count: number;
  _firstTimestamp: string;
  _latest: Occurrence;
  /** When it was opened: it is due like an entry queued then. */
  _at: number;
  /** Unknown until it is made: it does not make a batch due early. */
  _bytes: 0;
  /** It counts repeats while this is the queue's round. */
  _round: number;
}

/** What a grouped entry adds to its latest occurrence (null: it stands for itself alone). */
export type Repeat = Pick<Group, '_count' | '_firstTimestamp'> | null;

/** Writes an occurrence as the entry the server receives (null: beforeSend dropped it). */
export type WriteEntry = (occurrence: Occurrence, repeat: Repeat) => QueuedEntry | null;

type Slot = QueuedEntry | Group;

const occurrencesOf = (slot: Slot) => (slot as Group)._count ?? 1;

export interface Queue {
  /** Admits a call at a server level: as it is, counted into a grouped entry, or dropped (and counted). */
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
  /**
   * For flush(): starts a new round, so that grouped entries queued now count no more repeats, and
   * returns the number every occurrence queued now is below.
   */
  _advanceRound(): number;
  /** The number of the oldest occurrence queued. */
  _head(): number;
  /** Occurrences queued. */
  _held(): number;
}

export function createQueue(config: () => LoggerConfig, ledger: Ledger, now: () => number, writeEntry: WriteEntry): Queue {
  /** Oldest first. */
  const slots: Slot[] = [];
  let head = 0;
  let held = 0;
  /** Bytes of the slots' JSON: a batch is due early at 16 KiB. */
  let bytes = 0;
  const admit = createRateLimit();
  const repeatOf = createRepeats<Group>();
  /** Grouped entries of an earlier round count no more repeats. */
  let round = 0;

  /** Out of the queue: into a batch, or pushed out by the bound. */
  const shift = () => {
    const slot = slots.shift() as Slot;
    const n = occurrencesOf(slot);
    head += n;
    held -= n;
    bytes -= slot._bytes;
    // A grouped entry out of the queue counts no more repeats.
    if ((slot as Group)._latest) (slot as Group)._round = -1;
    return slot;
  };

  const advanceRound = () => {
    round++;
    return head + held;
  };

  return {
    _push(occurrence) {
      const { groupRepeatsAfter, maxEntriesPerMinute, maxQueueSize } = config();
      const at = occurrence._at;
      const key = groupRepeatsAfter ? repeatKind(occurrence) : null;
      const kind = key === null ? null : repeatOf(occurrence._level, key, at, groupRepeatsAfter);
      const group = kind?._group;
      if (group?._round === round) {
        group._count++;
        group._latest = occurrence;
        held++;
        return;
      }
      // As it is, or a new grouped entry: either passes the rate limit as one entry.
      if (!admit(at, maxEntriesPerMinute)) return ledger._drop('rateLimited', 1);
      let slot: Slot | null;
      if (kind) {
        slot = { _count: 1, _firstTimestamp: occurrence._timestamp, _latest: occurrence, _at: at, _bytes: 0, _round: round };
        kind._group = slot;
      } else slot = writeEntry(occurrence, null);
      if (!slot) return ledger._drop('beforeSend', 1);
      slots.push(slot);
      held++;
      bytes += slot._bytes;
      // The oldest are pushed out (and counted) to keep within the bound. shift, not splice: V8
      // moves the whole array for a splice, and takes the head off a shift in place.
      let pushedOut = 0;
      while (slots.length > maxQueueSize) pushedOut += occurrencesOf(shift());
      ledger._drop('queueFull', pushedOut);
    },

    _dueIn(at) {
      const { batchSize, flushIntervalMs } = config();
      if (slots.length >= batchSize || bytes >= MAX_BATCH_BYTES) return 0;
      const since = Math.min(slots[0]?._at ?? Infinity, ledger._unreportedSince());
      return Math.max(0, since + flushIntervalMs - at);
    },

    _take() {
      const { batchSize } = config();
      const first = head;
      // Each time a batch is made, the repeats counted so far become one entry: later ones start another.
      round++;
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
      let count = 0;
      for (let batchBytes = 0; jsons.length < batchSize && batchBytes < MAX_BATCH_BYTES && slots.length; ) {
        const slot = shift();
        const n = occurrencesOf(slot);
        const latest = (slot as Group)._latest;
        const entry = latest ? writeEntry(latest, n > 1 ? (slot as Group) : null) : (slot as QueuedEntry);
        if (!entry) {
          ledger._drop('beforeSend', n);
          continue;
        }
        batchBytes += entry._bytes;
        jsons.push(entry._json);
        count += n;
      }
      if (!jsons.length) return null;
      const body = batchSize === 1 && jsons.length === 1 ? (jsons[0] as string) : `[${jsons.join()}]`;
      return newBatch(newIdempotencyKey(), body, count, first, report);
    },

    _advanceRound: advanceRound,
    _head: () => head,
    _held: () => held,
  };
}

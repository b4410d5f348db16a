/**
 * The queue: which logged calls are admitted (grouping of repeats, the rate limit, the bound), and
 * what one batch holds. The clock and the settings in, decisions out; no timers, no fetch, no DOM.
 * When a batch is due is the flush controller's call (flushController.ts), from the queue's size.
 *
 * Calls are numbered as they are queued, and the queue only ever loses its oldest (to a batch, or
 * to the bound), so the oldest queued is number `head` and the newest `head + held - 1`. A grouped
 * entry takes the numbers of the calls it stands for; it counts repeats only until the queue is
 * next cut (a batch is made, or flush() marks what it waits for), so that the numbers of what is
 * queued never move.
 */
import { LogLevel } from '../../product/constants';
import type { LogCall, Repeat, WriteEntry } from '../entry/entry';
import { bytesAtMost, entryBytes, isoTime, type QueuedEntry, stamp, utf8Bytes } from '../entry/serialize';
import type { LoggerConfig } from '../types';
import { type Batch, newBatch } from './batch';
import { newIdempotencyKey } from './idempotencyKey';
import type { Ledger, ReportCounts } from './ledger';
import { createRateLimit } from './rateLimit';
import { createRepeats, type Kind, type KindKey, repeatKind } from './repeats';

/** The message of the ERROR entry that carries drop counts to the server. */
export const DROP_REPORT_MESSAGE = 'emweb.logger dropped entries';

/**
 * An entry another tab of the browser handed to this one, the sender (sender/): written there
 * (context, beforeSend, scrubbed), counted in that tab's ledger, never in this one's. `ref` names
 * it across tabs (`<tab>:<number>`); `kind` is its repeat kind, told where it was logged.
 */
export interface HandedEntry {
  ref: string;
  /** Its timestamp written (the time it was logged, `at`). */
  json: string;
  at: number;
  level: LogLevel;
  kind: KindKey | null;
  /** Counted here once something needs them (entryBytes). */
  bytes?: number;
}

interface HandedSlot {
  tag: 'handed';
  entry: HandedEntry;
  at: number;
}

/** Repeats counted into one entry; the entry is written when its batch is made. */
interface GroupedEntry {
  tag: 'repeats';
  /** The calls it stands for, in every tab. */
  count: number;
  /** Of those, this tab's own. */
  own: number;
  /** The others, handed by other tabs. */
  handed: string[];
  /** When the first of them was logged. */
  firstAt: number;
  latest: { tag: 'own'; call: LogCall } | { tag: 'handed'; entry: HandedEntry };
  /** When it was opened: it is due like an entry queued then. */
  at: number;
  /** It counts repeats while the queue has not been cut since this cut. */
  openIn: number;
  /** The kind whose repeats it counts: it stops counting them when it leaves the queue. */
  kind: Kind<GroupedEntry>;
}

/** A place in the queue: an entry written when it was queued, one another tab handed, or repeats counted into one entry. */
type Slot = QueuedEntry | HandedSlot | GroupedEntry;

/** This tab's own calls a slot stands for (the queue numbers those only). */
const callsIn = (slot: Slot) => (slot.tag === 'repeats' ? slot.own : slot.tag === 'entry' ? 1 : 0);
const handedIn = (slot: Slot): string[] => (slot.tag === 'repeats' ? slot.handed : slot.tag === 'handed' ? [slot.entry.ref] : []);
/** The entry a slot holds written, this tab's or another's. */
const written = (slot: QueuedEntry | HandedSlot) => (slot.tag === 'entry' ? slot : slot.entry);
/** At most the bytes a slot's JSON takes (a grouped entry is unknown until it is written: it does not make a batch due early). */
const slotBytesAtMost = (slot: Slot) => (slot.tag === 'repeats' ? 0 : bytesAtMost(written(slot).json));

/** A handed entry's JSON with a grouped entry's counts, before its context, as this tab writes its own. */
function withRepeat(json: string, repeat: Repeat): string {
  if (!repeat) return json;
  const { context, ...entry } = JSON.parse(json);
  const grouped = { ...entry, repeated: repeat.count, firstTimestamp: isoTime(repeat.firstAt) };
  return JSON.stringify(context === undefined ? grouped : { ...grouped, context });
}

/** What the flush controller needs to tell when a batch is due. */
export interface QueueSize {
  /** Places taken (a grouped entry takes one). */
  slots: number;
  /** At most the bytes of the entries' JSON written so far, without counting them (see `bytes`). */
  bytesAtMost: number;
  /** Counts the bytes of the entries' JSON written so far. */
  bytes(): number;
  /** When the oldest place was taken; Infinity when empty. */
  oldestAt: number;
}

export interface Queue {
  /** Admits a call at a server level: as it is, counted into a grouped entry (then false), or dropped (and counted). */
  _push(call: LogCall): boolean;
  /** Admits an entry another tab handed, under the same rules; one dropped is told to `handedDropped`. */
  _pushHanded(entry: HandedEntry): void;
  /** Lets go of every handed entry not yet in a batch: this tab no longer sends, their tabs hand them on. */
  _releaseHanded(): void;
  _size(): QueueSize;
  /**
   * The next batch, due or not: a drop report first when there are counts to report (it takes one of
   * the `batchSize` places), then the oldest entries, at most `batchSize`, stopping after the one
   * that brings its JSON to `maxBytes`. Null when there is nothing at all.
   */
  _take(maxBytes: number): Batch | null;
  /** Cuts the queue (grouped entries queued now count no more repeats); returns the number every call queued now is below. */
  _cut(): number;
  /** The number of the oldest of this tab's calls queued. */
  _head(): number;
  /** This tab's calls queued. */
  _held(): number;
  /** Whether entries other tabs handed are queued. */
  _holdsHanded(): boolean;
}

/** Handed entries dropped here, by reason: their tabs count them. */
export type HandedDropped = (refs: string[], reason: 'queueFull' | 'rateLimited' | 'beforeSend') => void;

type Latest = GroupedEntry['latest'];

/** The queue's state and what it is handed: the functions below work on it. */
interface QueueState {
  _settings: () => LoggerConfig;
  _ledger: Ledger;
  _now: () => number;
  _writeEntry: WriteEntry;
  _handedDropped: HandedDropped;
  /** Oldest first. */
  _slots: Slot[];
  /** The number of the oldest of this tab's calls queued. */
  _head: number;
  /** This tab's calls queued. */
  _held: number;
  /** At most the bytes of the entries' JSON written so far. */
  _bytesAtMost: number;
  _admit: ReturnType<typeof createRateLimit>;
  _repeatOf: ReturnType<typeof createRepeats<GroupedEntry>>;
  /** Times the queue was cut: a grouped entry opened since the last cut counts repeats. */
  _cuts: number;
}

/**
 * A slot taken out of the queue: into a batch, pushed out by the bound, or let go (a slot let go
 * holds none of this tab's calls). A grouped entry stops counting its kind's repeats.
 */
function leaving(q: QueueState, slot: Slot): Slot {
  const n = callsIn(slot);
  q._head += n;
  q._held -= n;
  q._bytesAtMost -= slotBytesAtMost(slot);
  if (slot.tag === 'repeats' && slot.kind.group === slot) slot.kind.group = undefined;
  return slot;
}

/** The oldest out of the queue. */
const shift = (q: QueueState): Slot => leaving(q, q._slots.shift() as Slot);

/** The oldest are pushed out (and counted) to keep within the bound. shift, not splice: V8 takes the head off a shift in place. */
function add(q: QueueState, slot: Slot, maxQueueSize: number): void {
  q._slots.push(slot);
  q._held += callsIn(slot);
  q._bytesAtMost += slotBytesAtMost(slot);
  let pushedOut = 0;
  const handedOut: string[] = [];
  while (q._slots.length > maxQueueSize) {
    const out = shift(q);
    pushedOut += callsIn(out);
    handedOut.push(...handedIn(out));
  }
  q._ledger._drop('queueFull', pushedOut);
  if (handedOut.length) q._handedDropped(handedOut, 'queueFull');
}

/** Counts a repeat into its kind's open grouped entry; false when there is none. */
function countRepeat(q: QueueState, kind: Kind<GroupedEntry> | null, latest: Latest): boolean {
  const group = kind?.group;
  if (group?.openIn !== q._cuts) return false;
  group.count++;
  group.latest = latest;
  if (latest.tag === 'own') {
    group.own++;
    q._held++;
  } else group.handed.push(latest.entry.ref);
  return true;
}

function openGroup(q: QueueState, kind: Kind<GroupedEntry>, latest: Latest, at: number): GroupedEntry {
  const own = latest.tag === 'own';
  const group: GroupedEntry = {
    tag: 'repeats',
    count: 1,
    own: own ? 1 : 0,
    handed: own ? [] : [latest.entry.ref],
    firstAt: at,
    latest,
    at,
    openIn: q._cuts,
    kind,
  };
  kind.group = group;
  return group;
}

/** A call not admitted is counted here, an entry another tab handed in its tab. A function, not a closure made each call. */
function dropped(q: QueueState, latest: Latest, reason: 'rateLimited' | 'beforeSend'): void {
  if (latest.tag === 'own') q._ledger._drop(reason, 1);
  else q._handedDropped([latest.entry.ref], reason);
}

/**
 * Admits this tab's call or an entry another tab handed, under the same rules: counted into a
 * grouped entry, or as it is, or a new grouped entry (either passes the rate limit as one entry).
 * False when it was counted into a grouped entry: no batch is due any sooner for it.
 */
function admit(q: QueueState, latest: Latest): boolean {
  const { groupRepeatsAfter, maxEntriesPerMinute, maxQueueSize } = q._settings();
  const own = latest.tag === 'own';
  const { level, at } = own ? latest.call : latest.entry;
  const key = !groupRepeatsAfter ? null : own ? repeatKind(latest.call) : latest.entry.kind;
  const kind = key === null ? null : q._repeatOf(level, key, at, groupRepeatsAfter);
  if (countRepeat(q, kind, latest)) return false;
  if (!q._admit(at, maxEntriesPerMinute)) dropped(q, latest, 'rateLimited');
  else {
    const slot: Slot | null = kind
      ? openGroup(q, kind, latest, at)
      : own
        ? q._writeEntry(latest.call, null)
        : { tag: 'handed', entry: latest.entry, at };
    if (slot) add(q, slot, maxQueueSize);
    else dropped(q, latest, 'beforeSend');
  }
  return true;
}

/** Other tabs' entries not yet in a batch go; a grouped entry keeps this tab's own repeats. */
function releaseHanded(q: QueueState): void {
  for (let i = q._slots.length - 1; i >= 0; i--) {
    const slot = q._slots[i] as Slot;
    if (slot.tag === 'entry') continue;
    if (slot.tag === 'repeats' && slot.own > 0) {
      slot.count = slot.own;
      slot.handed = [];
      continue;
    }
    leaving(q, slot);
    q._slots.splice(i, 1);
  }
}

/** The drop report that opens a batch when there are counts to report: they go with this batch. */
const dropReport = (q: QueueState, counts: ReportCounts) =>
  JSON.stringify({ level: LogLevel.ERROR, message: DROP_REPORT_MESSAGE, additional: [counts], timestamp: isoTime(q._now()) });

/** A slot as the entry that goes in a batch; null when beforeSend dropped it (and it is counted). */
function entryOf(q: QueueState, slot: Slot): { json: string; at: number; bytes?: number } | null {
  if (slot.tag !== 'repeats') return written(slot);
  const repeat = slot.count > 1 ? slot : null;
  if (slot.latest.tag === 'handed') return { json: withRepeat(slot.latest.entry.json, repeat), at: slot.latest.entry.at };
  const entry = q._writeEntry(slot.latest.call, repeat);
  if (!entry) {
    q._ledger._drop('beforeSend', slot.own);
    if (slot.handed.length) q._handedDropped(slot.handed, 'beforeSend');
  }
  return entry;
}

function take(q: QueueState, maxBytes: number): Batch | null {
  const { batchSize } = q._settings();
  const first = q._head;
  // Each time a batch is made, the repeats counted so far become one entry: later ones start another.
  q._cuts++;
  const counts = q._ledger._takeReport();
  const jsons = counts ? [dropReport(q, counts)] : [];
  const handed: string[][] = counts ? [[]] : [];
  let count = 0;
  let anyHanded = false;
  for (let batchBytes = 0; jsons.length < batchSize && batchBytes < maxBytes && q._slots.length; ) {
    const slot = shift(q);
    const entry = entryOf(q, slot);
    if (!entry) continue;
    const json = stamp(entry.json, entry.at);
    batchBytes += entry.bytes ?? utf8Bytes(json);
    jsons.push(json);
    count += callsIn(slot);
    const refs = handedIn(slot);
    handed.push(refs);
    anyHanded ||= refs.length > 0;
  }
  if (!jsons.length) return null;
  const body = batchSize === 1 && jsons.length === 1 ? (jsons[0] as string) : `[${jsons.join()}]`;
  return newBatch(newIdempotencyKey(), body, count, { tag: 'queue', first }, counts, anyHanded ? handed : null);
}

export function createQueue(
  settings: () => LoggerConfig,
  ledger: Ledger,
  now: () => number,
  writeEntry: WriteEntry,
  handedDropped: HandedDropped,
): Queue {
  const q: QueueState = {
    _settings: settings,
    _ledger: ledger,
    _now: now,
    _writeEntry: writeEntry,
    _handedDropped: handedDropped,
    _slots: [],
    _head: 0,
    _held: 0,
    _bytesAtMost: 0,
    _admit: createRateLimit(),
    _repeatOf: createRepeats<GroupedEntry>(),
    _cuts: 0,
  };
  const bytes = () => q._slots.reduce((n, slot) => n + (slot.tag === 'repeats' ? 0 : entryBytes(written(slot))), 0);
  return {
    _push: (call) => admit(q, { tag: 'own', call }),
    _pushHanded: (entry) => admit(q, { tag: 'handed', entry }),
    _releaseHanded: () => releaseHanded(q),
    _size: () => ({ slots: q._slots.length, bytesAtMost: q._bytesAtMost, bytes, oldestAt: q._slots[0]?.at ?? Infinity }),
    _take: (maxBytes) => take(q, maxBytes),
    _cut() {
      q._cuts++;
      return q._head + q._held;
    },
    _head: () => q._head,
    _held: () => q._held,
    _holdsHanded: () => q._slots.some((slot) => handedIn(slot).length > 0),
  };
}

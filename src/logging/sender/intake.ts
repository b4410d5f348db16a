/**
 * The sender's side: entries other tabs hand in join this tab's queue (the same batchSize,
 * flushIntervalMs, 16 KiB, rate limit, bound and grouping of repeats as its own), and each tab is
 * told what became of its entries once their batch is settled.
 *
 * Exactly once: a batch that carries other tabs' entries is recorded in localStorage (its key, its
 * body, whose entries it holds) when it is formed, before it is first sent; once it is settled the
 * record keeps what became of those entries (for ten minutes: a tab may not have heard it). A tab
 * that takes the role over replays every unsettled record whole, with its key, and learns the
 * settled ones, before it says it sends; the tabs then hand it their unsettled entries again, and
 * it drops the refs it already holds (in a replayed batch, or in its queue) and answers at once for
 * the ones settled. So an entry that may have reached the server went there in one batch under
 * one key, whichever tab sends it again: the server's de-duplication by Idempotency-Key leaves one.
 *
 * localStorage alone cannot carry that: another tab's copy of it may hear of a record only after
 * that tab holds the lock (its writes reach the others by a path of their own, unordered with the
 * lock and the channel). So a sender's `resign` carries its unsettled batches too; a tab that handed
 * entries to it hands them to a new sender only after that last word (oneSender.ts), and those in a
 * batch it names go as that batch, whole (`_receive`).
 */

import { isPlainObject, parseJson } from '../../browser/http';
import type { SafeStorage } from '../../browser/storage';
import type { Pending } from '../exit/pending';
import { type Batch, handedRefs, isBatchKey, newBatch, readHanded } from '../queue/batch';
import type { HandedEntry, Queue } from '../queue/queue';
import { RECORD_PREFIX, type SettledOutcome, type SharedBatch } from './messages';

/** Refs settled lately, remembered so that one handed again (its answer lost) is answered again. */
const MAX_REMEMBERED = 2000;
/** How long a settled record stays for a tab that has not heard what became of its entries. */
const SETTLED_RECORD_MS = 10 * 60_000;

export interface Intake {
  /**
   * Handed entries join the queue. With `batches` (handed again, as a message carries them), those an
   * old sender formed join the pending ones first, each whole, with its key, unless held or settled.
   */
  _receive(entries: readonly HandedEntry[], batches?: unknown): void;
  /** The pending batches that hold other tabs' entries, for this tab's `resign`. */
  _shared(): SharedBatch[];
  /** A tab that knows no sender takes back its handed entries that no recorded batch holds. */
  _receiveUnrecorded(entries: readonly HandedEntry[]): void;
  /** Taking the role over: every recorded batch joins the pending ones, whole, with its key. */
  _replayRecords(): void;
  /** Giving the role up: handed entries not yet in a batch are let go (their tabs hand them on); the refs still held, in pending batches. */
  _release(): ReadonlySet<string>;
  /** Another tab settled entries, and the batch under `key`, which this tab may hold too. */
  _settledElsewhere(refs: readonly string[], key: string | null, outcome: SettledOutcome): void;
}

export interface IntakeParts {
  queue: Queue;
  pending: Pending;
  local: SafeStorage;
  now(): number;
  /** Tells the tabs (this one included) what became of entries, and of the batch under `key`. */
  tell(refs: string[], key: string | null, outcome: SettledOutcome): void;
  /** Something may go now. */
  sendDue(): void;
}

const recordKey = (batch: Batch) => RECORD_PREFIX + batch.key;

/** A record: a batch to replay, or what became of a settled one's entries. */
type BatchRecord =
  | { tag: 'unsettled'; batch: SharedBatch }
  | { tag: 'settled'; refs: string[]; outcome: SettledOutcome; at: number };

const shared = (batch: Batch): SharedBatch => ({ key: batch.key, body: batch.body, handed: batch.handed ?? [] });

/** A batch as a record or a message holds it (`key`, `body`, `handed`), or null when it is not one. */
function sharedBatch(value: unknown): SharedBatch | null {
  if (!isPlainObject(value) || !isBatchKey(value.key) || !Array.isArray(value.handed) || typeof value.body !== 'string')
    return null;
  return { key: value.key, body: value.body, handed: readHanded(value.handed) };
}

/** The batches a message carries, those that are batches (another version of the client may send others). */
export const sharedBatches = (value: unknown): SharedBatch[] =>
  Array.isArray(value) ? value.flatMap((each) => sharedBatch(each) ?? []) : [];

const replayable = ({ key, body, handed }: SharedBatch) => newBatch(key, body, 0, { tag: 'store' }, null, handed);

function readRecord(text: string | null): BatchRecord | null {
  const value = parseJson(text ?? '')?.value;
  if (isPlainObject(value) && typeof value.settled === 'string') {
    const refs = readHanded(value.handed).flat();
    return { tag: 'settled', refs, outcome: value.settled as SettledOutcome, at: Number(value.at) || 0 };
  }
  const batch = sharedBatch(value);
  return batch && { tag: 'unsettled', batch };
}

/**
 * The records in localStorage. One that cannot be read goes, and so does a settled one older than
 * ten minutes: localStorage holds the ones a late tab may still need.
 */
function liveRecords(local: SafeStorage, now: number): BatchRecord[] {
  const kept: BatchRecord[] = [];
  for (const key of local.keys()) {
    if (!key.startsWith(RECORD_PREFIX)) continue;
    const record = readRecord(local.get(key));
    if (!record || (record.tag === 'settled' && record.at < now - SETTLED_RECORD_MS)) local.remove(key);
    else kept.push(record);
  }
  return kept;
}

/**
 * Records in localStorage the pending batches that hold other tabs' entries, and what became of them
 * once settled (remembered, and told to the tabs).
 */
function recordBatches(
  { pending, local, now, tell }: IntakeParts,
  remember: (refs: readonly string[], outcome: SettledOutcome) => void,
): void {
  pending._watch({
    added(batch) {
      if (batch.handed) local.set(recordKey(batch), JSON.stringify(shared(batch)));
    },
    settled(batch, outcome) {
      if (outcome === 'split' || !batch.handed) return local.remove(recordKey(batch));
      const refs = handedRefs(batch);
      liveRecords(local, now()); // the stale ones go before this one is written
      local.set(recordKey(batch), JSON.stringify({ key: batch.key, handed: [refs], settled: outcome, at: now() }));
      remember(refs, outcome);
      tell(refs, batch.key, outcome);
    },
  });
}

/** Tells the tabs again what became of refs settled already (their answer may have been lost); returns the others. */
function answerAgain(settled: ReadonlyMap<string, SettledOutcome>, refs: readonly string[], tell: IntakeParts['tell']): string[] {
  const answered = new Map<SettledOutcome, string[]>();
  const open: string[] = [];
  for (const ref of refs) {
    const outcome = settled.get(ref);
    if (outcome) answered.set(outcome, [...(answered.get(outcome) ?? []), ref]);
    else open.push(ref);
  }
  for (const [outcome, told] of answered) tell(told, null, outcome);
  return open;
}

export function createIntake(parts: IntakeParts): Intake {
  const { queue, pending, local, now, tell, sendDue } = parts;
  /** Refs in the queue or in a pending batch. */
  let holding = new Set<string>();
  const settled = new Map<string, SettledOutcome>();

  const remember = (refs: readonly string[], outcome: SettledOutcome) => {
    for (const ref of refs) {
      holding.delete(ref);
      settled.set(ref, outcome);
    }
    for (const ref of settled.keys()) {
      if (settled.size <= MAX_REMEMBERED) break;
      settled.delete(ref);
    }
  };

  recordBatches(parts, remember);

  const answerSettled = (refs: readonly string[]) => answerAgain(settled, refs, tell);

  /** Handed entries join the queue, but for a ref held already or settled (answered at once). */
  function receive(entries: readonly HandedEntry[], batches?: unknown): void {
    // Handed again: a record may have reached this tab's localStorage since it took over.
    if (batches) replayRecords();
    for (const batch of sharedBatches(batches)) receiveBatch(batch);
    const open = new Set(answerSettled(entries.map((entry) => entry.ref)));
    for (const entry of entries)
      if (open.has(entry.ref) && !holding.has(entry.ref)) {
        holding.add(entry.ref);
        queue._pushHanded(entry);
      }
    sendDue();
  }

  /** A batch of an old sender joins the pending ones whole, unless it is pending, or its entries are held or settled. */
  function receiveBatch(batch: SharedBatch): void {
    const refs = batch.handed.flat();
    if (pending._byKey(batch.key) || answerSettled(refs).length < refs.length || refs.some((ref) => holding.has(ref))) return;
    for (const ref of refs) holding.add(ref);
    pending._add(replayable(batch));
  }

  /** Taking the role over: every recorded batch joins the pending ones, whole, with its key. */
  function replayRecords(): void {
    for (const record of liveRecords(local, now())) {
      if (record.tag === 'settled') remember(record.refs, record.outcome);
      else receiveBatch(record.batch);
    }
  }

  return {
    _receive: receive,
    _shared: () => pending._batches().flatMap((batch) => (batch.handed ? [shared(batch)] : [])),
    _receiveUnrecorded(entries) {
      const recorded = new Set(
        liveRecords(local, now()).flatMap((record) => (record.tag === 'settled' ? record.refs : record.batch.handed.flat())),
      );
      receive(entries.filter((entry) => !recorded.has(entry.ref)));
    },
    _replayRecords: replayRecords,
    _release() {
      queue._releaseHanded();
      holding = new Set(pending._batches().flatMap(handedRefs));
      return holding;
    },
    _settledElsewhere(refs, key, outcome) {
      const batch = key && pending._byKey(key);
      if (batch) pending._settle(batch, outcome);
      // Remembered: a tab that missed the answer and hands them to this one again is answered, not sent for.
      remember(refs, outcome);
    },
  };
}

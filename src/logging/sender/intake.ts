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
 */

import { isPlainObject, parseJson } from '../../browser/http';
import type { SafeStorage } from '../../browser/storage';
import type { Pending } from '../exit/pending';
import { type Batch, handedRefs, newBatch } from '../queue/batch';
import type { HandedEntry, Queue } from '../queue/queue';
import { RECORD_PREFIX, type SettledOutcome } from './messages';

/** Refs settled lately, remembered so that one handed again (its answer lost) is answered again. */
const MAX_REMEMBERED = 2000;
/** How long a settled record stays for a tab that has not heard what became of its entries. */
const SETTLED_RECORD_MS = 10 * 60_000;

export interface Intake {
  _receive(entries: readonly HandedEntry[]): void;
  /** A tab that knows no sender takes back its handed entries that no recorded batch holds. */
  _receiveUnrecorded(entries: readonly HandedEntry[]): void;
  /** Taking the role over: every recorded batch joins the pending ones, whole, with its key. */
  _replayRecords(): void;
  /** Giving the role up: handed entries not yet in a batch are let go (their tabs hand them on); the refs still held, in pending batches. */
  _release(): ReadonlySet<string>;
  /** Another tab settled a batch this tab may hold too. */
  _settledElsewhere(key: string, outcome: SettledOutcome): void;
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
type BatchRecord = { tag: 'unsettled'; batch: Batch } | { tag: 'settled'; refs: string[]; outcome: SettledOutcome; at: number };

function readRecord(text: string | null): BatchRecord | null {
  const value = parseJson(text ?? '')?.value;
  if (!isPlainObject(value) || typeof value.key !== 'string' || !Array.isArray(value.handed)) return null;
  const handed = value.handed.filter(Array.isArray) as string[][];
  if (typeof value.settled === 'string')
    return { tag: 'settled', refs: handed.flat(), outcome: value.settled as SettledOutcome, at: Number(value.at) || 0 };
  if (typeof value.body !== 'string') return null;
  return { tag: 'unsettled', batch: newBatch(value.key, value.body, 0, { tag: 'store' }, null, handed) };
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

export function createIntake({ queue, pending, local, now, tell, sendDue }: IntakeParts): Intake {
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

  pending._watch({
    added(batch) {
      if (batch.handed) local.set(recordKey(batch), JSON.stringify({ key: batch.key, body: batch.body, handed: batch.handed }));
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

  /** Handed entries join the queue, but for a ref held already or settled (answered at once). */
  function receive(entries: readonly HandedEntry[]): void {
    const answered = new Map<SettledOutcome, string[]>();
    for (const entry of entries) {
      const outcome = settled.get(entry.ref);
      if (outcome) answered.set(outcome, [...(answered.get(outcome) ?? []), entry.ref]);
      else if (!holding.has(entry.ref)) {
        holding.add(entry.ref);
        queue._pushHanded(entry);
      }
    }
    for (const [outcome, refs] of answered) tell(refs, null, outcome);
    sendDue();
  }

  return {
    _receive: receive,
    _receiveUnrecorded(entries) {
      const recorded = new Set(
        liveRecords(local, now()).flatMap((record) => (record.tag === 'settled' ? record.refs : handedRefs(record.batch))),
      );
      receive(entries.filter((entry) => !recorded.has(entry.ref)));
    },
    _replayRecords() {
      for (const record of liveRecords(local, now())) {
        if (record.tag === 'settled') remember(record.refs, record.outcome);
        else if (!pending._byKey(record.batch.key)) {
          for (const ref of handedRefs(record.batch)) holding.add(ref);
          pending._add(record.batch);
        }
      }
    },
    _release() {
      queue._releaseHanded();
      holding = new Set(pending._batches().flatMap(({ batch }) => handedRefs(batch)));
      return holding;
    },
    _settledElsewhere(key, outcome) {
      const batch = pending._byKey(key);
      if (batch) pending._settle(batch, outcome);
    },
  };
}

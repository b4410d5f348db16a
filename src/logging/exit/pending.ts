/**
 * The pending batches: formed (or taken over from an earlier page's store) and not yet settled,
 * oldest first, with what they stand for. Settling one tells the ledger: sent, split in two in its
 * place (413), or dropped for a reason.
 */
import { type Batch, MAX_BATCH_BYTES, splitBatch } from '../queue/batch';
import type { DropReason, Ledger } from '../queue/ledger';
import type { Queue } from '../queue/queue';

export interface Pending {
  /** Oldest first. */
  _batches(): readonly Batch[];
  /** Entries the pending batches stand for. */
  _held(): number;
  _add(batch: Batch): void;
  /** A batch formed from the queue, added; null when the queue is empty. */
  _form(): Batch | null;
  /**
   * The batch to send next: the oldest, or, when there is none and `formNew` says so, one formed
   * from the queue. Null when there is nothing, or while a request beside delivery's own carries
   * the oldest: its answer moves on.
   */
  _next(formNew: boolean): Batch | null;
  _has(batch: Batch): boolean;
  /**
   * Whether a request beside delivery's own send carries the batch: page exit's keepalive, or a
   * send that a stop (or a lost endpoint) left out. Such a batch is not sent again until that
   * request's answer is in.
   */
  _inFlight(batch: Batch): boolean;
  _markInFlight(batch: Batch, inFlight: boolean): void;
  /** Takes a batch out, sent or dropped for a reason; true when it was split in two instead. */
  _settle(batch: Batch, outcome: 'sent' | DropReason): boolean;
  /** The pending batch under a key, if any. */
  _byKey(key: string): Batch | null;
  /** Told of each batch added and settled (flush accounting, the sender's records); returns the way to stop. */
  _watch(watcher: PendingWatcher): () => void;
  /** Told of each change (the page's store). */
  _onChange(listener: () => void): void;
}

interface PendingWatcher {
  added?(batch: Batch): void;
  /** `split`: it went as two batches in its place (each added). */
  settled?(batch: Batch, outcome: 'sent' | 'split' | DropReason): void;
}

export function createPending(queue: Queue, ledger: Ledger): Pending {
  const list: Batch[] = [];
  /** The pending batches a request beside delivery's own carries. */
  const inFlight = new Set<Batch>();
  let held = 0;
  const watchers = new Set<PendingWatcher>();
  let changed = () => {};

  function add(batch: Batch): void {
    list.push(batch);
    held += batch.count;
    for (const watcher of watchers) watcher.added?.(batch);
    changed();
  }

  function form(): Batch | null {
    const batch = queue._take(MAX_BATCH_BYTES);
    if (batch) add(batch);
    return batch;
  }

  function settle(batch: Batch, outcome: 'sent' | DropReason): boolean {
    const at = list.indexOf(batch);
    if (at < 0) return false;
    const halves = outcome === 'tooLarge' && splitBatch(batch);
    list.splice(at, 1, ...(halves || []));
    inFlight.delete(batch);
    for (const watcher of watchers) {
      watcher.settled?.(batch, halves ? 'split' : outcome);
      for (const half of halves || []) watcher.added?.(half);
    }
    if (!halves) {
      held -= batch.count;
      if (outcome === 'sent') ledger._deliver(batch.count);
      else {
        ledger._drop(outcome, batch.count);
        // A drop report lost with the entries of its batch is reported again; one that was all its
        // batch held is not (sent again and again to an endpoint that refuses it, or that a CSP
        // blocks, it would never end).
        if (batch.reported && batch.count > 0) ledger._reportLater(batch.reported);
      }
    }
    changed();
    return !!halves;
  }

  return {
    _batches: () => list,
    _held: () => held,
    _add: add,
    _form: form,
    _next(formNew) {
      const oldest = list[0] ?? (formNew ? form() : null);
      return oldest && !inFlight.has(oldest) ? oldest : null;
    },
    _has: (batch) => list.includes(batch),
    _inFlight: (batch) => inFlight.has(batch),
    _markInFlight(batch, carried) {
      if (carried && list.includes(batch)) inFlight.add(batch);
      else inFlight.delete(batch);
    },
    _settle: settle,
    _byKey: (key) => list.find((batch) => batch.key === key) ?? null,
    _watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    _onChange(listener) {
      changed = listener;
    },
  };
}

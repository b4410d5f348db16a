/**
 * The outbox: batches made (or taken over from an earlier page) and not yet settled, oldest first,
 * and which of them a keepalive request of page exit carries now. Settling a batch tells the
 * ledger what became of its occurrences.
 */
import { type Batch, splitBatch } from './batch';
import type { DropReason, Ledger } from './ledger';
import type { Queue } from './queue';

export interface Outbox {
  /**
   * The batch to send next: the oldest, or, when there is none and `make` says so, one made from
   * the queue. Null when there is nothing, or when a keepalive of page exit carries the oldest: no
   * batch is sent twice at once, and the keepalive's answer moves on.
   */
  _next(make: boolean): Batch | null;
  /** Every entry queued into batches (page exit stores and sends batches whole). */
  _makeAll(): void;
  /** Oldest first; not to be changed by the caller. */
  _batches(): readonly Batch[];
  /** Occurrences held in batches. */
  _held(): number;
  /** A batch an earlier page stored, taken over whole. */
  _add(batch: Batch): void;
  /**
   * The batch is done with: delivered (`sent`), or lost for a reason; nothing when it is not held.
   * One too large for the server goes as two in its place (see splitBatch) unless it holds a
   * single entry: then true.
   */
  _settle(batch: Batch, outcome: 'sent' | DropReason): boolean;
  /** Marks the batch as carried by a keepalive request of page exit, until its answer is in. */
  _carry(batch: Batch, carried: boolean): void;
  /** Whether a keepalive carries the batch now. */
  _carried(batch: Batch): boolean;
  /** Called with each batch delivered, until the returned function is called. */
  _onSent(listener: (batch: Batch) => void): () => void;
}

/** `changed` is called after any change to what the outbox holds (page exit keeps its store in step). */
export function createOutbox(queue: Queue, ledger: Ledger, changed: () => void): Outbox {
  const batches: Batch[] = [];
  const carried = new Set<Batch>();
  const sentListeners = new Set<(batch: Batch) => void>();
  let held = 0;

  const add = (batch: Batch) => {
    batches.push(batch);
    held += batch._count;
    changed();
  };
  const make = () => {
    const batch = queue._take();
    if (batch) add(batch);
    return batch;
  };

  return {
    _next(mayMake) {
      const oldest = batches[0] ?? (mayMake ? make() : null);
      return oldest && !carried.has(oldest) ? oldest : null;
    },
    _makeAll() {
      while (make()) {
        // until the queue is empty
      }
    },
    _batches: () => batches,
    _held: () => held,
    _add: add,
    _settle(batch, outcome) {
      const at = batches.indexOf(batch);
      if (at < 0) return false;
      carried.delete(batch);
      const halves = outcome === 'tooLarge' && splitBatch(batch);
      batches.splice(at, 1, ...(halves || []));
      if (!halves) held -= batch._count;
      if (outcome === 'sent') {
        ledger._deliver(batch._count);
        for (const tell of sentListeners) tell(batch);
      } else if (!halves) {
        ledger._drop(outcome, batch._count);
        // A drop report lost with the entries of its batch is reported again; one that was all its
        // batch held is not (sent again and again to an endpoint that refuses it, or that a CSP
        // blocks, it would never end).
        if (batch._reported && batch._count > 0) ledger._reportLater(batch._reported);
      }
      changed();
      return !!halves;
    },
    _carry(batch, carry) {
      if (carry) carried.add(batch);
      else carried.delete(batch);
    },
    _carried: (batch) => carried.has(batch),
    _onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
  };
}

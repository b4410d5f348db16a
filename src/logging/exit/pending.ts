/**
 * The pending batches: formed (or taken over from an earlier page's store) and not yet settled,
 * oldest first, with what they stand for. Settling one tells the ledger: sent, split in two in its
 * place (413), or dropped for a reason.
 */
import { type Batch, MAX_BATCH_BYTES, splitBatch } from '../queue/batch';
import type { DropReason, Ledger } from '../queue/ledger';
import type { Queue } from '../queue/queue';

/**
 * A pending batch, and the request that carries it beside delivery's own send, if any: page
 * exit's keepalive, or a send that a stop (or a lost endpoint) left out. Such a batch is not sent
 * again until that request's answer is in.
 */
interface PendingBatch {
  batch: Batch;
  inFlight: 'keepalive' | 'send-left-by-stop' | null;
}

export interface Pending {
  _batches(): readonly PendingBatch[];
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
  _markInFlight(batch: Batch, by: PendingBatch['inFlight']): void;
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
  const list: PendingBatch[] = [];
  let held = 0;
  const watchers = new Set<PendingWatcher>();
  let changed = () => {};

  const indexOf = (batch: Batch) => list.findIndex((pending) => pending.batch === batch);

  function add(batch: Batch): void {
    list.push({ batch, inFlight: null });
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
    const at = indexOf(batch);
    if (at < 0) return false;
    const halves = outcome === 'tooLarge' && splitBatch(batch);
    list.splice(at, 1, ...(halves || []).map((half) => ({ batch: half, inFlight: null })));
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
      const oldest = list[0] ?? (formNew ? { batch: form(), inFlight: null } : null);
      return oldest?.batch && !oldest.inFlight ? oldest.batch : null;
    },
    _has: (batch) => indexOf(batch) >= 0,
    _markInFlight(batch, by) {
      const pending = list[indexOf(batch)];
      if (pending) pending.inFlight = by;
    },
    _settle: settle,
    _byKey: (key) => list.find((pending) => pending.batch.key === key)?.batch ?? null,
    _watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    _onChange(listener) {
      changed = listener;
    },
  };
}

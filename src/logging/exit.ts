/**
 * Page exit: the page turned hidden or is going away, and may never run again (hidden pages get
 * discarded). Everything queued is made into batches; every batch not yet delivered is kept in the
 * page's store for the next page, with the ledger's drop counts not yet reported; then what can go
 * goes at once: keepalive requests within the browser's 64 KiB budget (the host page's own
 * included), beyond it beacons, never into a server's Retry-After. A batch that arrives twice that
 * way is told apart by its idempotency key. A page that stays carries on: until it is visible
 * again its store follows every change of the outbox, so that the next page neither replays what
 * was delivered meanwhile nor misses a count.
 */
import type { Batch } from './batch';
import { beaconBatch } from './beacon';
import type { Surroundings } from './env';
import { newIdempotencyKey } from './idempotencyKey';
import type { Ledger } from './ledger';
import type { Outbox } from './outbox';
import { STORE_PREFIX, storePage, takeStored } from './pendingStore';
import type { Post } from './post';
import type { Transport } from './transport';

/** What the browser lets keepalive requests carry at once, shared with the host page's own. */
const KEEPALIVE_BUDGET = 64 * 1024;

export interface PageExit {
  /** What the outbox holds changed: while the page is hidden, its store follows. */
  _changed(): void;
  /** What earlier pages could not deliver goes first, whole and with its keys; its entries join this page's ledger. */
  _restore(): void;
  /** pagehide, or the page turned hidden. */
  _leave(): void;
  /** The page is visible again: it holds everything itself, so its stored copy goes. */
  _resume(): void;
}

export function createPageExit(page: Surroundings, ledger: Ledger, outbox: Outbox, transport: Transport, post: Post): PageExit {
  const { _local: local, _guard: guard } = page;
  /** This page's key in the store. */
  const storeKey = STORE_PREFIX + newIdempotencyKey();
  /** From page exit until the page is visible again. */
  let storing = false;
  /** While the store is written, the changes it makes itself (batches left out) are in the write. */
  let rewriting = false;
  /** Bytes of this page's keepalive requests in flight. */
  let keepaliveBytes = 0;

  const drop = (leftOut: Batch[]) => {
    for (const batch of leftOut) outbox._settle(batch, 'storeFull');
    return ledger._unreported();
  };
  const keep = () => {
    rewriting = true;
    storePage(local, storeKey, outbox._batches(), page._now(), drop);
    rewriting = false;
  };

  return {
    _changed() {
      if (storing && !rewriting) keep();
    },
    _restore() {
      const { batches, counts } = takeStored(local);
      for (const dropped of counts) ledger._reportLater(dropped);
      for (const batch of batches) {
        ledger._log(batch._count, true);
        outbox._add(batch);
      }
    },
    _leave() {
      // Batches are stored and sent whole.
      outbox._makeAll();
      storing = true;
      keep();
      const to = transport._maySend();
      if (!to) return;
      const headers = to.headers();
      // A beacon cannot carry headers: with any (token mode), what keepalive cannot take stays stored.
      const mayBeacon = !Object.keys(headers).length;
      for (const batch of outbox._batches()) {
        if (outbox._carried(batch)) continue;
        if (keepaliveBytes + batch._bytes > KEEPALIVE_BUDGET) {
          if (mayBeacon) beaconBatch(page._navigator(), to.url, batch);
          continue;
        }
        keepaliveBytes += batch._bytes;
        outbox._carry(batch, true);
        void post(to, batch, true, headers).then(
          guard((result) => {
            keepaliveBytes -= batch._bytes;
            outbox._carry(batch, false);
            transport._answer(batch, result, true);
          }),
        );
      }
    },
    _resume() {
      if (storing) local.remove(storeKey);
      storing = false;
    },
  };
}

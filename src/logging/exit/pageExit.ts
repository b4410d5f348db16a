/**
 * What happens when the page goes. On `pagehide`, and when the page turns hidden (a hidden page may
 * be discarded without another event), every queued entry is formed into batches and:
 * 1. every pending batch is written to the page's store (localStorage, pendingStore.ts), which
 *    then follows every change (a batch sent, split or dropped) until the page is visible again,
 *    so that the next page neither replays what was delivered meanwhile nor misses a count;
 * 2. what can go goes at once: keepalive requests while under the browser's 64 KiB budget (shared
 *    with the host page's own), beyond it beacons (which carry the key as a query parameter; none
 *    in token mode: a beacon cannot carry Authorization), never into a server's Retry-After.
 * A page that stays carries on; once it is visible again its stored copy goes. The next page
 * takes every stored batch at start and replays it whole, with its key: a batch that arrives
 * twice (keepalive, then replay) is told apart by the server by its Idempotency-Key.
 */

import type { HttpResult } from '../../browser/http';
import type { Runtime } from '../page/env';
import type { Batch } from '../queue/batch';
import { newIdempotencyKey } from '../queue/idempotencyKey';
import type { Ledger } from '../queue/ledger';
import { beaconBatch } from '../sending/beacon';
import type { Post } from '../sending/post';
import type { LogEndpoint } from '../types';
import type { Pending } from './pending';
import { leftOutOfStore, STORE_PREFIX, storePage, takeStored } from './pendingStore';

/** What the browser lets keepalive requests carry at once, shared with the host page's own. */
const KEEPALIVE_BUDGET = 64 * 1024;

export interface PageExit {
  /**
   * The page turned hidden or is going away (`false`): store, then drain. The page is visible again
   * (`true`): it holds everything itself, so its stored copy goes.
   */
  _shown(visible: boolean): void;
  /** What earlier pages could not deliver goes first, whole and with its keys; its entries join this page's ledger. */
  _restore(): void;
}

export interface PageExitParts {
  runtime: Pick<Runtime, 'local' | 'now' | 'navigator' | 'guard'>;
  pending: Pending;
  ledger: Ledger;
  post: Post;
  /** Where a batch may go now (started, online, no Retry-After in force), or null. */
  sendableEndpoint(): LogEndpoint | null;
  /** The answer to a request beside delivery's own. */
  answeredInFlight(batch: Batch, result: HttpResult): void;
}

export function createPageExit({ runtime, pending, ledger, post, sendableEndpoint, answeredInFlight }: PageExitParts): PageExit {
  const { local, now, guard } = runtime;
  /** This page's key in the store. */
  const storeKey = STORE_PREFIX + newIdempotencyKey();
  /** From page exit until the page is visible again the store follows every change (but the drops it makes itself). */
  let following = false;
  /** Bytes of this page's keepalive requests in flight. */
  let keepaliveBytes = 0;

  /** The newest batches that fit, with the drop counts not yet reported; the oldest that do not fit are dropped, and counted. */
  function writeStore(): void {
    const batches = pending._batches();
    const leftOut = batches.slice(0, leftOutOfStore(local, storeKey, batches));
    following = false;
    for (const batch of leftOut) pending._settle(batch, 'storeFull');
    following = true;
    // What is pending once those are dropped is what fits.
    storePage(local, storeKey, pending._batches(), ledger._unreported(), now());
  }

  pending._onChange(() => {
    if (following) writeStore();
  });

  function drain(): void {
    const endpoint = sendableEndpoint();
    if (!endpoint) return;
    const headers = endpoint.headers();
    const mayBeacon = !Object.keys(headers).length;
    for (const batch of [...pending._batches()]) {
      if (pending._inFlight(batch)) continue;
      if (keepaliveBytes + batch.bytes <= KEEPALIVE_BUDGET) {
        keepaliveBytes += batch.bytes;
        pending._markInFlight(batch, true);
        void post(endpoint, batch, true, headers).then(
          guard((result: HttpResult) => {
            keepaliveBytes -= batch.bytes;
            answeredInFlight(batch, result);
          }),
        );
      } else if (mayBeacon) beaconBatch(runtime.navigator(), endpoint.url, batch);
    }
  }

  return {
    _shown(visible) {
      if (visible) {
        if (following) local.remove(storeKey);
        following = false;
      } else {
        // Batches are stored and sent whole.
        while (pending._form()) {
          // until the queue is empty
        }
        writeStore();
        drain();
      }
    },
    _restore() {
      const { batches, counts } = takeStored(local);
      for (const dropped of counts) ledger._reportLater(dropped);
      for (const batch of batches) {
        ledger._log(batch.count, true);
        pending._add(batch);
      }
    },
  };
}

/**
 * What lets a server tell the copies of a batch apart: its idempotency key, carried by every send
 * (a header on a POST, a query parameter on a beacon), so that a server that keeps recent keys can
 * drop the copy a retry, a page exit or the next page may send of a batch it already has.
 */
import type { Batch } from './batch';
import type { BeaconNavigator } from './env';

/**
 * Hands the batch to the browser to deliver after the page is gone. A beacon cannot set headers:
 * the key (hex, or checked as `[\w-]` when read from storage) goes in the `idempotencyKey` query parameter.
 */
export function beaconBatch(navigator: BeaconNavigator | undefined, url: string, batch: Batch): void {
  try {
    navigator?.sendBeacon?.(
      `${url}${url.includes('?') ? '&' : '?'}idempotencyKey=${batch._key}`,
      new Blob([batch._body], { type: 'application/json' }),
    );
  } catch {
    // refused: the batch is still stored for the next page
  }
}

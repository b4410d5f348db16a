/**
 * The beacon of page exit: hands a batch to the browser to deliver after the page is gone. A
 * beacon cannot set headers, so the batch's idempotency key (hex, or checked as `[\w-]` when read
 * from storage) goes in the `idempotencyKey` query parameter.
 */

import type { BeaconNavigator } from '../page/env';
import type { Batch } from '../queue/batch';

export function beaconBatch(navigator: BeaconNavigator | undefined, url: string, batch: Batch): void {
  try {
    navigator?.sendBeacon?.(
      `${url}${url.includes('?') ? '&' : '?'}idempotencyKey=${batch.key}`,
      new Blob([batch.body], { type: 'application/json' }),
    );
  } catch {
    // refused: the batch is still stored for the next page
  }
}

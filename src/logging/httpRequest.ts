/**
 * What lets a server tell the copies of a batch apart: its idempotency key, carried by every send
 * (a header on a POST, a query parameter on a beacon), so that a server that keeps recent keys can
 * drop the copy a retry, a page exit or the next page may send of a batch it already has.
 */
import type { Batch } from './batch';

export interface BeaconNavigator {
  onLine?: boolean;
  sendBeacon?(url: string, data?: BodyInit | null): boolean;
}

/** A new key: 128 random bits as 32 hex characters. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    // No Web Crypto (a very old or locked-down page): still unique enough to tell batches apart.
    for (let i = 0; i < 16; i++) bytes[i] = Math.random() * 256; // a byte array keeps the whole part
  }
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

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

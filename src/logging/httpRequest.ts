/**
 * A batch on the wire: one POST through the client's HTTP primitive, or a beacon at page exit.
 * Both carry the batch's idempotency key, so that a server that keeps recent keys can drop the
 * copy a retry, a page exit or the next page may send of a batch it already has.
 */
import { type FetchLike, type HttpResult, request, type Timers } from '../http';
import type { Batch } from './batch';

export interface BeaconNavigator {
  onLine?: boolean;
  sendBeacon?(url: string, data?: BodyInit | null): boolean;
}

/** A new key: 128 random bits as hex. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    // No Web Crypto (a very old or locked-down page): still unique enough to tell batches apart.
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface PostOptions {
  url: string;
  /** The endpoint's own headers (Authorization in token mode). */
  headers: Record<string, string>;
  withCredentials: boolean;
  keepalive: boolean;
  timeoutMs: number;
}

/** POSTs the batch; never rejects (status 0: no answer). Only the status and Retry-After matter. */
export function postBatch(fetchFn: FetchLike, batch: Batch, options: PostOptions, timers: Timers): Promise<HttpResult> {
  return request(
    fetchFn,
    options.url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers, 'Idempotency-Key': batch.key },
      body: batch.body,
      credentials: options.withCredentials ? 'include' : 'same-origin',
      keepalive: options.keepalive,
      timeoutMs: options.timeoutMs,
      readBody: false,
    },
    timers,
  );
}

/**
 * Hands the batch to the browser to deliver after the page is gone; false when it refused. A
 * beacon cannot set headers: the key goes in the `idempotencyKey` query parameter.
 */
export function beaconBatch(navigator: BeaconNavigator | undefined, url: string, batch: Batch): boolean {
  try {
    const keyed = `${url}${url.includes('?') ? '&' : '?'}idempotencyKey=${encodeURIComponent(batch.key)}`;
    return navigator?.sendBeacon?.(keyed, new Blob([batch.body], { type: 'application/json' })) === true;
  } catch {
    return false;
  }
}

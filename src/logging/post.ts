/**
 * The POST of a batch to the log endpoint, for delivery's own requests and page exit's keepalive
 * requests alike: JSON, the endpoint's headers read at each send (a token may change), and the
 * batch's Idempotency-Key last, so that no endpoint header can replace it.
 */
import { type HttpResult, request } from '../browser/http';
import type { Batch } from './batch';
import type { Surroundings } from './env';
import type { LogEndpoint } from './types';

export type Post = (
  endpoint: LogEndpoint,
  batch: Batch,
  keepalive: boolean,
  headers?: Record<string, string>,
) => Promise<HttpResult>;

/**
 * Headers that cannot be read throw here, before anything is sent: the caller's guard reports it,
 * and the batch waits.
 */
export function createPost(
  { _fetch, _timers, _sendTimeoutMs }: Pick<Surroundings, '_fetch' | '_timers' | '_sendTimeoutMs'>,
  withCredentials: () => boolean,
): Post {
  return (endpoint, batch, keepalive, headers = endpoint.headers()) =>
    request(
      _fetch,
      endpoint.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers, 'Idempotency-Key': batch._key },
        body: batch._body,
        credentials: withCredentials() ? 'include' : 'same-origin',
        keepalive,
        timeoutMs: _sendTimeoutMs,
        readBody: false,
      },
      _timers,
    );
}

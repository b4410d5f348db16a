/**
 * The POST of a batch to the log endpoint, for delivery's own requests and page exit's keepalive
 * requests alike: JSON, the endpoint's headers read at each send (a token may change), and the
 * batch's Idempotency-Key last, so that no endpoint header can replace it. What came of it is the
 * HTTP primitive's own result: the server's answer, or none and why.
 */
import { type HttpResult, request } from '../../browser/http';
import type { Runtime } from '../page/env';
import type { Batch } from '../queue/batch';
import type { LogEndpoint } from '../types';

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
  { fetch, timers, sendTimeoutMs }: Pick<Runtime, 'fetch' | 'timers' | 'sendTimeoutMs'>,
  withCredentials: () => boolean,
): Post {
  return (endpoint, batch, keepalive, headers = endpoint.headers()) =>
    request(
      fetch,
      endpoint.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers, 'Idempotency-Key': batch.key },
        body: batch.body,
        credentials: withCredentials() ? 'include' : 'same-origin',
        keepalive,
        timeoutMs: sendTimeoutMs,
        readBody: false,
      },
      timers,
    );
}

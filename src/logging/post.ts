/**
 * The POST of a batch to the log endpoint, for delivery's own requests and page exit's keepalive
 * requests alike: JSON, the endpoint's headers read at each send (a token may change), and the
 * batch's Idempotency-Key last, so that no endpoint header can replace it. The one place the
 * logger reads the HTTP primitive's result: the rest sees a SendResult.
 */
import { type HttpResult, request } from '../browser/http';
import type { Batch } from './batch';
import type { Runtime } from './env';
import type { LogEndpoint } from './types';

/** What came of a send: the server's answer, or none (the network, a CSP block, a timeout). */
export type SendResult = { tag: 'answer'; status: number; retryAfter: string | null } | { tag: 'no-answer' };

const readResult = (result: HttpResult): SendResult =>
  result._status ? { tag: 'answer', status: result._status, retryAfter: result._retryAfter } : { tag: 'no-answer' };

/** The status as the console report says it: 0 for no answer. */
export const statusOf = (result: SendResult): number => (result.tag === 'answer' ? result.status : 0);

export type Post = (
  endpoint: LogEndpoint,
  batch: Batch,
  keepalive: boolean,
  headers?: Record<string, string>,
) => Promise<SendResult>;

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
        _method: 'POST',
        _headers: { 'Content-Type': 'application/json', ...headers, 'Idempotency-Key': batch.key },
        _body: batch.body,
        _credentials: withCredentials() ? 'include' : 'same-origin',
        _keepalive: keepalive,
        _timeoutMs: sendTimeoutMs,
        _readBody: false,
      },
      timers,
    ).then(readResult);
}

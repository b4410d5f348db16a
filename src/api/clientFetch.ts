/**
 * `client.fetch`: the screens' calls of the product's API, through the same HTTP primitive and the
 * same sign-in as the start-up calls. A screen names a path under the API base and gets fetch's
 * `Response`; the client keeps the session cookie and the token inside the API, ends the calls
 * of a client that ends, tells the shell when the gateway's session is over, and logs each
 * failure once without the query string (it may hold search terms and ids).
 */
import type { ApiBase } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import { signedRequest } from '../auth/token';
import { exchange, type FetchLike, type NoAnswerResult, type Timers } from '../browser/http';
import type { PageEvents } from '../browser/pageLeaving';
import type { SafeStorage } from '../browser/storage';
import type { Logger } from '../logging/types';

export interface ClientFetchInit extends RequestInit {
  /** Sent as the JSON body, with `Content-Type: application/json` unless the headers set one. */
  json?: unknown;
  /** How long the call may take before it rejects with a `TimeoutError`; default: the bootstrap `timeoutMs`. */
  timeoutMs?: number;
}

export type ClientFetch = (path: string, init?: ClientFetchInit) => Promise<Response>;

export interface ClientFetchDeps {
  fetch: FetchLike;
  origin: string;
  /** Read at each call: a reload may change the mode, and with it the base; throws before start-up learnt it. */
  apiBase: () => ApiBase;
  authType: () => AuthType | null;
  /** Where token mode's token is stored, read at each call. */
  local: SafeStorage;
  timeoutMs: number;
  /** Aborted when the client ends: its calls still out reject with an `AbortError`. */
  endSignal: AbortSignal;
  log: Pick<Logger, 'error'>;
  /** A 401 under the gateway: the session is over. Called for each such answer; the shell keeps it to one sign-in. */
  onSessionEnded: () => void;
  timers?: Timers;
  page?: Partial<PageEvents>;
}

/**
 * What leaves the API base: a leading `/` or `\` (`//` too), a scheme, or a `..` segment, its dots
 * percent-encoded or not, as the URL parser reads them.
 */
const LEAVES_BASE = /^[/\\]|^[a-z][a-z\d+.-]*:|(?:^|[/\\])(?:\.|%2e){2}(?:[/\\]|$)/i;
const pathOnly = (path: string): string => path.split(/[?#]/, 1)[0] ?? '';

/**
 * Throws a `TypeError` naming `path` unless it stays under the API base: the sign-in goes nowhere
 * else. The URL parser drops tabs and newlines, so they are dropped here too; a `..` after `?` or
 * `#` is data.
 */
function checkPath(path: unknown): void {
  const refused =
    typeof path !== 'string'
      ? `a value of type ${path === null ? 'null' : typeof path}`
      : LEAVES_BASE.test(pathOnly(path.replace(/[\t\n\r]/g, ''))) && JSON.stringify(path);
  if (refused) throw new TypeError(`EMWeb: client.fetch takes a path under the API base, not ${refused}`);
}

/**
 * The rejection of a call that got no answer, as the contract names each case. A timeout and no
 * answer are failures, logged once; calls cut short by their caller, the client or the page are not.
 */
function rejectionFor(
  outcome: NoAnswerResult,
  signal: AbortSignal | null | undefined,
  where: string,
  timeoutMs: number,
  log: ClientFetchDeps['log'],
): unknown {
  if (outcome.reason === 'timedOut') {
    const message = `${where}: timed out after ${timeoutMs} ms`;
    log.error(message);
    return new DOMException(message, 'TimeoutError');
  }
  if (outcome.reason === 'aborted') {
    return signal?.aborted ? signal.reason : new DOMException(`${where}: aborted, the client ended`, 'AbortError');
  }
  if (outcome.reason === 'failed') log.error(`${where}: no answer`);
  // fetch's own error: the browser's TypeError, or the page leaving's cancellation.
  return outcome.error;
}

export function createClientFetch(deps: ClientFetchDeps): ClientFetch {
  return async (path, init = {}) => {
    checkPath(path);
    const base = deps.apiBase();
    const { json, timeoutMs = deps.timeoutMs, signal, ...rest } = init;
    const headers = Object.fromEntries(new Headers(rest.headers));
    if (json !== undefined) {
      headers['content-type'] ??= 'application/json';
      rest.body = JSON.stringify(json);
    }
    const signIn = { origin: deps.origin, base, authType: deps.authType(), local: deps.local };
    const signed = signedRequest(signIn, path, headers);
    const outcome = await exchange(
      deps.fetch,
      signed.url,
      {
        ...rest,
        headers: signed.headers,
        // Every call rides on the session, whatever the caller asks.
        credentials: 'include',
        mode: rest.mode ?? 'cors',
        timeoutMs,
        signals: [signal, deps.endSignal],
      },
      (response) => ({ kind: 'answer' as const, response }),
      deps.timers,
      deps.page,
    );
    const where = `EMWeb: client.fetch ${(rest.method ?? 'GET').toUpperCase()} ${base}${pathOnly(path)}`;
    if (outcome.kind === 'noAnswer') throw rejectionFor(outcome, signal, where, timeoutMs, deps.log);
    const { status } = outcome.response;
    if (status >= 500) deps.log.error(`${where}: status ${status}`);
    if (status === 401 && signIn.authType === 'secgw') deps.onSessionEnded();
    return outcome.response;
  };
}

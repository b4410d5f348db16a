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
  /** Read at each call: a reload may change the mode, and with it the base. */
  apiBase: () => ApiBase | null;
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

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** `..`, also as the URL parser reads it: percent-encoded dots count. */
const PARENT_SEGMENT = /^(?:\.|%2e){2}$/i;
const pathOnly = (path: string): string => path.split(/[?#]/, 1)[0] ?? '';

/**
 * Why `path` may not be asked, or `null` when it may. Only a path that stays under the API base
 * passes: the sign-in goes nowhere else. The URL parser drops tabs and newlines, and reads `\` as
 * `/`, so they are read the same way here.
 */
function pathProblem(path: unknown): string | null {
  const expected = 'EMWeb: client.fetch takes a path under the API base';
  if (typeof path !== 'string') return `${expected}, not ${path === null ? 'null' : `a value of type ${typeof path}`}`;
  const read = path.replace(/[\t\n\r]/g, '');
  const leaves =
    /^[/\\]/.test(read) ||
    SCHEME.test(read) ||
    pathOnly(read)
      .split(/[/\\]/)
      .some((segment) => PARENT_SEGMENT.test(segment));
  return leaves ? `${expected}, not ${JSON.stringify(path)}` : null;
}

/** The rejection for a call that got no answer, as the contract names each case. */
function rejectionFor(
  outcome: NoAnswerResult,
  signal: AbortSignal | null | undefined,
  where: string,
  timeoutMs: number,
): unknown {
  if (outcome.reason === 'aborted') {
    return signal?.aborted ? signal.reason : new DOMException(`EMWeb: ${where} was aborted: the client ended`, 'AbortError');
  }
  if (outcome.reason === 'timedOut') return new DOMException(`EMWeb: ${where} timed out after ${timeoutMs} ms`, 'TimeoutError');
  return outcome.error ?? new TypeError(`EMWeb: ${where} got no answer`);
}

/** What is logged of a call, once, at ERROR: a 5xx, a timeout, no answer. Never calls cut short, never 4xx. */
function failureOf(outcome: NoAnswerResult | { kind: 'answer'; response: Response }, timeoutMs: number): string | null {
  if (outcome.kind === 'answer') return outcome.response.status >= 500 ? `status ${outcome.response.status}` : null;
  if (outcome.reason === 'timedOut') return `timed out after ${timeoutMs} ms`;
  return outcome.reason === 'failed' ? 'no answer' : null;
}

export function createClientFetch(deps: ClientFetchDeps): ClientFetch {
  return async (path, init = {}) => {
    const problem = pathProblem(path);
    if (problem) throw new TypeError(problem);
    const base = deps.apiBase();
    if (!base) throw new Error('EMWeb: client.fetch before start-up learnt the API base');
    const {
      json,
      timeoutMs = deps.timeoutMs,
      headers: ownHeaders,
      body,
      signal,
      method = 'GET',
      mode,
      keepalive,
      ...rest
    } = init;
    const headers = Object.fromEntries(new Headers(ownHeaders));
    if (json !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const signIn = { origin: deps.origin, base, authType: deps.authType(), local: deps.local };
    const signed = signedRequest(signIn, path, headers);
    const outcome = await exchange(
      deps.fetch,
      signed.url,
      {
        method,
        headers: signed.headers,
        body: json !== undefined ? JSON.stringify(json) : body,
        credentials: signed.credentials,
        mode: mode ?? 'cors',
        keepalive,
        timeoutMs,
        signals: [signal, deps.endSignal],
        rest,
      },
      (response) => ({ kind: 'answer' as const, response }),
      deps.timers,
      deps.page,
    );
    const where = `${method.toUpperCase()} ${base}${pathOnly(path)}`;
    const failure = failureOf(outcome, timeoutMs);
    if (failure) deps.log.error(`EMWeb: client.fetch ${where}: ${failure}`);
    if (outcome.kind === 'noAnswer') throw rejectionFor(outcome, signal, where, timeoutMs);
    if (outcome.response.status === 401 && signIn.authType === 'secgw') deps.onSessionEnded();
    return outcome.response;
  };
}

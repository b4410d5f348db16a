/**
 * The one HTTP exchange of the client, for the start-up calls and the logger's POST alike. It
 * never rejects: a network failure, a CSP block, an abort or a timeout all answer status 0, so
 * callers decide on a number instead of guarding every call; `_noAnswer` says why none came.
 */
import { type PageEvents, watchPageLeaving } from './pageLeaving';
import { firstRequestMatchesPreload } from './preload';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The page's `fetch`, looked up at each call: one the page wraps or replaces later is the one used. */
export const currentFetch: FetchLike = (input, init) => fetch(input, init);

export interface HttpRequest {
  _method?: 'GET' | 'POST';
  _headers?: Record<string, string>;
  _body?: string;
  /** Every API call rides on the session cookie, so credentials go along unless told otherwise. */
  _credentials?: RequestCredentials;
  _keepalive?: boolean;
  /** After this long the request is aborted and answers status 0. */
  _timeoutMs: number;
  /** Whether to read the body as JSON; an answer only its status matters for can skip it. */
  _readBody?: boolean;
  /** The caller's own abort (the client ended): the request answers status 0, `aborted`. */
  _signal?: AbortSignal;
}

/**
 * Why a request got no answer. Only `failed` and `timedOut` are failures: the other two are the
 * client or the page going away, and nothing went wrong.
 * - `failed`: the network, a CSP rule or the server's connection failed while the page stayed;
 * - `timedOut`: no whole answer within the request's time;
 * - `aborted`: the caller aborted it;
 * - `pageLeaving`: the page began to leave while it was out, and the browser cancelled it.
 */
export type NoAnswer = 'failed' | 'timedOut' | 'aborted' | 'pageLeaving';

export interface HttpResult {
  /** The HTTP status, or 0 when no answer came (`_noAnswer` says why). */
  _status: number;
  /** The parsed body when it was JSON; `undefined` otherwise. */
  _json: unknown;
  /** Whether the body parsed as JSON (an empty body does not). */
  _isJson: boolean;
  /** The `Retry-After` header as sent, or `null`. */
  _retryAfter: string | null;
  /** Why no answer came (status 0); `null` when one did. */
  _noAnswer: NoAnswer | null;
}

/** The timer functions a request uses; tests hand in a fake clock's. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The page's preloads belong to the document: which URLs were asked already is the page's too. */
const requestMode = firstRequestMatchesPreload();

/** A body that is not JSON, or was not read. */
const NOT_JSON: Readonly<Pick<HttpResult, '_isJson' | '_json'>> = { _isJson: false, _json: undefined };
const noAnswer = (why: NoAnswer): HttpResult => ({ _status: 0, _retryAfter: null, _noAnswer: why, ...NOT_JSON });

/** No answer because the caller or the page went away: nothing failed, nothing to report. */
export const isCutShort = ({ _noAnswer: why }: HttpResult): boolean => why === 'aborted' || why === 'pageLeaving';

export function parseJson(text: string): Readonly<Pick<HttpResult, '_isJson' | '_json'>> {
  try {
    return { _isJson: true, _json: JSON.parse(text) };
  } catch {
    return NOT_JSON;
  }
}

async function exchange(fetchFn: FetchLike, url: string, options: HttpRequest, signal: AbortSignal): Promise<HttpResult> {
  const response = await fetchFn(url, {
    method: options._method ?? 'GET',
    headers: options._headers,
    body: options._body,
    credentials: options._credentials ?? 'include',
    mode: requestMode(url, options._method ?? 'GET', options._headers, globalThis.location?.origin),
    keepalive: options._keepalive,
    signal,
  });
  const retryAfter = response.headers?.get('Retry-After') ?? null;
  if (options._readBody === false) {
    // Not waited for, but read all the same: a body left unread keeps the request open in the
    // browser (and its connection taken) for as long as the page lives.
    Promise.resolve()
      .then(() => response.arrayBuffer())
      .catch(() => {});
    return { _status: response.status, _retryAfter: retryAfter, _noAnswer: null, ...NOT_JSON };
  }
  return { _status: response.status, _retryAfter: retryAfter, _noAnswer: null, ...parseJson(await response.text()) };
}

export function request(
  fetchFn: FetchLike,
  url: string,
  options: HttpRequest,
  // The page's own: called on `globalThis`, looked up at each call (a fake clock installed later is used).
  timers: Timers = globalThis,
  page: Partial<PageEvents> = globalThis,
): Promise<HttpResult> {
  const { _signal: callerSignal } = options;
  if (callerSignal?.aborted) return Promise.resolve(noAnswer('aborted'));
  const controller = new AbortController();
  const leaving = watchPageLeaving(page);
  // Aborting alone is not enough: a fetch (a host page's wrapper, a service worker, a test double)
  // may ignore the signal, so the timeout and the caller's abort settle the race themselves. The
  // timeout stays armed while the body streams in: a body that never ends is no answer either.
  let settleWithout: (why: NoAnswer) => void = () => {};
  const cut = new Promise<HttpResult>((resolve) => {
    settleWithout = (why) => {
      controller.abort();
      resolve(noAnswer(why));
    };
  });
  const timer = timers.setTimeout(() => settleWithout('timedOut'), options._timeoutMs);
  const onAbort = () => settleWithout('aborted');
  callerSignal?.addEventListener('abort', onAbort);
  // An async function: a fetch that throws at once (absent, a refused keepalive) rejects like any other.
  const answer = exchange(fetchFn, url, options, controller.signal).catch(() =>
    noAnswer(leaving._isLeaving() ? 'pageLeaving' : 'failed'),
  );
  return Promise.race([answer, cut]).finally(() => {
    timers.clearTimeout(timer);
    leaving._stop();
    callerSignal?.removeEventListener('abort', onAbort);
  });
}

/** A plain JSON object (not `null`, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one HTTP exchange of the client, for the start-up calls, the logger's POST and the screens'
 * `client.fetch` alike: credentials, a timeout, aborts, and why no answer came. `request` never
 * rejects, so callers decide on a result instead of guarding every call; `exchange` is the same
 * race for a caller that wants the `Response` itself.
 */
import { type PageEvents, watchPageLeaving } from './pageLeaving';
import { firstRequestMatchesPreload } from './preload';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The page's `fetch`, looked up at each call: one the page wraps or replaces later is the one used. */
export const currentFetch: FetchLike = (input, init) => fetch(input, init);

/**
 * fetch's `RequestInit` (a screen's cache, redirect, referrer … pass as they are), with headers as a
 * plain record and the race's own terms.
 */
export interface HttpRequest extends Omit<RequestInit, 'headers' | 'signal'> {
  headers?: Record<string, string>;
  /** After this long the request is aborted: no answer, `timedOut`. Above 2^31-1 (`Infinity` too): never. */
  timeoutMs: number;
  /** Whether to read the body as JSON; an answer only its status matters for can skip it. */
  readBody?: boolean;
  /** Aborting any of them (the caller, the client ending) cuts the request short: no answer, `aborted`. */
  signals?: readonly (AbortSignal | null | undefined)[];
}

/**
 * Why a request got no answer. Only `failed` and `timedOut` are failures: the other two are the
 * caller, the client or the page going away, and nothing went wrong.
 * - `failed`: the network, a CSP rule or the server's connection failed while the page stayed;
 * - `timedOut`: no whole answer within the request's time;
 * - `aborted`: the caller (or the client that made it) aborted it;
 * - `pageLeaving`: the page began to leave while it was out, and the browser cancelled it.
 */
export type NoAnswer = 'failed' | 'timedOut' | 'aborted' | 'pageLeaving';

/** No answer came; when fetch rejected (`failed`, `pageLeaving`), `error` is what it rejected with. */
export interface NoAnswerResult {
  tag: 'noAnswer';
  reason: NoAnswer;
  error?: unknown;
}

/** A body read as JSON: its value, or `null` when it was not JSON (empty, an HTML page) or not read. */
export type JsonBody = { value: unknown } | null;

/** What one request came to: an answer, or no answer and why. */
export type HttpResult = { tag: 'answer'; status: number; json: JsonBody; retryAfter: string | null } | NoAnswerResult;

/** The timer functions a request uses; tests hand in a fake clock's. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The longest delay a browser's setTimeout takes as it is (some 24.8 days): a longer one would fire
 * at once, so a time limit beyond it is no limit.
 */
export const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** The page's preloads belong to the document: which URLs were asked already is the page's too. */
const requestMode = firstRequestMatchesPreload();

/** No answer because the caller, the client or the page went away: nothing failed, nothing to report. */
export const isCutShort = (result: HttpResult): boolean =>
  result.tag === 'noAnswer' && (result.reason === 'aborted' || result.reason === 'pageLeaving');

/** The status of an answer; 0 for none (the logger's reports count no answer as status 0). */
export const statusOf = (result: HttpResult): number => (result.tag === 'answer' ? result.status : 0);

export function parseJson(text: string): JsonBody {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * Every API call rides on the session cookie, so credentials go along unless told otherwise; the
 * request mode is by default the one a page's preload of the URL can answer (browser/preload.ts).
 */
function send(fetchFn: FetchLike, url: string, options: HttpRequest, signal: AbortSignal): Promise<Response> {
  const { timeoutMs, readBody, signals, ...init } = options;
  const method = init.method ?? 'GET';
  return fetchFn(url, {
    ...init,
    method,
    credentials: init.credentials ?? 'include',
    mode: init.mode ?? requestMode(url, method, init.headers, globalThis.location?.origin),
    signal,
  });
}

/**
 * One request raced against its timeout, its aborts and the page leaving; `read` turns the
 * response into the answer inside the race, so a body that never ends times out too.
 */
export function exchange<T>(
  fetchFn: FetchLike,
  url: string,
  options: HttpRequest,
  read: (response: Response) => T | Promise<T>,
  // The page's own: called on `globalThis`, looked up at each call (a fake clock installed later is used).
  timers: Timers = globalThis,
  page: Partial<PageEvents> = globalThis,
): Promise<T | NoAnswerResult> {
  const signals = options.signals ?? [];
  if (signals.some((signal) => signal?.aborted)) return Promise.resolve({ tag: 'noAnswer', reason: 'aborted' });
  const controller = new AbortController();
  const leaving = watchPageLeaving(page);
  // Aborting alone is not enough: a fetch (a host page's wrapper, a service worker, a test double)
  // may ignore the signal, so the timeout and the aborts settle the race themselves.
  let settleWithout: (reason: NoAnswer) => void = () => {};
  const cut = new Promise<NoAnswerResult>((resolve) => {
    settleWithout = (reason) => {
      controller.abort();
      resolve({ tag: 'noAnswer', reason });
    };
  });
  const timer =
    options.timeoutMs > LONGEST_TIMEOUT_MS ? 0 : timers.setTimeout(() => settleWithout('timedOut'), options.timeoutMs);
  const onAbort = () => settleWithout('aborted');
  for (const signal of signals) signal?.addEventListener('abort', onAbort);
  // An async function: a fetch that throws at once (absent, a refused keepalive) rejects like any other.
  const answer = (async () => read(await send(fetchFn, url, options, controller.signal)))().catch(
    (error: unknown): NoAnswerResult => ({ tag: 'noAnswer', reason: leaving._isLeaving() ? 'pageLeaving' : 'failed', error }),
  );
  return Promise.race([answer, cut]).finally(() => {
    timers.clearTimeout(timer);
    leaving._stop();
    for (const signal of signals) signal?.removeEventListener('abort', onAbort);
  });
}

async function readAnswer(response: Response, readBody: boolean): Promise<HttpResult> {
  let json: JsonBody = null;
  if (readBody) json = parseJson(await response.text());
  else {
    // Not waited for, but read all the same: a body left unread keeps the request open in the
    // browser (and its connection taken) for as long as the page lives.
    Promise.resolve()
      .then(() => response.arrayBuffer())
      .catch(() => {});
  }
  return { tag: 'answer', status: response.status, json, retryAfter: response.headers?.get('Retry-After') ?? null };
}

/** A request whose answer is read into an `HttpResult`; never rejects. */
export const request = (
  fetchFn: FetchLike,
  url: string,
  options: HttpRequest,
  timers?: Timers,
  page?: Partial<PageEvents>,
): Promise<HttpResult> =>
  exchange(fetchFn, url, options, (response) => readAnswer(response, options.readBody !== false), timers, page);

/** A plain JSON object (not `null`, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

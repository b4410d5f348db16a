/**
 * `client.fetch`: the screens' calls of the product's API, through the same HTTP primitive and the
 * same sign-in as the start-up calls. A screen names a path under the API base and gets fetch's
 * `Response`; the client keeps the session cookie and the token inside the API, ends the calls
 * of a client that ends, tells the shell when the gateway's session is over, and logs each
 * failure once without the query string (it may hold search terms and ids). Under the gateway a
 * call answered 401, or made while the session is over, waits for the sign-in and is sent again
 * once when the session is back (src/session/).
 */
import type { ApiBase } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import { signedRequest } from '../auth/token';
import { exchange, type FetchLike, type NoAnswerResult, type Timers } from '../browser/http';
import type { PageEvents } from '../browser/pageLeaving';
import type { SafeStorage } from '../browser/storage';
import type { Logger } from '../logging/types';

/** `client.fetch`'s `init`: fetch's own, plus a JSON body, a timeout and the wait for the sign-in. */
export interface ClientFetchInit extends RequestInit {
  /** Sent as the JSON body, with `Content-Type: application/json` unless the headers set one. */
  json?: unknown;
  /**
   * How long each attempt may take on the network before the call rejects with a `TimeoutError`;
   * above 2^31−1 (some 24.8 days), or `Infinity`, no limit.
   * @defaultValue the bootstrap option `timeoutMs` (10000)
   */
  timeoutMs?: number;
  /**
   * `false`: a 401 under the gateway resolves as it is, instead of waiting for the sign-in.
   * @defaultValue `true`
   */
  waitForSignIn?: boolean;
}

/** What `client.fetch` needs of the session (src/session/): who is signed in, whether calls wait, and the wait. */
export interface SessionForCalls {
  /** Whether the session is over and not back yet: a call waits before it is sent. */
  waitsForSignIn(): boolean;
  /** How many times the session came back: a 401 to a call sent before the last comeback is old news. */
  comebacks(): number;
  /** Who is signed in now (the stored JWT's `userId`, asked of its one owner at each attempt). */
  user(): string | null;
  /** A 401 under the gateway to a call of the user signed in: the session is over. The shell keeps a burst to one sign-in. */
  ended(): void;
  /** Resolves once the session is back; rejects with an aborting signal's reason, or when the calls are turned away. */
  wait(signals: readonly (AbortSignal | null | undefined)[]): Promise<void>;
}

/** The calls of one screen: `gone` aborts when the screen goes, and nothing more of its calls is sent. */
export type ScreenFetch = (path: string, init?: ClientFetchInit, gone?: AbortSignal) => Promise<Response>;

/** The error a call of one user rejects with rather than go out for another. */
export const USER_CHANGED = 'EMWeb: not sent, another user signed in';

/**
 * Whether a call made for `madeAs` may go out again now that `now` is signed in: only for the same
 * user. Where either is unknown, reads may (they change nothing); writes may not.
 */
function mayGoAgain(madeAs: string | null, now: string | null, method: string): boolean {
  if (madeAs !== null && now !== null) return madeAs === now;
  return isRead(method);
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Whether a 401 to a call of `madeAs` says anything of the session of `now`: not when another user is signed in. */
const speaksFor = (madeAs: string | null, now: string | null) => madeAs === null || now === null || madeAs === now;

export interface ClientFetchDeps {
  fetch: FetchLike;
  origin: string;
  /** Read at each call: a reload may change the authType, and with it the API base; throws before start-up learnt it. */
  apiBase: () => ApiBase;
  authType: () => AuthType | null;
  /** Where the `token` authType's token is stored, read at each call. */
  local: SafeStorage;
  timeoutMs: number;
  /** Aborted when the client ends, with an `AbortError` as its reason: its calls still out reject with an `AbortError`. */
  endSignal: AbortSignal;
  log: Pick<Logger, 'error'>;
  /** The gateway's session and the calls that wait for it to come back. */
  session: SessionForCalls;
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

/** A body a second attempt can send again: a stream is read by the first. */
const canSendTwice = (body: BodyInit | null | undefined): boolean => !(body instanceof ReadableStream);

export function createClientFetch(deps: ClientFetchDeps): ScreenFetch {
  const { session } = deps;
  /** One attempt on the network: its own timeout, the API base and the token as they are now. */
  const send = async (path: string, init: RequestInit, timeoutMs: number, madeAs: string | null) => {
    const apiBase = deps.apiBase();
    const { signal, ...rest } = init;
    const signIn = { origin: deps.origin, apiBase, authType: deps.authType(), local: deps.local };
    const signed = signedRequest(signIn, path, Object.fromEntries(new Headers(rest.headers)));
    const sentAfter = session.comebacks();
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
      (response) => ({ tag: 'answer' as const, response }),
      deps.timers,
      deps.page,
    );
    const where = `EMWeb: client.fetch ${(rest.method ?? 'GET').toUpperCase()} ${apiBase}${pathOnly(path)}`;
    if (outcome.tag === 'noAnswer') throw rejectionFor(outcome, signal, where, timeoutMs, deps.log);
    const { status } = outcome.response;
    if (status >= 500) deps.log.error(`${where}: status ${status}`);
    const sessionEnded = status === 401 && signIn.authType === 'secgw';
    // A 401 to the call of a user no longer signed in, or sent before the session came back, is old news.
    if (sessionEnded && session.comebacks() === sentAfter && speaksFor(madeAs, session.user())) session.ended();
    return { response: outcome.response, sessionEnded };
  };

  return async (path, init = {}, gone) => {
    checkPath(path);
    if (gone?.aborted) throw gone.reason;
    const { json, timeoutMs = deps.timeoutMs, waitForSignIn = true, ...rest } = init;
    if (json !== undefined) {
      const headers = new Headers(rest.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      rest.headers = headers;
      rest.body = JSON.stringify(json);
    }
    const method = (rest.method ?? 'GET').toUpperCase();
    // The call is the user's signed in now: every attempt after its first goes only while they still are.
    const madeAs = session.user();
    // Another user first: a call out when the user changed says so, though its screen went with them.
    const checkUser = () => {
      if (!mayGoAgain(madeAs, session.user(), method)) throw new Error(USER_CHANGED);
      if (gone?.aborted) throw gone.reason;
    };
    const goAgain = async () => {
      // Nothing to wait for: another user is signed in already, or a write was made for nobody known.
      if (!speaksFor(madeAs, session.user()) || (madeAs === null && !isRead(method))) checkUser();
      // The client's end aborts its signal with an `AbortError`: a wait it cuts short rejects as a call out would.
      if (session.waitsForSignIn()) await session.wait([rest.signal, gone, deps.endSignal]);
      checkUser();
    };
    const attempt = () => send(path, rest, timeoutMs, madeAs);
    const waits = waitForSignIn !== false && canSendTwice(rest.body);
    // A call made while the session is over is sent once it is back: its first attempt is then its only one.
    if (!waits || !session.waitsForSignIn()) {
      const first = await attempt();
      if (!first.sessionEnded || !waits) return first.response;
    }
    await goAgain();
    return (await attempt()).response;
  };
}

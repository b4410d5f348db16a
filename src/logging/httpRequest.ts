/** The HTTP side of the transport: one POST with a timeout, and the beacon for page exit. */
export type PostFetch = (
  url: string,
  init: RequestInit,
) => Promise<{ status: number; headers?: { get(name: string): string | null } }>;

/** The status (0 when no answer came: fetch rejected, timed out, or the response was unreadable) and Retry-After. */
export type Answer = [status: number, retryAfter?: string | null];

/**
 * POSTs `body` as JSON; the promise never rejects. After `timeoutMs` the request is aborted and
 * the answer settled as none, also when the fetch ignores the signal (a host page's wrapper may
 * drop it). The timer is left to run out after an answer: aborting a finished request does nothing.
 * Undefined when fetch threw at once (absent, or a keepalive request the browser refused), so that
 * page exit can try the beacon while the page is still there.
 */
export function post(
  fetchFn: PostFetch,
  url: string,
  body: string,
  headers: Record<string, string>,
  credentials: boolean,
  keepalive: boolean,
  timeoutMs: number,
  setTimer: (fn: () => void, ms: number) => unknown,
): Promise<Answer> | undefined {
  const abort = new AbortController();
  let res: ReturnType<PostFetch>;
  try {
    res = fetchFn(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      credentials: credentials ? 'include' : 'same-origin',
      keepalive,
      signal: abort.signal,
    });
  } catch {
    return;
  }
  return new Promise((resolve) => {
    // A rejection, or a response that throws when read (a hostile wrapper's), is no answer.
    Promise.resolve(res)
      .then((r): Answer => [r.status, r.headers?.get('Retry-After')])
      .then(resolve, () => resolve([0]));
    setTimer(() => {
      abort.abort();
      resolve([0]);
    }, timeoutMs);
  });
}

export interface BeaconNavigator {
  onLine?: boolean;
  sendBeacon?(url: string, data?: BodyInit | null): boolean;
}

/** Hands `body` to the browser to deliver after the page is gone; false when it refused. */
export function beacon(nav: BeaconNavigator | undefined, url: string, body: string): boolean {
  try {
    return !!nav?.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

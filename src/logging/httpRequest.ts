/**
 * One POST of a batch, and the beacon fallback. Failures are answers here, never exceptions:
 * a rejected fetch, a hostile Response or a timeout all come back as status 0.
 */
export type PostFetch = (url: string, init: RequestInit) => Promise<{ status: number; headers?: { get(name: string): string | null } }>;

export interface SendResult {
  status: number;
  retryAfter: string | null;
}

export interface PostOptions {
  credentials: boolean;
  keepalive?: boolean;
  timeoutMs: number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const NO_ANSWER: SendResult = { status: 0, retryAfter: null };

/**
 * POSTs `body` as JSON and calls `done` once with the result. Every send has a timeout: an
 * AbortController cancels the request, and `done` is called even if the fetch ignores the signal.
 * Returns false, without calling `done`, when fetch threw at once (no fetch, or the browser
 * refused a keepalive request synchronously), so that the caller can try another way right away.
 */
export function post(fetchFn: PostFetch | undefined, url: string, body: string, o: PostOptions, done: (r: SendResult) => void): boolean {
  let finished = false;
  let timer: unknown;
  const finish = (r: SendResult) => {
    if (finished) return;
    finished = true;
    try {
      o.clearTimeout(timer);
    } catch {
      /* a timer left to fire finds the send finished */
    }
    done(r);
  };
  let pending: Promise<Awaited<ReturnType<PostFetch>>>;
  const ctl = typeof AbortController === 'function' ? new AbortController() : undefined;
  try {
    const init: RequestInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: o.credentials ? 'include' : 'same-origin',
    };
    if (o.keepalive) init.keepalive = true;
    if (ctl) init.signal = ctl.signal;
    pending = Promise.resolve(fetchFn!(url, init));
  } catch {
    return false;
  }
  try {
    timer = o.setTimeout(() => {
      try {
        ctl?.abort();
      } catch {
        /* aborting is a courtesy; the answer is "none" either way */
      }
      finish(NO_ANSWER);
    }, o.timeoutMs);
  } catch {
    /* without a timer the fetch's own settling still finishes the send */
  }
  pending.then(
    (res) => {
      let r = NO_ANSWER;
      try {
        const status = res.status;
        r = { status: typeof status === 'number' ? status : 0, retryAfter: res.headers?.get('Retry-After') ?? null };
      } catch {
        /* a Response we cannot read is no answer */
      }
      finish(r);
    },
    () => finish(NO_ANSWER),
  );
  return true;
}

export interface BeaconNavigator {
  onLine?: boolean;
  sendBeacon?(url: string, data?: BodyInit | null): boolean;
}

/** `navigator.sendBeacon` with a JSON blob; false when it is missing, refuses or throws. */
export function beacon(nav: BeaconNavigator | undefined, url: string, body: string): boolean {
  try {
    return !!nav?.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/**
 * One HTTP exchange as start-up needs it: credentials always included, a timeout so a
 * server that never answers cannot hang the client, and a body that may or may not be JSON.
 * It never rejects: a network failure, a CSP block or a timeout is status 0.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpResult {
  /** The HTTP status, or 0 when no answer came (network failure, abort, timeout). */
  status: number;
  /** The parsed body when it was JSON; `undefined` otherwise. */
  json: unknown;
  /** Whether the body parsed as JSON (an empty body does not). */
  isJson: boolean;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

const noAnswer = (): HttpResult => ({ status: 0, json: undefined, isJson: false });

export function parseJson(text: string): { isJson: boolean; json: unknown } {
  try {
    return { isJson: true, json: JSON.parse(text) };
  } catch {
    return { isJson: false, json: undefined };
  }
}

export function request(fetchFn: FetchLike, url: string, options: RequestOptions): Promise<HttpResult> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Aborting alone is not enough: a fetch (polyfill, service worker, test double) may ignore the
  // signal, so the timeout also settles the race itself. It stays armed while the body streams in:
  // a body that never ends is no answer either.
  const timeout = new Promise<HttpResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(noAnswer());
    }, options.timeoutMs);
  });
  const exchange = (async (): Promise<HttpResult> => {
    const res = await fetchFn(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      credentials: 'include',
      signal: controller.signal,
    });
    const text = await res.text();
    return { status: res.status, ...parseJson(text) };
  })().catch(noAnswer);
  return Promise.race([exchange, timeout]).finally(() => clearTimeout(timer));
}

/** A plain JSON object (not `null`, not an array). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What lets the browser answer the client's start-up calls from a preload the page started (the
 * README's "Starting with the page"). Measured in Chromium, Firefox and WebKit: a fetch reuses a
 * preload only when its request mode and credentials mode are the preload's.
 */

/**
 * A preload without `crossorigin` (the only kind WebKit reuses for its own origin) is a no-cors
 * request with credentials. A same-origin GET that carries no header of its own goes the same way
 * and still reads its answer: a same-origin answer is never opaque. Anything else goes as CORS,
 * which a preload with `crossorigin="use-credentials"` matches (credentials are always included).
 */
export function requestModeFor(
  url: string,
  method: string,
  headers: Record<string, string> | undefined,
  pageOrigin: string | undefined,
): RequestMode {
  if (method !== 'GET' || (headers && Object.keys(headers).length) || !pageOrigin) return 'cors';
  // A URL that does not parse (a host's bad `origin`) is no preload's.
  return URL.parse(url, pageOrigin)?.origin === pageOrigin ? 'no-cors' : 'cors';
}

/**
 * `requestModeFor`, for the first request of each URL only: WebKit answers every later request of
 * the same request mode from the preload for as long as the page lives, so a Retry or a reload would get the
 * first answer again. Later requests of a URL go as CORS, which a preload without `crossorigin`
 * never answers (and Chromium and Firefox do not reuse a preload twice anyway).
 */
export function firstRequestMatchesPreload(): typeof requestModeFor {
  const asked = new Set<string>();
  return (url, method, headers, pageOrigin) => {
    const mode = requestModeFor(url, method, headers, pageOrigin);
    if (mode === 'cors' || asked.has(url)) return 'cors';
    asked.add(url);
    return mode;
  };
}

/** Whether the page preloaded `url` and its answer has arrived: markup and `Link` header alike show as initiator `link`. */
export const wasPreloaded = (url: string, performance: Pick<Performance, 'getEntriesByName'> | undefined): boolean =>
  !!performance?.getEntriesByName?.(url).some((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link');

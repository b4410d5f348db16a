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
  try {
    return new URL(url, pageOrigin).origin === pageOrigin ? 'no-cors' : 'cors';
  } catch {
    return 'cors';
  }
}

/** Whether the page preloaded `url` and its answer has arrived: markup and `Link` header alike show as initiator `link`. */
export const wasPreloaded = (url: string, performance: Pick<Performance, 'getEntriesByName'> | undefined): boolean =>
  !!performance?.getEntriesByName?.(url).some((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link');

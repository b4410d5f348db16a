/**
 * The retry strategy, as Datadog's browser transport has it: 408, 429 and 5xx are temporary and
 * retried with capped exponential backoff and jitter; a network failure while the browser says it
 * is online can be a CSP or ad-blocker block that never passes, so it is retried a few times only.
 */
export type Outcome = 'ok' | 'retry' | 'network' | 'drop';

export const MAX_DELAY_MS = 60_000;
/** A Retry-After further away than this is clamped: a broken header must not park the queue for hours. */
export const MAX_RETRY_AFTER_MS = 300_000;
/** Network failures retried while online before a batch is given up. */
export const MAX_NETWORK_RETRIES = 3;

/** Status 0 stands for no answer: fetch rejected, or the send timed out. */
export const classify = (status: number): Outcome =>
  status > 199 && status < 300
    ? 'ok'
    : !status
      ? 'network'
      : status == 408 || status == 429 || (status > 499 && status < 600)
        ? 'retry'
        : 'drop';

/** 1 s, 2 s, 4 s … up to 60 s, less up to half at random so that many clients spread out. */
export const backoff = (attempt: number, random: number): number =>
  Math.min(MAX_DELAY_MS, 500 * 2 ** attempt) * (1 - Math.min(1, random || 0) / 2);

/**
 * Retry-After in ms from `now`: delta-seconds or an HTTP date, clamped; undefined when absent or
 * unreadable. (A header that is no number multiplies to NaN, and `0` to 0: both go on to Date.parse.)
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  const ms = (header as any) * 1000 || Date.parse(header!) - now;
  return ms == ms ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

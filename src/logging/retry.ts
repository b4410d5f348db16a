/**
 * The retry strategy: which answers are worth sending again, and when. Like Datadog's browser
 * transport: 408, 429 and 5xx are temporary, with capped exponential backoff and jitter; a
 * network failure while the browser claims to be online may be a CSP or ad-blocker block that
 * will never pass, so it is retried a bounded number of times only.
 */
export type Outcome = 'ok' | 'retry' | 'network' | 'drop';

export const BASE_DELAY_MS = 1000;
export const MAX_DELAY_MS = 60_000;
/** A Retry-After further away than this is clamped to it: a stuck header must not park the queue for hours. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** Network failures retried while online before the batch is given up (so 4 attempts in all). */
export const MAX_NETWORK_RETRIES = 3;

/** Status 0 stands for "no answer": fetch rejected, or the send timed out. */
export const classify = (status: number): Outcome =>
  status >= 200 && status < 300
    ? 'ok'
    : status === 0
      ? 'network'
      : status === 408 || status === 429 || (status >= 500 && status < 600)
        ? 'retry'
        : 'drop';

/** 1 s, 2 s, 4 s … capped at 60 s, each shortened by up to half at random so that clients spread out. */
export function backoff(attempt: number, random: () => number): number {
  let r = 0;
  try {
    r = Math.min(1, Math.max(0, Number(random()) || 0));
  } catch {
    /* no jitter then */
  }
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1)) * (1 - r / 2);
}

/** Retry-After in milliseconds from `now`: delta-seconds or an HTTP date; `null` when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  const v = typeof header === 'string' ? header.trim() : '';
  if (!v) return null;
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : /[a-z]/i.test(v) ? Date.parse(v) - now : NaN;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : null;
}

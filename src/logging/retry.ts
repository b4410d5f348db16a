/**
 * The retry strategy, pure, as Datadog's browser transport has it: 408, 429 and 5xx are temporary
 * and retried with capped exponential backoff and jitter; a network failure while the browser says
 * it is online can be a CSP or ad-blocker block that never passes, so it is retried a few times only.
 */
/** What an answer means for its batch, named as the ledger counts it: sent, or dropped for a reason (if it is not retried). */
export type Outcome = 'sent' | 'retry' | 'network' | 'rejected' | 'tooLarge';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** A Retry-After further away than this is clamped: a broken header must not park the queue for hours. */
export const MAX_RETRY_AFTER_MS = 300_000;
/** Network failures retried while online before a batch is given up. */
export const MAX_NETWORK_RETRIES = 3;

/** What an answer means for its batch; status 0 stands for no answer (network failure, abort, timeout). */
export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0) return 'network';
  if (status === 408 || status === 429 || (status >= 500 && status < 600)) return 'retry';
  return status === 413 ? 'tooLarge' : 'rejected';
}

/**
 * The wait before retry number `attempt` (1 for the first): 1 s, 2 s, 4 s … up to 60 s, less up
 * to half at random so that many clients spread out.
 */
export function backoffDelay(attempt: number, random: number): number {
  const jitter = random >= 0 && random <= 1 ? random : 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (attempt - 1)) * (1 - jitter / 2);
}

/**
 * Retry-After in milliseconds from `now`: delta-seconds or an HTTP date, clamped to 0–5 min;
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  const text = header ?? '';
  const ms = /^\s*\d+\s*$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isNaN(ms) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

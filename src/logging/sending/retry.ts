/**
 * What happens when a send fails, as Datadog's browser SDK has it, pure. 408, 429 and 5xx
 * are temporary: the batch is kept and sent again after a capped exponential backoff with jitter
 * (1 s, 2 s, 4 s … 60 s), or when the server's Retry-After says. No answer while the browser says
 * it is offline: the batch waits for the `online` event. No answer while online can be a CSP or
 * ad-blocker block that never passes, so it is retried a few times only, then the batch is
 * dropped. 413: the batch is split in two (batch.ts), a single entry dropped. Any other 4xx drops
 * the batch. Either way one batch is out at a time, oldest first: the rest wait behind it.
 */

import type { HttpResult } from '../../browser/http';
import type { Batch } from '../queue/batch';

/** What a result means for its batch, named as the ledger counts it: sent, or dropped for a reason (if it is not retried). */
export type Outcome = 'sent' | 'retry' | 'network' | 'rejected' | 'tooLarge';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** A Retry-After further away than this is clamped: a broken header must not park the queue for hours. */
export const MAX_RETRY_AFTER_MS = 300_000;
/** Network failures retried while online before a batch is given up. */
export const MAX_NETWORK_RETRIES = 3;

export function classify(result: HttpResult): Outcome {
  if (result.tag === 'noAnswer') return 'network';
  const { status } = result;
  if (status >= 200 && status < 300) return 'sent';
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

/** The failed sends of the oldest batch so far. */
export interface Failures {
  _batch: Batch;
  /** The backoff grows with them. */
  _attempts: number;
  /** Of those, the ones without an answer while online. */
  _networkFailures: number;
}

/** A failed batch goes again once `_until` has come. */
export interface RetryWait {
  _failures: Failures;
  _until: number;
  /** The server's Retry-After set `_until`: not even flush() sends before it. */
  _byServer: boolean;
}

/** What a failed send (`retry` or `network`) leads to. */
export type AfterFailure = { tag: 'give-up' } | { tag: 'offline'; failures: Failures } | { tag: 'backoff'; wait: RetryWait };

export interface FailedSend {
  batch: Batch;
  result: HttpResult;
  /** The batch's failures before this one. */
  before: Failures | null;
  online: boolean;
  now: number;
  random: number;
}

export function afterFailure({ batch, result, before, online, now, random }: FailedSend): AfterFailure {
  const offline = result.tag === 'noAnswer' && !online;
  const failures: Failures = {
    _batch: batch,
    _attempts: (before?._attempts ?? 0) + 1,
    _networkFailures: (before?._networkFailures ?? 0) + (result.tag === 'noAnswer' && !offline ? 1 : 0),
  };
  if (failures._networkFailures > MAX_NETWORK_RETRIES) return { tag: 'give-up' };
  if (offline) return { tag: 'offline', failures };
  const serverDelay = parseRetryAfter(result.tag === 'answer' ? result.retryAfter : null, now);
  const delay = serverDelay ?? backoffDelay(failures._attempts, random);
  return { tag: 'backoff', wait: { _failures: failures, _until: now + delay, _byServer: serverDelay !== undefined } };
}

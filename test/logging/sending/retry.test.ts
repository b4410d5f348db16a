// The retry strategy as pure functions.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backoffDelay, classify, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../src/logging/sending/retry';

test('classify: 2xx sent; 408, 429, 5xx retry; 0 network; 413 too large; other 4xx and the rest rejected', () => {
  const cases: [number, string][] = [
    [200, 'sent'],
    [204, 'sent'],
    [299, 'sent'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [599, 'retry'],
    [0, 'network'],
    [199, 'rejected'],
    [300, 'rejected'],
    [302, 'rejected'],
    [400, 'rejected'],
    [401, 'rejected'],
    [404, 'rejected'],
    [413, 'tooLarge'],
    [600, 'rejected'],
  ];
  for (const [status, outcome] of cases) {
    const result = status
      ? ({ tag: 'answer', status, json: null, retryAfter: null } as const)
      : ({ tag: 'noAnswer', reason: 'failed' } as const);
    assert.is(classify(result), outcome, String(status));
  }
});

test('backoff: 1 s doubling up to a 60 s cap; jitter takes off at most half', () => {
  assert.equal(
    [1, 2, 3, 4, 5, 6, 7, 8, 20, 2000].map((a) => backoffDelay(a, 0)),
    [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000],
  );
  assert.is(backoffDelay(3, 1), 2000, 'full jitter: half');
  assert.is(backoffDelay(3, 0.5), 3000);
  assert.is(backoffDelay(1, Number.NaN), 1000, 'a broken random source does not break the delay');
  assert.is(backoffDelay(1, 7), 1000);
});

test('Retry-After: delta seconds or an HTTP date, clamped to 0–5 min; unreadable or absent gives undefined', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.is(parseRetryAfter('30', now), 30_000);
  assert.is(parseRetryAfter(' 2 ', now), 2000);
  assert.is(parseRetryAfter('0', now), 0, 'at once');
  assert.is(parseRetryAfter('Wed, 01 Jan 2025 00:00:45 GMT', now), 45_000);
  assert.is(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now), 0, 'a date in the past: now');
  assert.is(parseRetryAfter('86400', now), MAX_RETRY_AFTER_MS);
  for (const unreadable of ['soon', '', '  ', null, undefined])
    assert.is(parseRetryAfter(unreadable, now), undefined, String(unreadable));
});

test.run();

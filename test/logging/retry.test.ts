// The retry strategy as pure functions.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backoff, classify, MAX_DELAY_MS, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../src/logging/retry';

test('classify: 2xx ok; 408, 429, 5xx retry; 0 network; other 4xx (413 too) and the rest drop', () => {
  const cases: [number, string][] = [
    [200, 'ok'],
    [204, 'ok'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [599, 'retry'],
    [0, 'network'],
    [400, 'drop'],
    [401, 'drop'],
    [404, 'drop'],
    [413, 'drop'],
    [302, 'drop'],
  ];
  for (const [status, outcome] of cases) assert.is(classify(status), outcome, String(status));
});

test('backoff doubles from 1 s up to a 60 s cap; jitter shortens by at most half', () => {
  assert.equal([1, 2, 3, 4, 5, 6, 7, 8, 20, 2000].map((a) => backoff(a, 0)), [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000]);
  assert.is(backoff(3, 1), 2000);
  for (let i = 0; i < 100; i++) {
    const d = backoff(10, Math.random());
    assert.ok(d >= MAX_DELAY_MS / 2 && d <= MAX_DELAY_MS);
  }
  assert.is(backoff(1, NaN), 1000, 'a broken random source does not break the delay');
});

test('Retry-After: delta seconds, an HTTP date, clamped; unreadable gives undefined', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.is(parseRetryAfter('30', now), 30_000);
  assert.is(parseRetryAfter(' 2 ', now), 2000);
  assert.ok([0, undefined].includes(parseRetryAfter('0', now)), 'at once, or the ordinary backoff');
  assert.is(parseRetryAfter('Wed, 01 Jan 2025 00:00:45 GMT', now), 45_000);
  assert.is(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now), 0, 'a date in the past: now');
  assert.is(parseRetryAfter('86400', now), MAX_RETRY_AFTER_MS);
  assert.is(parseRetryAfter('soon', now), undefined);
  assert.is(parseRetryAfter(null, now), undefined);
  assert.is(parseRetryAfter(undefined, now), undefined);
  assert.is(parseRetryAfter('', now), undefined);
});

test.run();

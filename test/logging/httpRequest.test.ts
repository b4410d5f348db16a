// A batch on the wire: the POST with its Idempotency-Key, the beacon with the key in its URL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FetchLike, Timers } from '../../src/http';
import { newBatch } from '../../src/logging/batch';
import { beaconBatch, newIdempotencyKey, postBatch } from '../../src/logging/httpRequest';

const batch = newBatch('0123456789abcdef0123456789abcdef', '[{"level":5}]', 1, 0, null);
const timers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };
const reply = (status: number, retryAfter: string | null = null) =>
  ({ status, headers: { get: (n: string) => (n === 'Retry-After' ? retryAfter : null) } }) as unknown as Response;

test('keys: 128 random bits as 32 hex digits, a new one each time', () => {
  const keys = Array.from({ length: 1000 }, newIdempotencyKey);
  assert.ok(keys.every((k) => /^[0-9a-f]{32}$/.test(k)));
  assert.is(new Set(keys).size, 1000);
});

test("POST: the body as it is, JSON, the endpoint's headers, the key last (an endpoint header cannot replace it)", async () => {
  let seen: { url: string; init: RequestInit } | undefined;
  const fetch: FetchLike = async (url, init) => {
    seen = { url, init };
    return reply(429, '7');
  };
  const options = {
    url: 'https://h/api/clientlogger/',
    headers: { Authorization: 'Bearer t', 'Idempotency-Key': 'forged' },
    withCredentials: true,
    keepalive: true,
    timeoutMs: 1000,
  };
  const result = await postBatch(fetch, batch, options, timers);
  assert.equal([result.status, result.retryAfter], [429, '7']);
  assert.is(seen!.url, options.url);
  assert.equal(seen!.init.headers, {
    'Content-Type': 'application/json',
    Authorization: 'Bearer t',
    'Idempotency-Key': batch.key,
  });
  assert.equal(
    [seen!.init.method, seen!.init.body, seen!.init.credentials, seen!.init.keepalive],
    ['POST', batch.body, 'include', true],
  );
  await postBatch(fetch, batch, { ...options, withCredentials: false, keepalive: false }, timers);
  assert.equal([seen!.init.credentials, seen!.init.keepalive], ['same-origin', false]);
});

test('POST never rejects: a failure is status 0', async () => {
  const result = await postBatch(
    () => Promise.reject(new TypeError('Failed to fetch')),
    batch,
    { url: 'u', headers: {}, withCredentials: true, keepalive: false, timeoutMs: 1000 },
    timers,
  );
  assert.is(result.status, 0);
});

test('beacon: the body as JSON, the key as the idempotencyKey query parameter', async () => {
  const sent: { url: string; data: Blob }[] = [];
  const navigator = { sendBeacon: (url: string, data?: BodyInit | null) => (sent.push({ url, data: data as Blob }), true) };
  assert.ok(beaconBatch(navigator, 'https://h/log/', batch));
  assert.ok(beaconBatch(navigator, 'https://h/log/?tenant=a', batch));
  assert.equal(
    sent.map((s) => s.url),
    [`https://h/log/?idempotencyKey=${batch.key}`, `https://h/log/?tenant=a&idempotencyKey=${batch.key}`],
  );
  assert.is(sent[0]!.data.type, 'application/json');
  assert.is(await sent[0]!.data.text(), batch.body);
});

test('beacon: false when the browser refuses, has none, or it throws', () => {
  assert.not.ok(beaconBatch({ sendBeacon: () => false }, 'u', batch));
  assert.not.ok(beaconBatch({}, 'u', batch));
  assert.not.ok(beaconBatch(undefined, 'u', batch));
  assert.not.ok(
    beaconBatch(
      {
        sendBeacon: () => {
          throw new TypeError('too big');
        },
      },
      'u',
      batch,
    ),
  );
});

test.run();

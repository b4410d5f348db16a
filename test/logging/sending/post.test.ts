// The POST of a batch: its body as it is, JSON, the endpoint's headers read at each send, the
// batch's Idempotency-Key last, credentials as configured, the send timeout.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newBatch } from '../../../src/logging/queue/batch';
import { createPost } from '../../../src/logging/sending/post';

const batch = newBatch('0123456789abcdef0123456789abcdef', '[{"level":5}]', 1, { tag: 'queue', first: 0 }, null, null);
const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
};

function poster(credentials = true) {
  const calls: { url: string; init: RequestInit }[] = [];
  const post = createPost(
    {
      fetch: (url, init) => {
        calls.push({ url, init });
        return Promise.resolve({ status: 202, headers: { get: () => '7' } } as unknown as Response);
      },
      timers,
      sendTimeoutMs: 5000,
    },
    () => credentials,
  );
  return { post, calls };
}

test("the body as it is, JSON, the endpoint's headers, the key last (an endpoint header cannot replace it)", async () => {
  const { post, calls } = poster();
  let token = 'first';
  const endpoint = { url: 'https://h/log/', headers: () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': 'forged' }) };
  const result = await post(endpoint, batch, false);
  token = 'second';
  await post(endpoint, batch, true);
  assert.equal(result, { tag: 'answer', status: 202, json: null, retryAfter: '7' });
  const [first, second] = calls;
  assert.is(first!.url, 'https://h/log/');
  assert.is(first!.init.body, batch.body);
  assert.equal(first!.init.headers, {
    'Content-Type': 'application/json',
    Authorization: 'Bearer first',
    'Idempotency-Key': batch.key,
  });
  assert.equal([first!.init.method, first!.init.credentials, first!.init.keepalive], ['POST', 'include', false]);
  assert.ok(first!.init.signal instanceof AbortSignal, 'the send timeout can abort it');
  assert.is((second!.init.headers as Record<string, string>).Authorization, 'Bearer second', 'headers read at each send');
  assert.is(second!.init.keepalive, true);
});

test('headers handed in are used as they are (page exit reads them once for all its requests); withCredentials false: same-origin', async () => {
  const { post, calls } = poster(false);
  const endpoint = {
    url: 'u',
    headers: () => {
      throw new Error('not read');
    },
  };
  await post(endpoint, batch, true, { 'X-Tenant': 'a' });
  assert.equal(calls[0]!.init.headers, { 'Content-Type': 'application/json', 'X-Tenant': 'a', 'Idempotency-Key': batch.key });
  assert.is(calls[0]!.init.credentials, 'same-origin');
});

test('headers that cannot be read throw before anything is sent', () => {
  const { post, calls } = poster();
  assert.throws(() =>
    post(
      {
        url: 'u',
        headers: () => {
          throw new Error('no token');
        },
      },
      batch,
      false,
    ),
  );
  assert.is(calls.length, 0);
});

test.run();

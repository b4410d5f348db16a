import { test } from 'uvu';
import * as assert from 'uvu/assert';
import FakeTimers from '@sinonjs/fake-timers';
import { isPlainObject, parseJson, request, type FetchLike } from '../src/http';
import { answer, settle } from './auth/fakes';

const URL_ = 'https://emweb.test/api/info/version';

test('sends credentials, method and headers, and reads a JSON body', async () => {
  let seen: RequestInit | undefined;
  const fetch: FetchLike = async (_url, init) => ((seen = init), answer(200, '{"message":"1.2"}'));
  const r = await request(fetch, URL_, { headers: { Authorization: 'Bearer t' }, timeoutMs: 1000 });
  assert.equal(r, { status: 200, json: { message: '1.2' }, isJson: true });
  assert.is(seen?.credentials, 'include');
  assert.is(seen?.method, 'GET');
  assert.equal(seen?.headers, { Authorization: 'Bearer t' });
  assert.ok(seen?.signal instanceof AbortSignal);
});

test('a body that is not JSON (HTML, empty, truncated) is reported as such', async () => {
  for (const body of ['<html></html>', '', '{"a":']) {
    const r = await request(async () => answer(200, body), URL_, { timeoutMs: 1000 });
    assert.equal(r, { status: 200, json: undefined, isJson: false }, body);
  }
});

test('JSON null is JSON', async () => {
  const r = await request(async () => answer(200, 'null'), URL_, { timeoutMs: 1000 });
  assert.equal(r, { status: 200, json: null, isJson: true });
});

test('a network failure is status 0 and never rejects', async () => {
  const r = await request(() => Promise.reject(new TypeError('Failed to fetch')), URL_, { timeoutMs: 1000 });
  assert.equal(r, { status: 0, json: undefined, isJson: false });
});

test('a fetch that throws synchronously is status 0', async () => {
  const r = await request(
    () => {
      throw new TypeError('bad');
    },
    URL_,
    { timeoutMs: 1000 },
  );
  assert.is(r.status, 0);
});

test('a body that cannot be read is status 0', async () => {
  const broken = { status: 200, text: () => Promise.reject(new TypeError('stream')) } as unknown as Response;
  const r = await request(async () => broken, URL_, { timeoutMs: 1000 });
  assert.is(r.status, 0);
});

test('timeouts: aborts the fetch and answers status 0, even when the fetch ignores the signal or the body never ends', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let aborted = false;
    const honours: FetchLike = (_u, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => ((aborted = true), reject(new Error('abort')))));
    const ignores: FetchLike = () => new Promise(() => {});
    const endless: FetchLike = async () => ({ status: 200, text: () => new Promise(() => {}) }) as unknown as Response;
    for (const fetch of [honours, ignores, endless]) {
      let result: unknown = 'pending';
      void request(fetch, URL_, { timeoutMs: 5000 }).then((r) => (result = r));
      await settle();
      clock.tick(4999);
      await settle();
      assert.is(result, 'pending');
      clock.tick(1);
      await settle();
      assert.equal(result, { status: 0, json: undefined, isJson: false });
    }
    assert.ok(aborted, 'the signal was aborted');
  } finally {
    clock.uninstall();
  }
});

test('the timer is cleared once the answer is in', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await request(async () => answer(204), URL_, { timeoutMs: 5000 });
    assert.is(clock.countTimers(), 0);
  } finally {
    clock.uninstall();
  }
});

test('parseJson and isPlainObject', () => {
  assert.equal(parseJson('[1]'), { isJson: true, json: [1] });
  assert.equal(parseJson('x'), { isJson: false, json: undefined });
  assert.ok(isPlainObject({}));
  for (const v of [null, [], 'a', 1, true, undefined]) assert.not.ok(isPlainObject(v), String(v));
});

test.run();

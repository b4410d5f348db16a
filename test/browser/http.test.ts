import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type FetchLike,
  type HttpResult,
  isCutShort,
  isPlainObject,
  type NoAnswer,
  parseJson,
  request,
} from '../../src/browser/http';
import { brokenBodyResponse, settle } from '../fakes';

const URL_ = 'https://emweb.test/api/info/version';
/** No answer, and why. */
const noAnswer = (why: NoAnswer) => ({ tag: 'noAnswer', reason: why });
/** A result without the error fetch rejected with (each test names the reason it expects). */
const withoutError = (result: HttpResult | unknown) => {
  const r = result as HttpResult;
  return r.tag === 'noAnswer' ? { tag: r.tag, reason: r.reason } : r;
};

test('a GET sends credentials and the headers, and reads a JSON body', async () => {
  let seen: RequestInit | undefined;
  const fetch: FetchLike = async (_url, init) => {
    seen = init;
    return new Response('{"message":"1.2"}');
  };
  const result = await request(fetch, URL_, { headers: { Authorization: 'Bearer t' }, timeoutMs: 1000 });
  assert.equal(result, { tag: 'answer', status: 200, json: { value: { message: '1.2' } }, retryAfter: null });
  assert.is(seen?.method, 'GET');
  assert.is(seen?.credentials, 'include');
  assert.equal(seen?.headers, { Authorization: 'Bearer t' });
  assert.ok(seen?.signal instanceof AbortSignal);
});

test('a POST sends its body, keepalive and the credentials it is given', async () => {
  let seen: RequestInit | undefined;
  const fetch: FetchLike = async (_url, init) => {
    seen = init;
    return new Response(null, { status: 202 });
  };
  await request(fetch, URL_, { method: 'POST', body: '[1]', keepalive: true, credentials: 'same-origin', timeoutMs: 1000 });
  assert.is(seen?.method, 'POST');
  assert.is(seen?.body, '[1]');
  assert.is(seen?.keepalive, true);
  assert.is(seen?.credentials, 'same-origin');
});

test('a body that is not JSON (HTML, empty, truncated) is reported as such', async () => {
  for (const body of ['<html></html>', '', '{"a":']) {
    const result = await request(async () => new Response(body), URL_, { timeoutMs: 1000 });
    assert.equal(result, { tag: 'answer', status: 200, json: null, retryAfter: null }, body);
  }
});

test('JSON null is JSON', async () => {
  const result = await request(async () => new Response('null'), URL_, { timeoutMs: 1000 });
  assert.equal(result, { tag: 'answer', status: 200, json: { value: null }, retryAfter: null });
});

test('Retry-After comes back as the server sent it', async () => {
  const result = await request(async () => new Response('', { status: 503, headers: { 'Retry-After': '120' } }), URL_, {
    timeoutMs: 1000,
  });
  assert.equal(result, { tag: 'answer', status: 503, json: null, retryAfter: '120' });
});

test('an answer whose body does not matter is not waited for, but drained so the browser can close the request', async () => {
  let parsed = false;
  let drained = false;
  let finishDrain: (body: ArrayBuffer) => void = () => {};
  const response = {
    status: 200,
    headers: new Headers(),
    text: () => {
      parsed = true;
      return Promise.resolve('{}');
    },
    arrayBuffer: () => {
      drained = true;
      // Never settles until the test says so: the result must not wait for it.
      return new Promise<ArrayBuffer>((resolve) => {
        finishDrain = resolve;
      });
    },
  };
  const result = await request(async () => response as unknown as Response, URL_, { timeoutMs: 1000, readBody: false });
  assert.equal(result, { tag: 'answer', status: 200, json: null, retryAfter: null });
  assert.is(parsed, false, 'not parsed');
  await Promise.resolve();
  assert.is(drained, true, 'drained');
  finishDrain(new ArrayBuffer(0));
});

test('no answer is failed, and the promise never rejects: network failure, a fetch that throws, an unreadable body', async () => {
  const fetches: FetchLike[] = [
    () => Promise.reject(new TypeError('Failed to fetch')),
    () => {
      throw new TypeError('fetch is not a function');
    },
    async () => brokenBodyResponse(),
  ];
  for (const fetch of fetches) assert.equal(withoutError(await request(fetch, URL_, { timeoutMs: 1000 })), noAnswer('failed'));
});

test('a timeout aborts the request and answers timedOut, also when the fetch ignores the signal or the body never ends', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let aborted = false;
    const honours: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        }),
      );
    const ignores: FetchLike = () => new Promise(() => {});
    const endless: FetchLike = async () => ({ status: 200, text: () => new Promise(() => {}) }) as unknown as Response;
    for (const fetch of [honours, ignores, endless]) {
      let result: unknown = 'pending';
      void request(fetch, URL_, { timeoutMs: 5000 }).then((r) => {
        result = r;
      });
      await settle();
      clock.tick(4999);
      await settle();
      assert.is(result, 'pending');
      clock.tick(1);
      await settle();
      assert.equal(withoutError(result), noAnswer('timedOut'));
    }
    assert.ok(aborted, 'the signal was aborted');
  } finally {
    clock.uninstall();
  }
});

test('the timers it is given are the ones it uses, and the timer is cleared once the answer is in', async () => {
  const clock = FakeTimers.createClock();
  let result: unknown = 'pending';
  void request(() => new Promise(() => {}), URL_, { timeoutMs: 300 }, clock).then((r) => {
    result = r;
  });
  await settle();
  clock.tick(300);
  await settle();
  assert.equal(withoutError(result), noAnswer('timedOut'));

  await request(async () => new Response(null, { status: 204 }), URL_, { timeoutMs: 5000 }, clock);
  assert.is(clock.countTimers(), 0);
});

test('a time limit above 2^31-1 ms, or Infinity, is none: the answer that comes late is the answer (a browser would fire such a timer at once)', async () => {
  for (const timeoutMs of [2 ** 31, Number.POSITIVE_INFINITY]) {
    const clock = FakeTimers.createClock();
    let answer: (response: Response) => void = () => {};
    let result: unknown = 'pending';
    void request(() => new Promise<Response>((resolve) => (answer = resolve)), URL_, { timeoutMs }, clock).then((r) => {
      result = r;
    });
    await settle();
    clock.tick(2 ** 31 + 1000);
    await settle();
    assert.is(result, 'pending', `${timeoutMs}: still waiting`);
    answer(new Response('{}'));
    await settle();
    assert.equal(result, { tag: 'answer', status: 200, json: { value: {} }, retryAfter: null }, `${timeoutMs}: answered`);
    assert.is(clock.countTimers(), 0);
  }
});

// ---- why no answer came

/** A page whose events a test fires itself, counting the listeners it holds. */
function fakePage() {
  const target = new EventTarget();
  let listening = 0;
  return {
    fire: (type: string) => target.dispatchEvent(new Event(type)),
    listening: () => listening,
    addEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
      listening++;
      target.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
      listening--;
      target.removeEventListener(type, listener);
    },
  };
}

/** A fetch that fails when the test says so, as a browser fails one it cancels. */
function failingLater() {
  let fail = () => {};
  const fetch: FetchLike = () =>
    new Promise((_resolve, reject) => {
      fail = () => reject(new TypeError('Failed to fetch'));
    });
  return { fetch, fail: () => fail() };
}

for (const event of ['beforeunload', 'pagehide']) {
  test(`a request that fails after \`${event}\` was cut short by the page leaving, not failed`, async () => {
    const page = fakePage();
    const { fetch, fail } = failingLater();
    const result = request(fetch, URL_, { timeoutMs: 5000 }, globalThis, page);
    await settle();
    page.fire(event);
    fail();
    assert.equal(withoutError(await result), noAnswer('pageLeaving'));
    assert.ok(isCutShort(await result));
  });
}

test('a request that fails while the page stays is a failure; leaving later changes nothing, and no listener is left', async () => {
  const page = fakePage();
  const { fetch, fail } = failingLater();
  const result = request(fetch, URL_, { timeoutMs: 5000 }, globalThis, page);
  await settle();
  assert.ok(page.listening() > 0, 'listening while the request is out');
  fail();
  assert.equal(withoutError(await result), noAnswer('failed'));
  assert.not.ok(isCutShort(await result));
  assert.is(page.listening(), 0, 'no listener once it settled');
  page.fire('pagehide');
  assert.equal(await request(async () => new Response('{}'), URL_, { timeoutMs: 5000 }, globalThis, page), {
    tag: 'answer',
    status: 200,
    json: { value: {} },
    retryAfter: null,
  });
});

test("the caller's abort answers at once, aborted, also when the fetch ignores the signal; already aborted: no fetch at all", async () => {
  const controller = new AbortController();
  let signalled = false;
  const ignores: FetchLike = (_url, init) => {
    init.signal?.addEventListener('abort', () => {
      signalled = true;
    });
    return new Promise(() => {});
  };
  const result = request(ignores, URL_, { timeoutMs: 5000, signals: [controller.signal] });
  controller.abort();
  assert.equal(withoutError(await result), noAnswer('aborted'));
  assert.ok(signalled, 'the fetch was told');
  assert.ok(isCutShort(await result));
  let fetched = 0;
  const counting: FetchLike = async () => {
    fetched++;
    return new Response('{}');
  };
  assert.equal(await request(counting, URL_, { timeoutMs: 5000, signals: [controller.signal] }), noAnswer('aborted'));
  assert.is(fetched, 0);
});

test('parseJson and isPlainObject', () => {
  assert.equal(parseJson('[1]'), { value: [1] });
  assert.equal(parseJson('x'), null);
  assert.ok(isPlainObject({}));
  for (const value of [null, [], 'a', 1, true, undefined]) assert.not.ok(isPlainObject(value), String(value));
});

test.run();

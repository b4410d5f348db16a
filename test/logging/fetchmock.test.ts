// Delivery against the global fetch (mocked with fetch-mock): real Response and
// Headers objects, the global looked up at send time.
import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import fetchMock from 'fetch-mock';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../src/logging';
import { memoryStorage } from '../fakes';

const URL_ = 'http://localhost/api/web/clientlogger/';

function page() {
  const clock = FakeTimers.createClock(0);
  const control = createLogger({
    production: true,
    console: {},
    sessionStorage: memoryStorage(),
    local: memoryStorage(),
    target: new EventTarget() as never,
    doc: new EventTarget() as never,
    now: () => clock.now,
    random: () => 0,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h as never),
  });
  const logger = control._logger;
  control._start({ production: true, options: { batchSize: 2 }, captureErrors: false });
  control._setEndpoint({ url: URL_, headers: () => ({ 'X-Tenant': 'acme' }) });
  return { clock, logger };
}

test.before.each(() => {
  fetchMock.hardReset();
  fetchMock.mockGlobal(); // installed after the logger module loaded: the global is read at send time
});
test.after.each(() => {
  fetchMock.hardReset();
  fetchMock.unmockGlobal();
});

test('a batch POSTed as JSON with credentials, through the global fetch', async () => {
  fetchMock.route(URL_, 204);
  const { logger } = page();
  logger.error('one', { a: 1 });
  logger.fatal('two');
  await fetchMock.callHistory.flush(true);
  const calls = fetchMock.callHistory.calls();
  assert.is(calls.length, 1);
  const [call] = calls;
  assert.is(call!.options.method, 'post');
  assert.is(call!.options.credentials, 'include');
  const headers = call!.options.headers as Record<string, string>;
  assert.is(headers['content-type'], 'application/json');
  assert.is(headers['x-tenant'], 'acme');
  assert.match(headers['idempotency-key']!, /^[0-9a-f]{32}$/);
  const body = JSON.parse(String(call!.options.body));
  assert.equal(
    body.map((e: any) => [e.level, e.message, e.additional]),
    [
      [5, 'one', [{ a: 1 }]],
      [6, 'two', []],
    ],
  );
  assert.ok(body.every((e: any) => !Number.isNaN(Date.parse(e.timestamp)) && e.timestamp.endsWith('Z')));
});

test('429 with a Retry-After header on a real Response is honoured', async () => {
  let n = 0;
  fetchMock.route(URL_, () => (++n === 1 ? { status: 429, headers: { 'Retry-After': '7' } } : 200));
  const { clock, logger } = page();
  logger.error('a');
  logger.error('b');
  await clock.tickAsync(6_999);
  assert.is(fetchMock.callHistory.calls().length, 1);
  await clock.tickAsync(1);
  assert.is(fetchMock.callHistory.calls().length, 2);
  const [first, retry] = fetchMock.callHistory.calls();
  assert.is(retry!.options.body, first!.options.body, 'the same batch again');
  const key = (c: typeof first) => (c!.options.headers as Record<string, string>)['idempotency-key'];
  assert.is(key(retry), key(first), 'with the same key');
});

test('a rejected fetch is a network failure, retried', async () => {
  let n = 0;
  fetchMock.route(URL_, () => (++n === 1 ? { throws: new TypeError('Failed to fetch') } : 200));
  const { clock, logger } = page();
  logger.error('a');
  logger.error('b');
  await clock.tickAsync(1000);
  assert.is(fetchMock.callHistory.calls().length, 2);
});

test.run();

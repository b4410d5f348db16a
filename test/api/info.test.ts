import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import fetchMock from 'fetch-mock';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck, loadVersion } from '../../src/api/info';
import type { FetchLike } from '../../src/http';
import { answer, deferred, headerOf, ORIGIN, recordingLog, scriptedFetch, settle } from '../fakes';

const VERSION = `${ORIGIN}/api/web/info/version`;
const CLOUD = `${ORIGIN}/api/web/info/cloudinstance`;

const deps = (fetch: FetchLike) => ({
  fetch,
  origin: ORIGIN,
  base: '/api/web/',
  headers: {},
  timeoutMs: 5000,
  log: recordingLog(),
});

const mocked = (url: string, response: unknown) => {
  const fm = fetchMock.createInstance();
  fm.route(url, response as never);
  return fm;
};

// ---- version ----

test('version: the message of the JSON body, from {base}info/version, with credentials and headers', async () => {
  const fm = mocked(VERSION, { status: 200, body: { message: '1.229.0 (build 77)' } });
  const version = await loadVersion({ ...deps(fm.fetchHandler), headers: { Authorization: 'Bearer t' } });
  assert.is(version, '1.229.0 (build 77)');
  const call = fm.callHistory.calls()[0];
  assert.is(call?.options.credentials, 'include');
  assert.is(headerOf(call?.options, 'authorization'), 'Bearer t');
});

test('version: every failure gives an empty string', async () => {
  const failures: Record<string, unknown> = {
    '500': { status: 500, body: { message: 'Internal error' } },
    '404': 404,
    'network failure': { throws: new TypeError('Failed to fetch') },
    HTML: { status: 200, body: '<html></html>' },
    'no message': { status: 200, body: {} },
    'numeric message': { status: 200, body: { message: 1229 } },
    'object message': { status: 200, body: { message: { v: 1 } } },
    null: { status: 200, body: 'null' },
    array: { status: 200, body: '["1.0"]' },
    empty: { status: 200, body: '' },
  };
  for (const [label, response] of Object.entries(failures)) {
    assert.is(await loadVersion(deps(mocked(VERSION, response).fetchHandler)), '', label);
  }
});

test('version: a call that never answers gives an empty string after the timeout', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let version: string | undefined;
    void loadVersion(deps(scriptedFetch({ [VERSION]: 'hang' }).fetch)).then((v) => (version = v));
    await settle();
    clock.tick(5000);
    await settle();
    assert.is(version, '');
  } finally {
    clock.uninstall();
  }
});

// ---- cloud check ----

test('cloud: 200 means cloud, whatever the body', async () => {
  for (const body of ['', 'false', '<html>']) {
    const fm = mocked(CLOUD, { status: 200, body });
    assert.is(await createCloudCheck()(deps(fm.fetchHandler)), true, body);
  }
});

test('cloud: any other status means not cloud, not logged as an error', async () => {
  for (const status of [201, 204, 401, 403, 404, 500, 503]) {
    const d = deps(mocked(CLOUD, status).fetchHandler);
    assert.is(await createCloudCheck()(d), false, String(status));
    assert.equal(d.log.errors, [], String(status));
  }
});

test('cloud: a thrown error (network failure) is logged at error and gives false', async () => {
  const d = deps(mocked(CLOUD, { throws: new TypeError('Failed to fetch') }).fetchHandler);
  assert.is(await createCloudCheck()(d), false);
  assert.is(d.log.errors.length, 1);
  assert.match(String(d.log.errors[0]), /cloud/i);
});

test('cloud: a call that never answers is logged and gives false after the timeout', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const d = deps(scriptedFetch({ [CLOUD]: 'hang' }).fetch);
    let isCloud: boolean | undefined;
    void createCloudCheck()(d).then((v) => (isCloud = v));
    await settle();
    clock.tick(5000);
    await settle();
    assert.is(isCloud, false);
    assert.is(d.log.errors.length, 1);
  } finally {
    clock.uninstall();
  }
});

test('cloud: a logger that throws cannot turn the answer into a rejection', async () => {
  const d = deps(scriptedFetch({}).fetch);
  d.log.error = () => {
    throw new Error('logger broke');
  };
  assert.is(await createCloudCheck()(d), false);
});

test('cloud: concurrent callers share one request, and later callers the cached answer', async () => {
  const held = deferred<Response>();
  const { fetch, calls } = scriptedFetch({ [CLOUD]: () => held.promise });
  const check = createCloudCheck();
  const both = Promise.all([check(deps(fetch)), check(deps(fetch))]);
  await settle();
  held.resolve(answer(200));
  assert.equal(await both, [true, true]);
  assert.is(await check(deps(fetch)), true);
  assert.is(calls.length, 1);
});

test('cloud: a failure is cached too (one request per page)', async () => {
  const { fetch, calls } = scriptedFetch({});
  const check = createCloudCheck();
  const d = deps(fetch);
  assert.is(await check(d), false);
  assert.is(await check(d), false);
  assert.is(calls.length, 1);
  assert.is(d.log.errors.length, 1);
});

test('cloud: separate checks and separate URLs ask separately', async () => {
  const { fetch, calls } = scriptedFetch({ [CLOUD]: answer(200), [`${ORIGIN}/api/info/cloudinstance`]: answer(404) });
  const check = createCloudCheck();
  assert.is(await check(deps(fetch)), true);
  assert.is(await check({ ...deps(fetch), base: '/api/' }), false);
  assert.is(await createCloudCheck()(deps(fetch)), true);
  assert.is(calls.length, 3);
});

test.run();

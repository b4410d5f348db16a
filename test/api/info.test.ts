import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck, loadVersion } from '../../src/api/info';
import { createProductServer, type ProductServer, type Route, type RouteAnswer } from '../../src/testing';
import { deferred, memoryStorage, noAnswer, ORIGIN, recordingLog, settle } from '../fakes';

const VERSION = '/api/web/info/version';
const CLOUD = '/api/web/info/cloudinstance';

const deps = (server: ProductServer) => ({
  fetch: server.fetch,
  origin: ORIGIN,
  apiBase: '/api/web/' as const,
  authType: 'secgw' as const,
  local: memoryStorage(),
  timeoutMs: 5000,
  log: recordingLog(),
});

/** A gateway server whose answer at `path` is `route`. */
const answering = (path: string, route: Route) => createProductServer({ auth: 'secgw', routes: { [`GET ${path}`]: route } });

// ---- version ----

test('version: the message of the JSON body, from {base}info/version, with credentials and the token', async () => {
  const server = createProductServer({ auth: 'secgw', version: '5.3.1 (build 77)' });
  const local = memoryStorage();
  local.set('jwt', 't');
  const version = await loadVersion({ ...deps(server), authType: 'token', local: local });
  assert.is(version, '5.3.1 (build 77)');
  const [request] = server.requests;
  assert.is(request?.origin + (request?.path ?? ''), ORIGIN + VERSION);
  assert.is(request?.credentials, 'include');
  assert.is(request?.headers.authorization, 'Bearer t');
});

test('version: every failure gives an empty string', async () => {
  const failures: Record<string, RouteAnswer> = {
    '500': { status: 500, body: { message: 'Internal error' } },
    '404': { status: 404 },
    'network failure': { status: 0 },
    HTML: { status: 200, body: '<html></html>' },
    'no message': { status: 200, body: {} },
    'numeric message': { status: 200, body: { message: 2024.3 } },
    'object message': { status: 200, body: { message: { v: 1 } } },
    null: { status: 200, body: 'null' },
    array: { status: 200, body: '["1.0"]' },
    empty: { status: 200, body: '' },
  };
  for (const [label, answer] of Object.entries(failures)) {
    assert.is(await loadVersion(deps(answering(VERSION, answer))), '', label);
  }
});

test('version: a call that never answers gives an empty string after the timeout', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let version: string | undefined;
    void loadVersion(deps(answering(VERSION, noAnswer))).then((v) => (version = v));
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
    const server = answering(CLOUD, { status: 200, body });
    assert.is(await createCloudCheck()(deps(server)), true, body);
  }
});

test('cloud: any other status means not cloud, not logged as an error', async () => {
  for (const status of [201, 204, 401, 403, 404, 500, 503]) {
    const d = deps(answering(CLOUD, { status }));
    assert.is(await createCloudCheck()(d), false, String(status));
    assert.equal(d.log.errors, [], String(status));
  }
});

test('cloud: a thrown error (network failure) is logged at error and gives false', async () => {
  const d = deps(answering(CLOUD, { status: 0 }));
  assert.is(await createCloudCheck()(d), false);
  assert.is(d.log.errors.length, 1);
  assert.match(String(d.log.errors[0]), /cloud/i);
});

test('cloud: a call that never answers is logged and gives false after the timeout', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const d = deps(answering(CLOUD, noAnswer));
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

test('cloud: a check the page leaving cut short is not logged, not kept: a page that stays asks again', async () => {
  const held = deferred<RouteAnswer>();
  const server = answering(CLOUD, () => held.promise);
  const check = createCloudCheck();
  const d = deps(server);
  const cut = check(d);
  await settle();
  window.dispatchEvent(new Event('pagehide'));
  held.resolve({ status: 0 });
  assert.is(await cut, false);
  assert.equal(d.log.errors, []);
  server.update({ routes: {}, cloud: true });
  assert.is(await check(d), true, 'asked again');
  assert.is(server.requests.length, 2);
});

test("cloud: the page's check is not the asking client's to abort", async () => {
  const server = createProductServer({ auth: 'secgw', cloud: true });
  const d = { ...deps(server), signal: AbortSignal.abort() };
  assert.is(await createCloudCheck()(d), true);
  assert.equal(d.log.errors, []);
});

test('cloud: a logger that throws cannot turn the answer into a rejection', async () => {
  const d = deps(answering(CLOUD, { status: 0 }));
  d.log.error = () => {
    throw new Error('logger broke');
  };
  assert.is(await createCloudCheck()(d), false);
});

test('cloud: concurrent callers share one request, and later callers the cached answer', async () => {
  const held = deferred<RouteAnswer>();
  const server = answering(CLOUD, () => held.promise);
  const check = createCloudCheck();
  const both = Promise.all([check(deps(server)), check(deps(server))]);
  await settle();
  held.resolve({ status: 200 });
  assert.equal(await both, [true, true]);
  assert.is(await check(deps(server)), true);
  assert.is(server.requests.length, 1);
});

test('cloud: a failure is cached too (one request per page)', async () => {
  const server = answering(CLOUD, { status: 0 });
  const check = createCloudCheck();
  const d = deps(server);
  assert.is(await check(d), false);
  assert.is(await check(d), false);
  assert.is(server.requests.length, 1);
  assert.is(d.log.errors.length, 1);
});

test('cloud: separate checks and separate URLs ask separately', async () => {
  const server = createProductServer({
    auth: 'secgw',
    cloud: true,
    routes: { 'GET /api/info/cloudinstance': { status: 404 } },
  });
  const check = createCloudCheck();
  assert.is(await check(deps(server)), true);
  assert.is(await check({ ...deps(server), apiBase: '/api/' }), false);
  assert.is(await createCloudCheck()(deps(server)), true);
  assert.is(server.requests.length, 3);
});

test.run();

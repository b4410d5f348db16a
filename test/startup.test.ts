import './setup';
import FakeTimers from '@sinonjs/fake-timers';
import fetchMock from 'fetch-mock';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck } from '../src/api/info';
import { createAuthTypeResolver } from '../src/auth/probe';
import { loadConfiguration, runStartup as runWithEvents, type StartupDeps, type StartupUpdate } from '../src/startup';
import { memoryStorage, type SafeStorage, safeStorage } from '../src/storage';
import { answer, deferred, headerOf, makeJwt, ORIGIN, recordingLog, scriptedFetch, settle } from './fakes';

const NOW = Date.UTC(2025, 0, 1);
const CONFIG = { configurationItemName: 'ACME', displayName: 'Acme Corp' };
const CLAIMS = { userId: 'Jürgen', authUserId: 'u1', profileId: 'p1', langId: 'de', sid: 's1' };
const JWT = makeJwt({ ...CLAIMS, exp: NOW / 1000 + 3600 });

const url = (path: string) => ORIGIN + path;

// Start-up must never leave a rejection nobody handles.
const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => void unhandled.push(reason));
test.after.each(async () => {
  await settle();
  assert.equal(unhandled.splice(0), [], 'no unhandled rejections');
});

function depsFor(fetch: StartupDeps['fetch'], overrides: Partial<StartupDeps> = {}) {
  const log = recordingLog();
  const local = overrides.local ?? memoryStorage();
  const deps: StartupDeps = {
    fetch,
    local,
    origin: ORIGIN,
    production: true,
    timeoutMs: 5000,
    log,
    now: () => NOW,
    cloudCheck: createCloudCheck(),
    resolveAuthType: createAuthTypeResolver({ fetch, local, origin: ORIGIN, timeoutMs: 5000 }),
    ...overrides,
  };
  return { deps, log };
}

/** Start-up with its updates and sign-in requests handed to the test. */
function runStartup(deps: StartupDeps, onUpdate: (update: StartupUpdate) => void = () => {}, onSignInRequired = () => {}) {
  return runWithEvents(deps, { onUpdate, onSignInRequired });
}

const storeWith = (entries: Record<string, string>): SafeStorage => {
  const local = memoryStorage();
  for (const [k, v] of Object.entries(entries)) local.set(k, v);
  return local;
};

const message = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

test('production secgw (probe 200 JSON): one ClientConfiguration request in the whole start-up', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/web/info/version'), { status: 200, body: { message: '1.229.0' } })
    .route(url('/api/web/info/cloudinstance'), 200);
  const { deps } = depsFor(fm.fetchHandler, { local: storeWith({ jwt: JWT }) });
  const result = await runStartup(deps);
  assert.equal(result, {
    authType: 'secgw',
    apiBase: '/api/web/',
    config: CONFIG,
    version: '1.229.0',
    isCloud: true,
    claims: CLAIMS,
    signInRequired: false,
  });
  const urls = fm.callHistory.calls().map((c) => c.url);
  assert.is(urls.filter((u) => u.endsWith('ClientConfiguration')).length, 1);
  assert.equal(urls.sort(), [
    url('/api/web/ClientConfiguration'),
    url('/api/web/info/cloudinstance'),
    url('/api/web/info/version'),
  ]);
  assert.is(deps.local.get('authType'), 'secgw');
  for (const call of fm.callHistory.calls()) {
    assert.is(call.options.credentials, 'include');
    assert.is(headerOf(call.options, 'authorization'), undefined);
  }
});

test('development build in secgw mode: the configuration comes from /api/ClientConfiguration', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), { status: 200, body: { displayName: 'gateway copy' } })
    .route(url('/api/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/info/version'), { status: 200, body: { message: 'dev' } })
    .route(url('/api/info/cloudinstance'), 404);
  const { deps } = depsFor(fm.fetchHandler, { production: false });
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, CONFIG);
  assert.is(result.isCloud, false);
  assert.is(result.claims, null);
});

test("probe 401 (secgw) in production: the 401 is the configuration's answer, not asked again", async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), 401)
    .route(url('/api/web/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/web/info/cloudinstance'), 404);
  const { deps } = depsFor(fm.fetchHandler);
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(result.signInRequired, true);
  assert.is(fm.callHistory.calls().filter((c) => c.url.endsWith('ClientConfiguration')).length, 1);
});

test('probe 401 (secgw) in a development build: the configuration is asked for under /api/', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), 401)
    .route(url('/api/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/info/cloudinstance'), 404);
  const { deps } = depsFor(fm.fetchHandler);
  const result = await runStartup({ ...deps, production: false });
  assert.is(result.authType, 'secgw');
  assert.equal(result.config, CONFIG);
  assert.is(result.signInRequired, false);
});

test('secgw and the configuration refused with 401: sign-in required, config false', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), 401)
    .route(url('/api/web/info/version'), 401)
    .route(url('/api/web/info/cloudinstance'), 401);
  const { deps } = depsFor(fm.fetchHandler);
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(result.signInRequired, true);
});

test('a remembered secgw mode whose session has ended: sign-in required', async () => {
  const { fetch } = scriptedFetch({ [url('/api/web/ClientConfiguration')]: answer(401) });
  const { deps } = depsFor(fetch, { local: storeWith({ authType: 'secgw' }) });
  assert.is((await runStartup(deps)).signInRequired, true);
});

test('a 401 in oracle or token mode is no gateway sign-in; other failures in secgw neither', async () => {
  for (const mode of ['oracle', 'token'] as const) {
    const { fetch } = scriptedFetch({ [url('/api/ClientConfiguration')]: answer(401) });
    const { deps } = depsFor(fetch, { local: storeWith({ authType: mode }) });
    assert.is((await runStartup(deps)).signInRequired, false, mode);
  }
  const { fetch } = scriptedFetch({ [url('/api/web/ClientConfiguration')]: answer(403) });
  const { deps } = depsFor(fetch, { local: storeWith({ authType: 'secgw' }) });
  assert.is((await runStartup(deps)).signInRequired, false, 'secgw 403');
});

test('oracle: API base /api/, no Authorization header even with tokens stored', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/info/cloudinstance'), 200);
  const { deps } = depsFor(fm.fetchHandler, { local: storeWith({ authType: 'oracle', jwt: JWT, devToken: 'dev' }) });
  const result = await runStartup(deps);
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, CONFIG);
  assert.is(fm.callHistory.calls().length, 3);
  for (const call of fm.callHistory.calls()) assert.is(headerOf(call.options, 'authorization'), undefined, call.url);
});

test('token mode found by the probe: the fallback body is the configuration; version and cloud carry the JWT', async () => {
  const tokenConfig = { ...CONFIG, authType: 'token' };
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), 404)
    .route(url('/api/ClientConfiguration'), { status: 200, body: tokenConfig })
    .route(url('/api/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/info/cloudinstance'), 200);
  const { deps } = depsFor(fm.fetchHandler, { local: storeWith({ jwt: JWT }) });
  const result = await runStartup(deps);
  assert.is(result.authType, 'token');
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, tokenConfig);
  const calls = fm.callHistory.calls();
  assert.is(calls.filter((c) => c.url.endsWith('ClientConfiguration')).length, 2, 'probe and fallback only');
  for (const c of calls.filter((c) => c.url.includes('/info/')))
    assert.is(headerOf(c.options, 'authorization'), `Bearer ${JWT}`, c.url);
});

test('remembered token mode: configuration, version and cloud all carry the development token', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/info/cloudinstance'), 200);
  const { deps } = depsFor(fm.fetchHandler, { local: storeWith({ authType: 'token', devToken: 'dev-123', jwt: JWT }) });
  await runStartup(deps);
  const calls = fm.callHistory.calls();
  assert.is(calls.length, 3);
  for (const c of calls) assert.is(headerOf(c.options, 'authorization'), 'Bearer dev-123', c.url);
});

test('updates arrive piece by piece: the mode first, claims last', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/web/info/version'), { status: 200, body: { message: '1.229.0' } })
    .route(url('/api/web/info/cloudinstance'), 200);
  const updates: StartupUpdate[] = [];
  const { deps } = depsFor(fm.fetchHandler, { local: storeWith({ jwt: JWT }) });
  await runStartup(deps, (u) => updates.push(u));
  assert.is(updates.length, 5);
  assert.equal(updates[0], { authType: 'secgw' });
  assert.equal(updates[4], { claims: CLAIMS });
  const middle = updates.slice(1, 4).sort((a, b) => Object.keys(a)[0]!.localeCompare(Object.keys(b)[0]!));
  assert.equal(middle, [{ config: CONFIG }, { isCloud: true }, { version: '1.229.0' }]);
});

test('version and cloud do not wait for the configuration', async () => {
  const heldConfig = deferred<Response>();
  const { fetch, urls } = scriptedFetch({
    [url('/api/ClientConfiguration')]: () => heldConfig.promise,
    [url('/api/info/version')]: answer(200, '{"message":"v9"}'),
    [url('/api/info/cloudinstance')]: answer(200),
  });
  const updates: StartupUpdate[] = [];
  const { deps } = depsFor(fetch, { local: storeWith({ authType: 'oracle' }) });
  const done = runStartup(deps, (u) => updates.push(u));
  await settle();
  assert.ok(urls().includes(url('/api/info/version')), 'version requested');
  assert.ok(urls().includes(url('/api/info/cloudinstance')), 'cloud requested');
  assert.equal(
    updates.slice(1).sort((a, b) => Object.keys(a)[0]!.localeCompare(Object.keys(b)[0]!)),
    [{ isCloud: true }, { version: 'v9' }],
  );
  heldConfig.resolve(answer(200, JSON.stringify(CONFIG)));
  assert.equal((await done).config, CONFIG);
});

test('every failure falls back: config false (status traced), version empty, not cloud (logged), claims null', async () => {
  const { fetch } = scriptedFetch({
    [url('/api/ClientConfiguration')]: answer(500),
    [url('/api/info/version')]: answer(500, '{"message":"boom"}'),
  });
  const { deps, log } = depsFor(fetch, { local: storeWith({ authType: 'oracle', jwt: 'not.a.jwt' }) });
  const result = await runStartup(deps);
  assert.equal(result, {
    authType: 'oracle',
    apiBase: '/api/',
    config: false,
    version: '',
    isCloud: false,
    claims: null,
    signInRequired: false,
  });
  assert.match(String(log.traces[0]), /500/);
  assert.is(log.errors.length, 1);
});

test('an expired JWT gives null claims', async () => {
  const { fetch } = scriptedFetch({});
  const expired = makeJwt({ ...CLAIMS, exp: NOW / 1000 - 60 });
  const { deps } = depsFor(fetch, { local: storeWith({ authType: 'oracle', jwt: expired }) });
  assert.is((await runStartup(deps)).claims, null);
});

test('hanging version and cloud calls time out to their fallbacks', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const { fetch } = scriptedFetch({
      [url('/api/ClientConfiguration')]: answer(200, JSON.stringify(CONFIG)),
      [url('/api/info/version')]: 'hang',
      [url('/api/info/cloudinstance')]: 'hang',
    });
    const { deps } = depsFor(fetch, { local: storeWith({ authType: 'oracle' }) });
    let result: unknown;
    void runStartup(deps).then((r) => (result = r));
    await settle();
    clock.tick(4999);
    await settle();
    assert.is(result, undefined);
    clock.tick(1);
    await settle();
    assert.equal(result, {
      authType: 'oracle',
      apiBase: '/api/',
      config: CONFIG,
      version: '',
      isCloud: false,
      claims: null,
      signInRequired: false,
    });
  } finally {
    clock.uninstall();
  }
});

test('a probe that rejects rejects start-up with its message; no update, no other call', async () => {
  const { fetch, urls } = scriptedFetch({ [url('/api/web/ClientConfiguration')]: answer(503) });
  const updates: StartupUpdate[] = [];
  const { deps } = depsFor(fetch);
  assert.is(await message(runStartup(deps, (u) => updates.push(u))), 'unhandled error case in getAuthTypeAsync status 503');
  assert.equal(updates, []);
  assert.equal(urls(), [url('/api/web/ClientConfiguration')]);
});

test('a network failure of the probe rejects start-up with status 0', async () => {
  const { fetch } = scriptedFetch({});
  const { deps } = depsFor(fetch);
  assert.is(await message(runStartup(deps)), 'unhandled error case in getAuthTypeAsync status 0');
});

test('storage that throws on every access: start-up goes on', async () => {
  const throwing = safeStorage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), { status: 200, body: CONFIG })
    .route(url('/api/web/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/web/info/cloudinstance'), 200);
  const { deps } = depsFor(fm.fetchHandler, { local: throwing });
  assert.equal(await runStartup(deps), {
    authType: 'secgw',
    apiBase: '/api/web/',
    config: CONFIG,
    version: 'v',
    isCloud: true,
    claims: null,
    signInRequired: false,
  });
});

test('missing storage: start-up goes on', async () => {
  const fm = fetchMock.createInstance();
  fm.route(url('/api/web/ClientConfiguration'), 404)
    .route(url('/api/ClientConfiguration'), { status: 200, body: { authType: 'token' } })
    .route(url('/api/info/version'), { status: 200, body: { message: 'v' } })
    .route(url('/api/info/cloudinstance'), 404);
  const { deps } = depsFor(fm.fetchHandler, { local: safeStorage(() => undefined) });
  const result = await runStartup(deps);
  assert.is(result.authType, 'token');
  assert.equal(result.config, { authType: 'token' });
  assert.is(result.claims, null);
  for (const c of fm.callHistory.calls()) assert.is(headerOf(c.options, 'authorization'), undefined);
});

test('start-ups sharing a resolver share one probe, and sharing a cloud check one cloud request', async () => {
  const heldProbe = deferred<Response>();
  const { fetch, urls } = scriptedFetch({
    [url('/api/web/ClientConfiguration')]: () => heldProbe.promise,
    [url('/api/ClientConfiguration')]: answer(404),
    [url('/api/info/version')]: answer(200, '{"message":"v"}'),
    [url('/api/info/cloudinstance')]: answer(200),
  });
  const local = memoryStorage();
  const resolveAuthType = createAuthTypeResolver({ fetch, local, origin: ORIGIN, timeoutMs: 5000 });
  const cloudCheck = createCloudCheck();
  const a = depsFor(fetch, { local, resolveAuthType, cloudCheck }).deps;
  const b = depsFor(fetch, { local, resolveAuthType, cloudCheck }).deps;
  const both = Promise.all([runStartup(a), runStartup(b)]);
  await settle();
  heldProbe.resolve(answer(404));
  const [ra, rb] = await both;
  assert.is(ra.authType, 'oracle');
  assert.equal(ra, rb);
  const count = (p: string) => urls().filter((u) => u === url(p)).length;
  assert.is(count('/api/web/ClientConfiguration'), 1);
  assert.is(count('/api/info/cloudinstance'), 1);
  assert.is(count('/api/info/version'), 2);
});

test('a retry after a rejected probe probes again and can succeed', async () => {
  let probes = 0;
  const { fetch } = scriptedFetch({
    [url('/api/web/ClientConfiguration')]: async () => answer(++probes === 1 ? 0 : 401),
  });
  const local = memoryStorage();
  const resolveAuthType = createAuthTypeResolver({ fetch, local, origin: ORIGIN, timeoutMs: 5000 });
  const { deps } = depsFor(fetch, { local, resolveAuthType });
  assert.is(await message(runStartup(deps)), 'unhandled error case in getAuthTypeAsync status 0');
  assert.is((await runStartup(deps)).authType, 'secgw');
  assert.is(probes, 2, "the probe, then the retry probe whose 401 is also the configuration's answer");
});

// ---- a remembered mode that proves wrong ----

test('a remembered secgw whose configuration answers 404 is forgotten, and the probe finds the mode the server plays', async () => {
  for (const plays of ['oracle', 'token'] as const) {
    const local = storeWith({ authType: 'secgw' });
    const { fetch, urls } = scriptedFetch({
      [url('/api/web/ClientConfiguration')]: answer(404),
      [url('/api/web/info/version')]: answer(404),
      [url('/api/web/info/cloudinstance')]: answer(404),
      [url('/api/ClientConfiguration')]: answer(200, JSON.stringify({ ...CONFIG, authType: plays })),
      [url('/api/info/version')]: answer(200, '{"message":"7.1"}'),
      [url('/api/info/cloudinstance')]: answer(404),
    });
    const { deps } = depsFor(fetch, { local });
    const updates: StartupUpdate[] = [];
    const result = await runStartup(deps, (u) => updates.push(u));
    assert.is(result.authType, plays, plays);
    assert.equal(result.config, { ...CONFIG, authType: plays });
    assert.is(result.version, '7.1');
    assert.is(local.get('authType'), plays, 'the new mode is remembered');
    assert.equal(
      updates.filter((u) => 'authType' in u).map((u) => u.authType),
      ['secgw', plays],
      'the UI hears of both',
    );
    // The remembered round, then one probe: the gateway path twice (its call, then the probe), the development path once more.
    assert.is(urls().filter((u) => u === url('/api/web/ClientConfiguration')).length, 2);
  }
});

test('the re-probe happens once per start: a fresh probe whose configuration answers 404 is final', async () => {
  // A development build under the gateway: the probe says secgw, the configuration lives under /api/, which is missing.
  const { fetch, urls } = scriptedFetch({
    [url('/api/web/ClientConfiguration')]: answer(401),
    [url('/api/ClientConfiguration')]: answer(404),
    [url('/api/info/version')]: answer(404),
    [url('/api/info/cloudinstance')]: answer(404),
  });
  const { deps } = depsFor(fetch, { production: false });
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(urls().filter((u) => u.endsWith('ClientConfiguration')).length, 2, 'the probe and the configuration, nothing more');
});

test('a remembered mode whose configuration fails otherwise (500) is kept: only a 404 says the mode is wrong', async () => {
  const local = storeWith({ authType: 'oracle' });
  const { fetch, urls } = scriptedFetch({ [url('/api/ClientConfiguration')]: answer(500) });
  const { deps } = depsFor(fetch, { local });
  const result = await runStartup(deps);
  assert.is(result.authType, 'oracle');
  assert.is(local.get('authType'), 'oracle');
  assert.not.ok(urls().includes(url('/api/web/ClientConfiguration')), 'no probe');
});

// ---- asking for a sign-in promptly ----

test("the gateway's 401 asks for a sign-in as soon as it arrives, before the version and cloud calls answer", async () => {
  const version = deferred<Response>();
  const cloud = deferred<Response>();
  const { fetch } = scriptedFetch({
    [url('/api/web/ClientConfiguration')]: answer(401),
    [url('/api/web/info/version')]: () => version.promise,
    [url('/api/web/info/cloudinstance')]: () => cloud.promise,
  });
  const { deps } = depsFor(fetch, { local: storeWith({ authType: 'secgw' }) });
  let asked = 0;
  let finished = false;
  const done = runStartup(
    deps,
    () => {},
    () => asked++,
  ).then((result) => {
    finished = true;
    return result;
  });
  await settle();
  assert.is(asked, 1, 'asked while version and cloud are still out');
  assert.is(finished, false);
  version.resolve(answer(401));
  cloud.resolve(answer(401));
  assert.is((await done).signInRequired, true);
  assert.is(asked, 1, 'asked once');
});

test("loadConfiguration (start-up and reload): the mode's base and headers; only the gateway's 401 asks for a sign-in", async () => {
  const answers = () =>
    scriptedFetch({
      [url('/api/web/ClientConfiguration')]: answer(401, ''),
      [url('/api/ClientConfiguration')]: answer(401, ''),
    });
  const secgw = answers();
  const refused = await loadConfiguration(depsFor(secgw.fetch).deps, 'secgw');
  assert.equal(refused, { config: false, status: 401, signInRequired: true });
  assert.equal(secgw.urls(), [url('/api/web/ClientConfiguration')]);
  const oracle = answers();
  assert.equal(await loadConfiguration(depsFor(oracle.fetch).deps, 'oracle'), {
    config: false,
    status: 401,
    signInRequired: false,
  });
  assert.equal(oracle.urls(), [url('/api/ClientConfiguration')]);
  const token = scriptedFetch({ [url('/api/ClientConfiguration')]: answer(200, JSON.stringify(CONFIG)) });
  const loaded = await loadConfiguration(depsFor(token.fetch, { local: storeWith({ devToken: 'dev-123' }) }).deps, 'token');
  assert.equal(loaded, { config: CONFIG, status: 200, signInRequired: false });
  assert.is(headerOf(token.calls[0]!.init, 'authorization'), 'Bearer dev-123');
});

test.run();

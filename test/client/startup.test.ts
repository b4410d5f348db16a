import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck } from '../../src/api/info';
import { createAuthTypeResolver } from '../../src/auth/probe';
import { type SafeStorage, safeStorage } from '../../src/browser/storage';
import { loadConfiguration, type StartupDeps } from '../../src/client/startup';
import type { StartupUpdate } from '../../src/state/clientState';
import {
  createProductServer,
  DEFAULT_CONFIGURATION,
  makeJwt,
  type ProductServer,
  type ProductServerOptions,
  type RouteAnswer,
} from '../../src/testing';
import { deferred, memoryStorage, noAnswer, ORIGIN, recordingLog, settle, startupFacts, urlsAsked } from '../fakes';

const NOW = Date.UTC(2025, 0, 1);
const CONFIG = { configurationItemName: 'ACME', displayName: 'Acme Corp' };
const VERSION = '7.4.2 (server build 318)';
const CLAIMS = { userId: 'Jürgen', authUserId: 'u1', profileId: 'p1', langId: 'de', sid: 's1' };
const JWT = makeJwt({ ...CLAIMS, exp: NOW / 1000 + 3600 });

const url = (path: string) => ORIGIN + path;
/** The configuration a server playing `auth` hands out: the fake's default with ours over it. */
const served = (auth: string) => ({ ...DEFAULT_CONFIGURATION, ...CONFIG, authType: auth });
const product = (options: ProductServerOptions = {}) => createProductServer({ config: CONFIG, version: VERSION, ...options });

// Start-up must never leave a rejection nobody handles.
const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => void unhandled.push(reason));
test.after.each(async () => {
  await settle();
  assert.equal(unhandled.splice(0), [], 'no unhandled rejections');
});

function depsFor(server: ProductServer, overrides: Partial<StartupDeps> = {}) {
  const log = recordingLog();
  const local = overrides.local ?? memoryStorage();
  const deps: StartupDeps = {
    fetch: server.fetch,
    local: local,
    origin: ORIGIN,
    production: true,
    timeoutMs: 5000,
    log: log,
    now: () => NOW,
    cloudCheck: createCloudCheck(),
    resolveAuthType: createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: 5000 }),
    ...overrides,
  };
  return { deps, log };
}

/** Start-up with its updates and sign-in requests handed to the test. */
const runStartup = (deps: StartupDeps, onUpdate: (update: StartupUpdate) => void = () => {}, onSignInRequired = () => {}) =>
  startupFacts(deps, { onUpdate: onUpdate, onSignInRequired: onSignInRequired });

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

const count = (server: ProductServer, path: string) => urlsAsked(server).filter((u) => u === url(path)).length;
const configurationRequests = (server: ProductServer) => server.requests.filter((r) => r.path.endsWith('ClientConfiguration'));
/** Updates of one fact each, sorted by the fact's name (they arrive in any order). */
const byFact = (updates: StartupUpdate[]) => [...updates].sort((a, b) => Object.keys(a)[0]!.localeCompare(Object.keys(b)[0]!));

test('production secgw (probe 200 JSON): one ClientConfiguration request in the whole start-up', async () => {
  const server = product({ auth: 'secgw', cloud: true });
  const { deps } = depsFor(server, { local: storeWith({ jwt: JWT }) });
  const result = await runStartup(deps);
  assert.equal(result, {
    authType: 'secgw',
    apiBase: '/api/web/',
    config: served('secgw'),
    version: VERSION,
    isCloud: true,
    claims: CLAIMS,
    signInRequired: false,
  });
  assert.is(configurationRequests(server).length, 1);
  assert.equal(urlsAsked(server).sort(), [
    url('/api/web/ClientConfiguration'),
    url('/api/web/info/cloudinstance'),
    url('/api/web/info/version'),
  ]);
  assert.is(deps.local.get('authType'), 'secgw');
  for (const request of server.requests) {
    assert.is(request.credentials, 'include');
    assert.is(request.headers.authorization, undefined);
  }
});

test('development build in secgw mode: the configuration comes from /api/ClientConfiguration', async () => {
  const server = product({
    auth: 'secgw',
    routes: { 'GET /api/ClientConfiguration': { status: 200, body: { displayName: 'development copy' } } },
  });
  const { deps } = depsFor(server, { production: false });
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, { displayName: 'development copy' });
  assert.is(result.isCloud, false);
  assert.is(result.claims, null);
});

test("probe 401 (secgw) in production: the 401 is the configuration's answer, not asked again", async () => {
  const server = product({ auth: 'secgw', signedIn: false });
  const { deps } = depsFor(server);
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(result.signInRequired, true);
  assert.is(configurationRequests(server).length, 1);
});

test('probe 401 (secgw) in a development build: the configuration is asked for under /api/', async () => {
  const server = product({ auth: 'secgw', routes: { 'GET /api/web/ClientConfiguration': { status: 401 } } });
  const { deps } = depsFor(server);
  const result = await runStartup({ ...deps, production: false });
  assert.is(result.authType, 'secgw');
  assert.equal(result.config, served('secgw'));
  assert.is(result.signInRequired, false);
  assert.is(count(server, '/api/ClientConfiguration'), 1);
});

test('secgw and every call refused with 401: sign-in required, config false, no version, not cloud', async () => {
  const server = product({
    auth: 'secgw',
    signedIn: false,
    cloud: true,
    routes: { 'GET /api/web/info/version': { status: 401 }, 'GET /api/web/info/cloudinstance': { status: 401 } },
  });
  const { deps } = depsFor(server);
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(result.signInRequired, true);
  assert.equal([result.version, result.isCloud], ['', false]);
});

test('a remembered secgw mode whose session has ended: sign-in required', async () => {
  const { deps } = depsFor(product({ auth: 'secgw', signedIn: false }), { local: storeWith({ authType: 'secgw' }) });
  assert.is((await runStartup(deps)).signInRequired, true);
});

test('a 401 in oracle or token mode is no gateway sign-in; other failures in secgw neither', async () => {
  for (const mode of ['oracle', 'token'] as const) {
    const server = product({ auth: mode, routes: { 'GET /api/ClientConfiguration': { status: 401 } } });
    const { deps } = depsFor(server, { local: storeWith({ authType: mode }) });
    assert.is((await runStartup(deps)).signInRequired, false, mode);
  }
  const server = product({ auth: 'secgw', routes: { 'GET /api/web/ClientConfiguration': { status: 403 } } });
  const { deps } = depsFor(server, { local: storeWith({ authType: 'secgw' }) });
  assert.is((await runStartup(deps)).signInRequired, false, 'secgw 403');
});

test('oracle: API base /api/, no Authorization header even with tokens stored', async () => {
  const server = product({ auth: 'oracle' });
  const { deps } = depsFor(server, { local: storeWith({ authType: 'oracle', jwt: JWT, devToken: 'dev' }) });
  const result = await runStartup(deps);
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, served('oracle'));
  assert.is(server.requests.length, 3);
  for (const request of server.requests) assert.is(request.headers.authorization, undefined, request.path);
});

test('token mode found by the probe: the fallback body is the configuration; version and cloud carry the JWT', async () => {
  const server = product({ auth: 'token', cloud: true });
  const { deps } = depsFor(server, { local: storeWith({ jwt: JWT }) });
  const result = await runStartup(deps);
  assert.is(result.authType, 'token');
  assert.is(result.apiBase, '/api/');
  assert.equal(result.config, served('token'));
  assert.is(configurationRequests(server).length, 2, 'probe and fallback only');
  for (const request of server.requests.filter((r) => r.path.includes('/info/')))
    assert.is(request.headers.authorization, `Bearer ${JWT}`, request.path);
});

test('remembered token mode: configuration, version and cloud all carry the development token', async () => {
  const server = product({ auth: 'token' });
  const { deps } = depsFor(server, { local: storeWith({ authType: 'token', devToken: 'dev-123', jwt: JWT }) });
  await runStartup(deps);
  assert.is(server.requests.length, 3);
  for (const request of server.requests) assert.is(request.headers.authorization, 'Bearer dev-123', request.path);
});

test('updates arrive piece by piece: the mode first, then the calls, then word that they are done (the claims are read then)', async () => {
  const events: (StartupUpdate | 'calls done')[] = [];
  const { deps } = depsFor(product({ auth: 'secgw', cloud: true }), { local: storeWith({ jwt: JWT }) });
  const facts = await startupFacts(deps, { onUpdate: (u) => events.push(u), onCallsDone: () => events.push('calls done') });
  assert.is(events.length, 5);
  assert.equal(events[0], { authType: 'secgw' });
  assert.is(events[4], 'calls done');
  assert.equal(byFact(events.slice(1, 4) as StartupUpdate[]), [
    { config: served('secgw') },
    { isCloud: true },
    { version: VERSION },
  ]);
  assert.equal(facts.claims, CLAIMS);
});

test('version and cloud do not wait for the configuration', async () => {
  const heldConfig = deferred<RouteAnswer>();
  const server = product({
    auth: 'oracle',
    version: 'v9',
    cloud: true,
    routes: { 'GET /api/ClientConfiguration': () => heldConfig.promise },
  });
  const updates: StartupUpdate[] = [];
  const { deps } = depsFor(server, { local: storeWith({ authType: 'oracle' }) });
  const done = runStartup(deps, (u) => updates.push(u));
  await settle();
  assert.ok(urlsAsked(server).includes(url('/api/info/version')), 'version requested');
  assert.ok(urlsAsked(server).includes(url('/api/info/cloudinstance')), 'cloud requested');
  assert.equal(byFact(updates.slice(1)), [{ isCloud: true }, { version: 'v9' }]);
  heldConfig.resolve({ status: 200, body: CONFIG });
  assert.equal((await done).config, CONFIG);
});

test('every failure falls back: config false (status traced), version empty, not cloud (logged), claims null', async () => {
  const server = product({
    auth: 'oracle',
    routes: {
      'GET /api/ClientConfiguration': { status: 500 },
      'GET /api/info/version': { status: 500, body: { message: 'boom' } },
      'GET /api/info/cloudinstance': { status: 0 },
    },
  });
  const { deps, log } = depsFor(server, { local: storeWith({ authType: 'oracle', jwt: 'not.a.jwt' }) });
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
  const expired = makeJwt({ ...CLAIMS, exp: NOW / 1000 - 60 });
  const { deps } = depsFor(product({ auth: 'oracle' }), { local: storeWith({ authType: 'oracle', jwt: expired }) });
  assert.is((await runStartup(deps)).claims, null);
});

test('hanging version and cloud calls time out to their fallbacks', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const server = product({
      auth: 'oracle',
      cloud: true,
      routes: { 'GET /api/info/version': noAnswer, 'GET /api/info/cloudinstance': noAnswer },
    });
    const { deps } = depsFor(server, { local: storeWith({ authType: 'oracle' }) });
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
      config: served('oracle'),
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
  const server = product({ routes: { 'GET /api/web/ClientConfiguration': { status: 503 } } });
  const updates: StartupUpdate[] = [];
  const { deps } = depsFor(server);
  assert.is(await message(runStartup(deps, (u) => updates.push(u))), 'unhandled error case in getAuthTypeAsync status 503');
  assert.equal(updates, []);
  assert.equal(urlsAsked(server), [url('/api/web/ClientConfiguration')]);
});

test('a network failure of the probe rejects start-up with status 0', async () => {
  const { deps } = depsFor(product({ routes: { 'GET /api/web/ClientConfiguration': { status: 0 } } }));
  assert.is(await message(runStartup(deps)), 'unhandled error case in getAuthTypeAsync status 0');
});

test('storage that throws on every access: start-up goes on', async () => {
  const throwing = safeStorage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  const { deps } = depsFor(product({ auth: 'secgw', cloud: true }), { local: throwing });
  assert.equal(await runStartup(deps), {
    authType: 'secgw',
    apiBase: '/api/web/',
    config: served('secgw'),
    version: VERSION,
    isCloud: true,
    claims: null,
    signInRequired: false,
  });
});

test('missing storage: start-up goes on', async () => {
  const server = product({ auth: 'token' });
  const { deps } = depsFor(server, { local: safeStorage(() => undefined) });
  const result = await runStartup(deps);
  assert.is(result.authType, 'token');
  assert.equal(result.config, served('token'));
  assert.is(result.claims, null);
  for (const request of server.requests) assert.is(request.headers.authorization, undefined, request.path);
});

test('start-ups sharing a resolver share one probe, and sharing a cloud check one cloud request', async () => {
  const heldProbe = deferred<RouteAnswer>();
  const server = product({
    auth: 'oracle',
    cloud: true,
    routes: { 'GET /api/web/ClientConfiguration': () => heldProbe.promise },
  });
  const local = memoryStorage();
  const resolveAuthType = createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: 5000 });
  const cloudCheck = createCloudCheck();
  const a = depsFor(server, { local: local, resolveAuthType: resolveAuthType, cloudCheck: cloudCheck }).deps;
  const b = depsFor(server, { local: local, resolveAuthType: resolveAuthType, cloudCheck: cloudCheck }).deps;
  const both = Promise.all([runStartup(a), runStartup(b)]);
  await settle();
  heldProbe.resolve({ status: 404 });
  const [ra, rb] = await both;
  assert.is(ra.authType, 'oracle');
  assert.equal(ra, rb);
  assert.is(count(server, '/api/web/ClientConfiguration'), 1);
  assert.is(count(server, '/api/info/cloudinstance'), 1);
  assert.is(count(server, '/api/info/version'), 2);
});

test('a retry after a rejected probe probes again and can succeed', async () => {
  let probes = 0;
  const server = product({
    auth: 'secgw',
    routes: { 'GET /api/web/ClientConfiguration': () => ({ status: ++probes === 1 ? 0 : 401 }) },
  });
  const { deps } = depsFor(server);
  assert.is(await message(runStartup(deps)), 'unhandled error case in getAuthTypeAsync status 0');
  assert.is((await runStartup(deps)).authType, 'secgw');
  assert.is(probes, 2, "the probe, then the retry probe whose 401 is also the configuration's answer");
});

// ---- a remembered mode that proves wrong ----

test('a remembered secgw whose configuration answers 404 is forgotten, and the probe finds the mode the server plays', async () => {
  for (const plays of ['oracle', 'token'] as const) {
    const local = storeWith({ authType: 'secgw' });
    const server = product({ auth: plays, version: '7.1' });
    const { deps } = depsFor(server, { local: local });
    const updates: StartupUpdate[] = [];
    const result = await runStartup(deps, (u) => updates.push(u));
    assert.is(result.authType, plays, plays);
    assert.equal(result.config, served(plays));
    assert.is(result.version, '7.1');
    assert.is(local.get('authType'), plays, 'the new mode is remembered');
    assert.equal(
      updates.filter((u) => 'authType' in u).map((u) => u.authType),
      ['secgw', plays],
      'the UI hears of both',
    );
    // The remembered round, then one probe: the gateway path twice (its call, then the probe), the development path once more.
    assert.is(count(server, '/api/web/ClientConfiguration'), 2);
  }
});

test('the re-probe happens once per start: a fresh probe whose configuration answers 404 is final', async () => {
  // A development build under the gateway: the probe says secgw, the configuration lives under /api/, which is missing.
  const server = product({
    auth: 'secgw',
    routes: { 'GET /api/web/ClientConfiguration': { status: 401 }, 'GET /api/ClientConfiguration': { status: 404 } },
  });
  const { deps } = depsFor(server, { production: false });
  const result = await runStartup(deps);
  assert.is(result.authType, 'secgw');
  assert.is(result.config, false);
  assert.is(configurationRequests(server).length, 2, 'the probe and the configuration, nothing more');
});

test('a remembered mode whose configuration fails otherwise (500) is kept: only a 404 says the mode is wrong', async () => {
  const local = storeWith({ authType: 'oracle' });
  const server = product({ auth: 'oracle', routes: { 'GET /api/ClientConfiguration': { status: 500 } } });
  const { deps } = depsFor(server, { local: local });
  const result = await runStartup(deps);
  assert.is(result.authType, 'oracle');
  assert.is(local.get('authType'), 'oracle');
  assert.is(count(server, '/api/web/ClientConfiguration'), 0, 'no probe');
});

// ---- asking for a sign-in promptly ----

test("the gateway's 401 asks for a sign-in as soon as it arrives, before the version and cloud calls answer", async () => {
  const version = deferred<RouteAnswer>();
  const cloud = deferred<RouteAnswer>();
  const server = product({
    auth: 'secgw',
    signedIn: false,
    routes: { 'GET /api/web/info/version': () => version.promise, 'GET /api/web/info/cloudinstance': () => cloud.promise },
  });
  const { deps } = depsFor(server, { local: storeWith({ authType: 'secgw' }) });
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
  version.resolve({ status: 401 });
  cloud.resolve({ status: 401 });
  assert.is((await done).signInRequired, true);
  assert.is(asked, 1, 'asked once');
});

test("loadConfiguration (start-up and reload): the mode's base and headers; only the gateway's 401 asks for a sign-in", async () => {
  // A gateway without a session refuses the configuration on both bases.
  const secgw = product({ auth: 'secgw', signedIn: false });
  const refused = await loadConfiguration(depsFor(secgw).deps, 'secgw');
  assert.equal(refused, { config: false, status: 401, signInRequired: true });
  assert.equal(urlsAsked(secgw), [url('/api/web/ClientConfiguration')]);
  const oracle = product({ auth: 'secgw', signedIn: false });
  assert.equal(await loadConfiguration(depsFor(oracle).deps, 'oracle'), {
    config: false,
    status: 401,
    signInRequired: false,
  });
  assert.equal(urlsAsked(oracle), [url('/api/ClientConfiguration')]);
  const token = product({ auth: 'token' });
  const loaded = await loadConfiguration(depsFor(token, { local: storeWith({ devToken: 'dev-123' }) }).deps, 'token');
  assert.equal(loaded, { config: served('token'), status: 200, signInRequired: false });
  assert.is(token.requests[0]?.headers.authorization, 'Bearer dev-123');
});

// ---- a page that preloads the probe's URL (docs/preload.md) ----

/** Runs `fn` while Resource Timing says the page preloaded `urls` (entries of initiator `link`). */
async function withPreloaded<T>(urls: string[], fn: () => Promise<T>): Promise<T> {
  const original = performance.getEntriesByName;
  performance.getEntriesByName = (name: string) =>
    urls.includes(name) ? [{ name, initiatorType: 'link' } as unknown as PerformanceEntry] : [];
  try {
    return await fn();
  } finally {
    performance.getEntriesByName = original;
  }
}

test('a remembered oracle or token mode takes the preloaded probe answer, so that the browser does not warn it went unused', async () => {
  for (const mode of ['oracle', 'token'] as const) {
    const server = product({ auth: mode });
    const { deps } = depsFor(server, { local: storeWith({ authType: mode }) });
    const result = await withPreloaded([url('/api/web/ClientConfiguration')], () => runStartup(deps));
    assert.is(result.authType, mode, 'the remembered mode is used as is');
    await settle();
    assert.is(count(server, '/api/web/ClientConfiguration'), 1, `${mode}: the preload taken`);
    assert.is(server.requests.find((r) => r.path === '/api/web/ClientConfiguration')?.headers.authorization, undefined);
  }
});

test('a remembered mode without a preload of the probe asks nothing more, and a remembered gateway asks that URL once', async () => {
  const oracle = product({ auth: 'oracle' });
  await runStartup(depsFor(oracle, { local: storeWith({ authType: 'oracle' }) }).deps);
  await settle();
  assert.is(count(oracle, '/api/web/ClientConfiguration'), 0, 'no preload: no probe');
  const secgw = product({ auth: 'secgw' });
  const { deps } = depsFor(secgw, { local: storeWith({ authType: 'secgw' }) });
  await withPreloaded([url('/api/web/ClientConfiguration')], () => runStartup(deps));
  await settle();
  assert.is(count(secgw, '/api/web/ClientConfiguration'), 1, 'its configuration call is the preload taken');
});

test.run();

import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAuthType } from '../../src/auth/authType';
import {
  createAuthTypeResolver,
  decideFallbackProbe,
  decideWebProbe,
  type ResolvedAuthType,
  rememberedAuthType,
} from '../../src/auth/probe';
import { statusOf } from '../../src/browser/http';
import { type SafeStorage, safeStorage } from '../../src/browser/storage';
import {
  createProductServer,
  DEFAULT_CONFIGURATION,
  type ProductServerOptions,
  type Route,
  type RouteAnswer,
} from '../../src/testing';
import { deferred, informationalResponse, memoryStorage, noAnswer, ORIGIN, settle, urlsAsked } from '../fakes';

const WEB = `${ORIGIN}/api/web/ClientConfiguration`;
const DEV = `${ORIGIN}/api/ClientConfiguration`;
const CONFIG = { configurationItemName: 'ACME', displayName: 'Acme' };
/** The configuration a server playing `auth` hands out: the fake's default with ours over it. */
const served = (auth: string) => ({ ...DEFAULT_CONFIGURATION, ...CONFIG, authType: auth });

/**
 * The authType as start-up asks for it (the remembered one, else the resolver's probe) from a
 * product server that plays `options`, with the storage it writes.
 */
function probing(options: ProductServerOptions, local: SafeStorage = memoryStorage()) {
  const server = createProductServer({ config: CONFIG, ...options });
  const resolver = createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: 5000 });
  const resolve = (): Promise<ResolvedAuthType> => {
    const remembered = rememberedAuthType(local);
    return remembered ? Promise.resolve(remembered) : resolver();
  };
  return { resolve, local, server, urls: () => urlsAsked(server) };
}

/** The gateway path's answer replaced by `answer`. */
const webAnswers = (answer: Route): ProductServerOptions => ({
  routes: { 'GET /api/web/ClientConfiguration': answer },
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof Error ? e.message : `not an Error: ${String(e)}`),
  );

const unhandled = (n: number) => `unhandled error case in getAuthTypeAsync status ${n}`;

// ---- the pure decisions ----

test('isAuthType accepts exactly the three modes', () => {
  for (const v of ['oracle', 'secgw', 'token']) assert.ok(isAuthType(v), v);
  for (const v of ['', 'Oracle', 'SECGW', 'basic', null, undefined, 1]) assert.not.ok(isAuthType(v), String(v));
});

test('decideWebProbe: 200 JSON → secgw; 200 not JSON → oracle; 401 → secgw; 404 → ask the fallback', () => {
  assert.is(decideWebProbe(200, true), 'secgw');
  assert.is(decideWebProbe(200, false), 'oracle');
  assert.is(decideWebProbe(401, false), 'secgw');
  assert.is(decideWebProbe(401, true), 'secgw');
  assert.is(decideWebProbe(404, true), null);
});

test('decideWebProbe: any other status throws the exact rejection', () => {
  for (const n of [0, 100, 199, 201, 204, 301, 302, 400, 403, 405, 500, 503, 599]) {
    assert.throws(
      () => decideWebProbe(n, true),
      (e: Error) => e.message === unhandled(n),
      String(n),
    );
  }
});

test('decideFallbackProbe: only a 200 JSON body saying token gives token', () => {
  const f = (status: number, isJson: boolean, json: unknown) =>
    decideFallbackProbe({ tag: 'answer', status, json: isJson ? { value: json } : null, retryAfter: null });
  assert.is(f(200, true, { authType: 'token' }), 'token');
  assert.is(f(200, true, { authType: 'secgw' }), 'oracle');
  assert.is(f(200, true, {}), 'oracle');
  assert.is(f(200, true, null), 'oracle');
  assert.is(f(200, true, 'token'), 'oracle');
  assert.is(f(200, false, undefined), 'oracle');
  assert.is(f(201, true, { authType: 'token' }), 'oracle');
  assert.is(f(404, true, { authType: 'token' }), 'oracle');
  assert.is(decideFallbackProbe({ tag: 'noAnswer', reason: 'timedOut' }), 'oracle');
});

test('decideFallbackProbe: silence the page leaving (or an abort) caused decides nothing: it rejects as status 0', () => {
  const cut = (why: 'pageLeaving' | 'aborted') => decideFallbackProbe({ tag: 'noAnswer', reason: why });
  assert.throws(() => cut('pageLeaving'), /unhandled error case in getAuthTypeAsync status 0$/);
  assert.throws(() => cut('aborted'), /status 0$/);
  const failed = { tag: 'noAnswer' as const, reason: 'failed' as const };
  assert.is(decideFallbackProbe(failed), 'oracle', 'a failure while the page stays is still oracle');
});

test('a remembered mode is used as is: no request', async () => {
  for (const mode of ['oracle', 'secgw', 'token'] as const) {
    const local = memoryStorage();
    local.set('authType', mode);
    const { resolve, urls } = probing({ auth: 'secgw' }, local);
    assert.equal(await resolve(), { authType: mode });
    assert.equal(urls(), []);
  }
});

test('any other stored value is removed, then the probe runs', async () => {
  for (const bad of ['', 'basic', 'SECGW', 'null']) {
    const local = memoryStorage();
    local.set('authType', bad);
    let seenDuringProbe: string | null = 'unset';
    const { resolve } = probing(
      webAnswers(() => {
        seenDuringProbe = local.get('authType');
        return { status: 401 };
      }),
      local,
    );
    assert.is((await resolve()).authType, 'secgw');
    assert.is(seenDuringProbe, null, `"${bad}" removed before probing`);
    assert.is(local.get('authType'), 'secgw');
  }
});

// ---- one test per row of the probe table ----

test('200 with a JSON body → secgw, the body handed on as the configuration, stored', async () => {
  const { resolve, local, urls } = probing({ auth: 'secgw' });
  const result = await resolve();
  assert.equal(result, {
    authType: 'secgw',
    prefetched: { url: WEB, result: { tag: 'answer', status: 200, json: { value: served('secgw') }, retryAfter: null } },
  });
  assert.equal(urls(), [WEB]);
  assert.is(local.get('authType'), 'secgw');
});

test('200 with an HTML body → oracle, stored, no second request', async () => {
  const page = { status: 200, body: '<!doctype html><title>Sign in</title>', headers: { 'Content-Type': 'text/html' } };
  const { resolve, local, urls } = probing(webAnswers(page));
  assert.is((await resolve()).authType, 'oracle');
  assert.equal(urls(), [WEB]);
  assert.is(local.get('authType'), 'oracle');
});

test('200 with an empty body → oracle', async () => {
  const { resolve, local } = probing(webAnswers({ status: 200, body: '' }));
  assert.is((await resolve()).authType, 'oracle');
  assert.is(local.get('authType'), 'oracle');
});

test("401 → secgw, stored, the 401 handed on as the configuration's answer", async () => {
  const { resolve, local, urls } = probing({ auth: 'secgw', signedIn: false });
  const result = await resolve();
  assert.is(result.authType, 'secgw');
  assert.is(result.prefetched?.url, WEB);
  assert.is(result.prefetched && statusOf(result.prefetched.result), 401);
  assert.equal(urls(), [WEB]);
  assert.is(local.get('authType'), 'secgw');
});

test('404 then a 200 JSON body with authType token → token, that body handed on, stored', async () => {
  const { resolve, local, urls } = probing({ auth: 'token' });
  assert.equal(await resolve(), {
    authType: 'token',
    prefetched: { url: DEV, result: { tag: 'answer', status: 200, json: { value: served('token') }, retryAfter: null } },
  });
  assert.equal(urls(), [WEB, DEV]);
  assert.is(local.get('authType'), 'token');
});

test('404 then any other answer → oracle, stored', async () => {
  // null: the answer of a server playing oracle, its configuration saying so.
  const answers: Record<string, RouteAnswer | null> = {
    "an oracle server's configuration": null,
    'another authType': { status: 200, body: { authType: 'secgw' } },
    'no authType': { status: 200, body: {} },
    'authType token in a non-200': { status: 500, body: { authType: 'token' } },
    'authType token in a 201': { status: 201, body: { authType: 'token' } },
    'a 404': { status: 404 },
    'a 401': { status: 401 },
    'an HTML page': { status: 200, body: '<html>token</html>' },
    'the string "token"': { status: 200, body: '"token"' },
    null: { status: 200, body: 'null' },
    'a network failure': { status: 0 },
  };
  for (const [label, second] of Object.entries(answers)) {
    const { resolve, local, urls } = probing({
      auth: 'oracle',
      routes: second ? { 'GET /api/ClientConfiguration': second } : {},
    });
    assert.is((await resolve()).authType, 'oracle', label);
    assert.equal(urls(), [WEB, DEV], label);
    assert.is(local.get('authType'), 'oracle', label);
  }
});

test('404 then a fallback that never answers → oracle once the timeout passes', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const { resolve } = probing({ auth: 'token', routes: { 'GET /api/ClientConfiguration': noAnswer } });
    let result: ResolvedAuthType | undefined;
    void resolve().then((r) => (result = r));
    await settle();
    clock.tick(5000);
    await settle();
    assert.is(result?.authType, 'oracle');
  } finally {
    clock.uninstall();
  }
});

// ---- the unhandled statuses ----

test('every status from 400 to 599 but 401 and 404 rejects with its exact message, and nothing is stored', async () => {
  const wrong: string[] = [];
  for (let n = 400; n <= 599; n++) {
    if (n === 401 || n === 404) continue;
    const { resolve, local } = probing(webAnswers({ status: n, body: { authType: 'token' } }));
    const message = await rejection(resolve());
    if (message !== unhandled(n)) wrong.push(`${n}: ${message}`);
    if (local.get('authType') !== null) wrong.push(`${n}: stored ${local.get('authType')}`);
  }
  assert.equal(wrong, []);
});

test('2xx other than 200 and 3xx statuses are unhandled too, a JSON body or none', async () => {
  const wrong: string[] = [];
  for (let n = 201; n <= 399; n++) {
    const { resolve, local } = probing(webAnswers({ status: n, body: served('secgw') }));
    const message = await rejection(resolve());
    if (message !== unhandled(n)) wrong.push(`${n}: ${message}`);
    if (local.get('authType') !== null) wrong.push(`${n}: stored ${local.get('authType')}`);
  }
  assert.equal(wrong, []);
});

test('1xx statuses (handed back by a fetch wrapper) are unhandled too', async () => {
  const wrong: string[] = [];
  for (let n = 100; n <= 199; n++) {
    const local = memoryStorage();
    const fetch = async () => informationalResponse(n, JSON.stringify(CONFIG));
    const resolve = createAuthTypeResolver({ fetch: fetch, local: local, origin: ORIGIN, timeoutMs: 5000 });
    const message = await rejection(resolve());
    if (message !== unhandled(n)) wrong.push(`${n}: ${message}`);
    if (local.get('authType') !== null) wrong.push(`${n}: stored ${local.get('authType')}`);
  }
  assert.equal(wrong, []);
});

test('a network failure rejects as status 0', async () => {
  const { resolve, local } = probing(webAnswers({ status: 0 }));
  assert.is(await rejection(resolve()), unhandled(0));
  assert.is(local.get('authType'), null);
});

test('a probe that never answers rejects as status 0 when the timeout passes', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const { resolve } = probing(webAnswers(noAnswer));
    let message = 'pending';
    void rejection(resolve()).then((m) => (message = m));
    await settle();
    clock.tick(4999);
    await settle();
    assert.is(message, 'pending');
    clock.tick(1);
    await settle();
    assert.is(message, unhandled(0));
  } finally {
    clock.uninstall();
  }
});

test('the probe requests carry credentials and go to the origin given', async () => {
  const { resolve, server } = probing({ auth: 'oracle' });
  await resolve();
  assert.equal(
    server.requests.map((r) => [r.origin + r.path, r.credentials, r.method]),
    [
      [WEB, 'include', 'GET'],
      [DEV, 'include', 'GET'],
    ],
  );
});

// ---- sharing and retrying ----

test('concurrent callers share one probe', async () => {
  const held = deferred<RouteAnswer>();
  const { resolve, urls } = probing(webAnswers(() => held.promise));
  const all = Promise.all([resolve(), resolve(), resolve()]);
  await settle();
  held.resolve({ status: 401 });
  assert.equal(
    (await all).map((r) => r.authType),
    ['secgw', 'secgw', 'secgw'],
  );
  assert.is(urls().length, 1);
});

test('concurrent callers share one rejection; a later call probes again', async () => {
  let n = 0;
  const { resolve, local } = probing(webAnswers(() => ({ status: ++n === 1 ? 503 : 401 })));
  const [a, b] = await Promise.all([rejection(resolve()), rejection(resolve())]);
  assert.is(a, unhandled(503));
  assert.is(b, unhandled(503));
  assert.is(n, 1);
  assert.is((await resolve()).authType, 'secgw');
  assert.is(n, 2);
  assert.is(local.get('authType'), 'secgw');
});

test('after a success the stored mode answers later calls without a request', async () => {
  const { resolve, urls } = probing({ auth: 'secgw', signedIn: false });
  await resolve();
  assert.is((await resolve()).authType, 'secgw');
  assert.is(urls().length, 1);
});

// ---- storage that fails ----

test('storage that throws on every access: the probe still decides, nothing throws', async () => {
  const throwing = safeStorage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  const { resolve, urls } = probing({ auth: 'secgw' }, throwing);
  const result = await resolve();
  assert.is(result.authType, 'secgw');
  assert.equal(urls(), [WEB]);
});

test('missing storage: the probe runs every time and still decides', async () => {
  const { resolve, urls } = probing(
    { auth: 'token' },
    safeStorage(() => undefined),
  );
  assert.is((await resolve()).authType, 'token');
  assert.is((await resolve()).authType, 'token');
  assert.is(urls().length, 4);
});

test('the development path is asked with the stored token (devToken first); the gateway path never is', async () => {
  const local = memoryStorage();
  local.set('devToken', 'dev-123');
  local.set('jwt', 'jwt-456');
  const { resolve, server } = probing({ auth: 'token' }, local);
  assert.is((await resolve()).authType, 'token');
  const [web, dev] = server.requests;
  assert.is(web?.headers.authorization, undefined);
  assert.is(dev?.headers.authorization, 'Bearer dev-123');
});

test.run();

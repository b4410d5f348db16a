// The one fake of the product's API: it must answer as the contract's sign-in table says, since
// the demo, this project's tests and host developers' tests all believe it.
import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createProductServer } from '../../src/testing';
import { settle } from '../fakes';

const ORIGIN = 'https://desk.example';
const get = async (server: ReturnType<typeof createProductServer>, path: string, init: RequestInit = {}) => {
  const response = await server.fetch(ORIGIN + path, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
};
const entry = (message: string) => ({ level: 5, message, additional: [], timestamp: '2026-01-01T00:00:00.000Z' });
const postLogs = (server: ReturnType<typeof createProductServer>, body: unknown, key?: string, path = '/api/web/clientlogger/') =>
  server.fetch(ORIGIN + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });

test('secgw signed in: the gateway path answers 200 with the configuration, the development path too', async () => {
  const server = createProductServer({ auth: 'secgw', config: { displayName: 'Northwind' } });
  const web = await get(server, '/api/web/ClientConfiguration');
  assert.is(web.status, 200);
  assert.equal(web.json, {
    configurationItemName: 'EMWEB_DEMO',
    displayName: 'Northwind',
    customization: { theme: 'calm', accentColor: '#2f6f9f', dateFormat: 'yyyy-MM-dd' },
    authType: 'secgw',
  });
  assert.is((await get(server, '/api/ClientConfiguration')).status, 200, 'a development build asks /api/');
});

test('secgw signed out: the configuration call answers 401 on either base', async () => {
  const server = createProductServer({ auth: 'secgw', signedIn: false });
  assert.is((await get(server, '/api/web/ClientConfiguration')).status, 401);
  assert.is((await get(server, '/api/ClientConfiguration')).status, 401);
});

test('signedIn may decide per request (the demo reads its session cookie)', async () => {
  const server = createProductServer({ signedIn: (request) => request.headers.cookie === 'session=1' });
  assert.is((await get(server, '/api/web/ClientConfiguration')).status, 401);
  assert.is((await get(server, '/api/web/ClientConfiguration', { headers: { Cookie: 'session=1' } })).status, 200);
});

for (const auth of ['oracle', 'token'] as const) {
  test(`${auth}: the gateway path does not exist (404, every call under it); the development path answers authType ${auth}`, async () => {
    const server = createProductServer({ auth });
    assert.is((await get(server, '/api/web/ClientConfiguration')).status, 404);
    assert.is((await get(server, '/api/web/info/version')).status, 404);
    const fallback = await get(server, '/api/ClientConfiguration');
    assert.is(fallback.status, 200);
    assert.is((fallback.json as { authType: string }).authType, auth);
    assert.equal((fallback.json as { displayName: string }).displayName, 'Acme Service Desk');
  });
}

test('version and cloud check: message, and 200 only when the instance is in the cloud (default: not)', async () => {
  const onPremises = createProductServer({ version: '5.3.1' });
  assert.equal((await get(onPremises, '/api/web/info/version')).json, { message: '5.3.1' });
  assert.is((await get(onPremises, '/api/web/info/cloudinstance')).status, 404);
  const cloud = createProductServer({ cloud: true, auth: 'token' });
  assert.is((await get(cloud, '/api/info/cloudinstance')).status, 200);
});

test('anything else is a 404, on any origin; the path decides', async () => {
  const server = createProductServer();
  assert.is((await get(server, '/api/web/nothing')).status, 404);
  assert.is((await server.fetch('http://localhost:1/web/emweb.js')).status, 404);
  assert.is((await server.fetch('http://other.example/api/web/info/version')).status, 200);
  assert.is((await get(server, '/api/web/info/version', { method: 'POST' })).status, 404, 'the method counts');
});

test('requests: method, origin, path, query, lower-case headers and body, in arrival order; relative URLs resolve on the page', async () => {
  const server = createProductServer({ auth: 'token' });
  await server.fetch('/api/info/version?x=1', { headers: { Authorization: 'Bearer t' } });
  await server.fetch(new Request(`${ORIGIN}/api/clientlogger/`, { method: 'POST', body: '[]' }));
  assert.equal(
    server.requests.map(({ method, origin, path, query, body }) => ({ method, origin, path, query, body })),
    [
      { method: 'GET', origin: location.origin, path: '/api/info/version', query: '?x=1', body: '' },
      { method: 'POST', origin: ORIGIN, path: '/api/clientlogger/', query: '', body: '[]' },
    ],
  );
  assert.is(server.requests[0]?.headers.authorization, 'Bearer t');
});

test('routes answer in place of the product by METHOD and path: status, JSON or text body, headers', async () => {
  const server = createProductServer({
    routes: {
      'GET /api/web/info/version': { status: 500 },
      'GET /api/web/ClientConfiguration': { status: 200, body: '<html>', headers: { 'Content-Type': 'text/html' } },
      'GET /api/web/info/cloudinstance': (request) => ({ status: 200, body: { asked: request.path } }),
    },
  });
  assert.is((await get(server, '/api/web/info/version')).status, 500);
  const html = await server.fetch(`${ORIGIN}/api/web/ClientConfiguration`);
  assert.is(html.headers.get('Content-Type'), 'text/html');
  assert.is(await html.text(), '<html>');
  assert.equal((await get(server, '/api/web/info/cloudinstance')).json, { asked: '/api/web/info/cloudinstance' });
});

test("routes answer a screen's calls: the tickets and one ticket, a path with a query matched without it; requests keep Authorization", async () => {
  const server = createProductServer({
    routes: {
      'GET /api/web/tickets': { status: 200, body: [{ id: 'SD-1' }] },
      'GET /api/web/tickets/SD-1': (request) => ({ status: 200, body: { id: 'SD-1', query: request.query } }),
    },
  });
  assert.equal((await get(server, '/api/web/tickets?state=open&q=printer')).json, [{ id: 'SD-1' }]);
  assert.equal((await get(server, '/api/web/tickets/SD-1?fields=all')).json, { id: 'SD-1', query: '?fields=all' });
  assert.is((await get(server, '/api/web/tickets/SD-2')).status, 404);
  await get(server, '/api/web/tickets', { headers: { Authorization: 'Bearer t0k' } });
  assert.is(server.requests.at(-1)?.headers.authorization, 'Bearer t0k');
});

test('a header a browser refuses to send (CR, LF, NUL, a character above U+00FF, a name that is no token) rejects with a TypeError, and nothing reaches the server', async () => {
  const server = createProductServer({ auth: 'token' });
  const refused: Record<string, string>[] = [
    { Authorization: 'Bearer a\nb' },
    { Authorization: 'Bearer a\rb' },
    { Authorization: 'Bearer a\0b' },
    { Authorization: 'Bearer €' },
    { 'Bad Name': 'x' },
  ];
  for (const headers of refused) {
    const error = await server.fetch(`${ORIGIN}/api/info/version`, { headers }).catch((e: unknown) => e);
    assert.instance(error, TypeError, JSON.stringify(headers));
  }
  assert.is(server.requests.length, 0);
  const latin1 = await server.fetch(`${ORIGIN}/api/info/version`, { headers: { Authorization: 'Bearer Jürgen\t' } });
  assert.is(latin1.status, 200, 'Latin-1 and tabs go');
});

test('status 0 is a network failure: the fetch rejects with a TypeError, as a browser fetch does', async () => {
  const server = createProductServer({ routes: { 'GET /api/web/ClientConfiguration': { status: 0 } } });
  const error = await server.fetch(`${ORIGIN}/api/web/ClientConfiguration`).catch((e: unknown) => e);
  assert.instance(error, TypeError);
});

test('a status no server can send is a clear error of the test, not a silent answer', async () => {
  const server = createProductServer({ routes: { 'GET /api/web/info/version': { status: 101 } } });
  const error = await server.fetch(`${ORIGIN}/api/web/info/version`).catch((e: unknown) => e);
  assert.instance(error, RangeError);
  assert.match(String(error), '101');
});

test('an answer that never comes rejects with an AbortError when the request is aborted', async () => {
  const server = createProductServer({ routes: { 'GET /api/web/info/version': () => new Promise(() => {}) } });
  const controller = new AbortController();
  const answer = server.fetch(`${ORIGIN}/api/web/info/version`, { signal: controller.signal });
  controller.abort();
  const error = await answer.catch((e: unknown) => e);
  assert.is((error as DOMException).name, 'AbortError');
});

test('latencyMs delays each answer', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const server = createProductServer({ latencyMs: 30 });
    let answered = false;
    void server.fetch(`${ORIGIN}/api/web/info/version`).then(() => {
      answered = true;
    });
    await settle();
    clock.tick(29);
    await settle();
    assert.not.ok(answered, 'not before its latency');
    clock.tick(1);
    await settle();
    assert.ok(answered);
  } finally {
    clock.uninstall();
  }
});

test('logs: the entries of each accepted batch, in order; an array or a single entry', async () => {
  const server = createProductServer();
  await postLogs(server, [entry('a'), entry('b')], 'k1');
  await postLogs(server, entry('c'), 'k2', '/api/clientlogger/');
  assert.equal(
    server.logs.map((e) => e.message),
    ['a', 'b', 'c'],
  );
});

test('a batch sent again under an accepted key is answered 2xx and counted once, even while the logger route fails', async () => {
  const server = createProductServer();
  await postLogs(server, [entry('a')], 'k1');
  server.update({ routes: { 'POST /api/web/clientlogger/': { status: 503 } } });
  assert.is((await postLogs(server, [entry('a')], 'k1')).status, 200, 'the server has it');
  assert.is((await postLogs(server, [entry('b')], 'k2')).status, 503);
  server.update({ routes: {} });
  assert.is((await postLogs(server, [entry('b')], 'k2')).status, 200, 'a refused batch was not accepted: its retry counts');
  const beacon = await server.fetch(`${ORIGIN}/api/web/clientlogger/?idempotencyKey=k2`, {
    method: 'POST',
    body: JSON.stringify([entry('b')]),
  });
  assert.is(beacon.status, 200);
  assert.equal(
    server.logs.map((e) => e.message),
    ['a', 'b'],
  );
  assert.equal(
    server.batches.map(({ key, status, duplicate, beacon }) => ({ key, status, duplicate, beacon })),
    [
      { key: 'k1', status: 200, duplicate: false, beacon: false },
      { key: 'k1', status: 200, duplicate: true, beacon: false },
      { key: 'k2', status: 503, duplicate: false, beacon: false },
      { key: 'k2', status: 200, duplicate: false, beacon: false },
      { key: 'k2', status: 200, duplicate: true, beacon: true },
    ],
  );
});

test('two sends of one batch answered at the same time (a send still out, the keepalive of page exit) count once', async () => {
  const answers: ((answer: { status: number }) => void)[] = [];
  const server = createProductServer({
    routes: { 'POST /api/web/clientlogger/': () => new Promise((resolve) => answers.push(resolve)) },
  });
  const first = postLogs(server, [entry('a')], 'k1');
  const keepalive = postLogs(server, [entry('a')], 'k1');
  while (answers.length < 2) await settle();
  for (const answer of answers) answer({ status: 200 });
  assert.equal([(await first).status, (await keepalive).status], [200, 200]);
  assert.equal(
    server.logs.map((e) => e.message),
    ['a'],
  );
  assert.equal(
    server.batches.map(({ status, duplicate }) => ({ status, duplicate })),
    [
      { status: 200, duplicate: false },
      { status: 200, duplicate: true },
    ],
  );
});

test('reset forgets requests, logs, batches and the keys accepted', async () => {
  const server = createProductServer();
  await postLogs(server, [entry('a')], 'k1');
  server.reset();
  assert.equal([server.requests.length, server.logs.length, server.batches.length], [0, 0, 0]);
  await postLogs(server, [entry('a')], 'k1');
  assert.is(server.batches[0]?.duplicate, false);
});

test('install puts its fetch in place of the global one; uninstall puts the old one back', async () => {
  const before = globalThis.fetch;
  const server = createProductServer({ version: 'installed' });
  server.install();
  try {
    const answer = await fetch(`${ORIGIN}/api/web/info/version`);
    assert.equal(await answer.json(), { message: 'installed' });
  } finally {
    server.uninstall();
  }
  assert.is(globalThis.fetch, before);
  server.uninstall();
  assert.is(globalThis.fetch, before, 'a second uninstall changes nothing');
});

test.run();

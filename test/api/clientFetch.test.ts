import '../setup';
import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ClientFetchDeps, createClientFetch, USER_CHANGED } from '../../src/api/clientFetch';
import type { ApiBase } from '../../src/auth/apiBase';
import type { AuthType } from '../../src/auth/authType';
import { createSessionLife } from '../../src/session/life';
import { createWaitingCalls } from '../../src/session/waitingCalls';
import { createProductServer, type ProductServerOptions, type Route } from '../../src/testing';
import { deferred, memoryStorage, noAnswer, ORIGIN, recordingLog, rejection, settle } from '../fakes';

const TICKETS = '/api/web/tickets';

/** client.fetch against the kit's server under `auth`, with its deps open to each test. */
function setup(options: ProductServerOptions = {}, overrides: Partial<ClientFetchDeps> = {}) {
  const server = createProductServer({ routes: { [`GET ${TICKETS}`]: { status: 200, body: [{ id: 'SD-1' }] } }, ...options });
  const log = recordingLog();
  const local = memoryStorage();
  const end = new AbortController();
  let base: ApiBase = options.auth && options.auth !== 'secgw' ? '/api/' : '/api/web/';
  let authType: AuthType = options.auth ?? 'secgw';
  let sessionEnded = 0;
  // Who the stored token signs in: a gateway's user unless the test says otherwise.
  let user: string | null = 'ann';
  // The session's own parts, as a run puts them together: its life and the calls waiting on it.
  const life = createSessionLife();
  life._started();
  const waiting = createWaitingCalls();
  const clientFetch = createClientFetch({
    fetch: server.fetch,
    origin: ORIGIN,
    apiBase: () => base,
    authType: () => authType,
    local,
    timeoutMs: 10_000,
    endSignal: end.signal,
    log,
    session: {
      waitsForSignIn: life._waitsForSignIn,
      comebacks: life._comebacks,
      user: () => user,
      ended: () => {
        sessionEnded++;
        life._signInRequired();
      },
      wait: (signals) => waiting._wait(signals),
    },
    ...overrides,
  });
  return {
    server,
    log,
    local,
    end,
    clientFetch,
    sessionEnded: () => sessionEnded,
    life,
    waiting,
    /** The session is back for the same user, as a run brings it back. */
    signBackIn() {
      life._back();
      waiting._release();
    },
    /** Who is signed in from now on (`null`: a token that says nobody, or none). */
    signInAs(next: string | null) {
      user = next;
    },
    switchTo(mode: AuthType, newBase: ApiBase) {
      authType = mode;
      base = newBase;
    },
  };
}

const entries = (log: ReturnType<typeof recordingLog>) => log.errors.map((args) => args.map(String).join(' '));

// ---- where a call goes

test('a path relative to the API base asks {origin}{apiBase}path, query string included, with credentials', async () => {
  const { clientFetch, server } = setup();
  const response = await clientFetch('tickets?state=open');
  assert.is(response.status, 200);
  assert.equal(await response.json(), [{ id: 'SD-1' }]);
  const [request] = server.requests;
  assert.is(`${request?.origin}${request?.path}${request?.query}`, `${ORIGIN}${TICKETS}?state=open`);
  assert.is(request?.credentials, 'include');
  assert.is(request?.method, 'GET');
});

test('the API base is read at the call: a mode that changes moves the next call', async () => {
  const { clientFetch, server, switchTo } = setup({ routes: {} });
  await clientFetch('tickets');
  switchTo('oracle', '/api/');
  await clientFetch('tickets');
  assert.equal(
    server.requests.map((r) => r.path),
    ['/api/web/tickets', '/api/tickets'],
  );
});

const REFUSED_PATHS: [string, unknown][] = [
  ['a leading slash', '/tickets'],
  ['a leading backslash', '\\tickets'],
  ['a network-path reference', '//evil.example/x'],
  ['a scheme', 'https://evil.example/api'],
  ['another scheme', 'javascript:alert(1)'],
  ['a scheme in capitals', 'HTTP://evil.example/'],
  ['a parent segment', '../auth/'],
  ['a parent segment inside', 'tickets/../../auth'],
  ['a parent segment at the end', 'tickets/..'],
  ['a parent segment after a backslash', 'tickets\\..\\..\\x'],
  ['a percent-encoded parent segment', '%2e%2E/x'],
  ['a half-encoded parent segment', 'tickets/.%2e/x'],
  ['a parent segment split by a tab', 'tickets/.\t./x'],
  ['a number', 42],
  ['null', null],
  ['undefined', undefined],
  ['an object', { path: 'tickets' }],
  ['a URL object', new URL('https://emweb.test/api/web/tickets')],
];

for (const [what, path] of REFUSED_PATHS) {
  test(`a path with ${what} rejects with a TypeError naming it, and nothing is sent`, async () => {
    const { clientFetch, server } = setup();
    const error = await rejection(clientFetch(path as string));
    assert.instance(error, TypeError);
    const named = typeof path === 'string' ? JSON.stringify(path) : path === null ? 'null' : typeof path;
    assert.ok(String((error as Error).message).includes(named), `${(error as Error).message} names ${named}`);
    await settle();
    assert.is(server.requests.length, 0);
  });
}

test('paths that stay under the base pass: dots in names, `..` in the query, an empty path', async () => {
  const { clientFetch, server } = setup({ routes: {} });
  for (const path of ['tickets/v1.2', 'tickets/..x', 'search?q=../..', 'tickets#..', '']) await clientFetch(path);
  assert.is(server.requests.length, 5);
});

// ---- what a call carries

test('json: a JSON body with Content-Type application/json; the method and other headers as given', async () => {
  const { clientFetch, server } = setup({ routes: { 'POST /api/web/tickets': { status: 201, body: { id: 'SD-2' } } } });
  const response = await clientFetch('tickets', { method: 'POST', json: { title: 'Printer' }, headers: { 'X-Trace': '1' } });
  assert.is(response.status, 201);
  const [request] = server.requests;
  assert.is(request?.method, 'POST');
  assert.is(request?.body, '{"title":"Printer"}');
  assert.is(request?.headers['content-type'], 'application/json');
  assert.is(request?.headers['x-trace'], '1');
});

test('a plain body goes as it is, without a JSON content type', async () => {
  const { clientFetch, server } = setup({ routes: {} });
  await clientFetch('notes', { method: 'PUT', body: 'plain text' });
  assert.is(server.requests[0]?.body, 'plain text');
  assert.not.ok(server.requests[0]?.headers['content-type']?.includes('json'));
});

test('token mode: Authorization: Bearer <devToken, else jwt>, read at each call; other modes send none', async () => {
  const { clientFetch, server, local, switchTo } = setup({ auth: 'token', routes: {} });
  local.set('jwt', 'the-jwt');
  await clientFetch('tickets');
  local.set('devToken', 'the-dev-token');
  await clientFetch('tickets');
  local.remove('devToken');
  local.remove('jwt');
  await clientFetch('tickets');
  switchTo('secgw', '/api/web/');
  local.set('jwt', 'the-jwt');
  await clientFetch('tickets');
  assert.equal(
    server.requests.map((r) => r.headers.authorization),
    ['Bearer the-jwt', 'Bearer the-dev-token', undefined, undefined],
  );
  for (const request of server.requests) assert.is(request.credentials, 'include');
});

test('token mode: an Authorization the caller sets is kept, whatever the case of its name or the shape of its headers', async () => {
  const { clientFetch, server, local } = setup({ auth: 'token', routes: {} });
  local.set('devToken', 'stored');
  await clientFetch('a', { headers: { authorization: 'Basic own' } });
  await clientFetch('b', { headers: new Headers({ Authorization: 'Bearer own' }) });
  await clientFetch('c', { headers: [['AUTHORIZATION', 'Token own']] });
  assert.equal(
    server.requests.map((r) => r.headers.authorization),
    ['Basic own', 'Bearer own', 'Token own'],
  );
});

test("credentials are 'include' even when the caller asks otherwise: every call rides on the session", async () => {
  const { clientFetch, server } = setup({ routes: {} });
  await clientFetch('tickets', { credentials: 'omit' });
  assert.is(server.requests[0]?.credentials, 'include');
});

// ---- how it settles

test('it resolves with the Response whatever its status', async () => {
  const statuses = [200, 204, 400, 403, 404, 409, 500, 503];
  const routes = Object.fromEntries(statuses.map((status) => [`GET /api/web/s${status}`, { status, body: { status } }]));
  const { clientFetch } = setup({ routes });
  for (const status of statuses) assert.is((await clientFetch(`s${status}`)).status, status);
});

test("the caller's signal: rejects with its reason, also when it was aborted before the call (nothing sent then)", async () => {
  const { clientFetch, server } = setup({ routes: { [`GET ${TICKETS}`]: noAnswer } });
  const controller = new AbortController();
  const call = clientFetch('tickets', { signal: controller.signal });
  await settle();
  const reason = new Error('the screen went away');
  controller.abort(reason);
  assert.is(await rejection(call), reason);
  const before = server.requests.length;
  const aborted = AbortSignal.abort('gone');
  assert.is(await rejection(clientFetch('tickets', { signal: aborted })), 'gone');
  assert.is(server.requests.length, before);
});

test("a DOMException named TimeoutError after timeoutMs: the bootstrap default, or the call's own", async () => {
  const clock = FakeTimers.createClock();
  const { clientFetch } = setup({ routes: { [`GET ${TICKETS}`]: noAnswer } }, { timers: clock, timeoutMs: 10_000 });
  let settled: unknown = 'pending';
  const byDefault = clientFetch('tickets').catch((error: unknown) => (settled = error));
  await settle();
  clock.tick(9_999);
  await settle();
  assert.is(settled, 'pending');
  clock.tick(1);
  await byDefault;
  assert.instance(settled, DOMException);
  assert.is((settled as DOMException).name, 'TimeoutError');

  const own = clientFetch('tickets', { timeoutMs: 50 }).catch((error: unknown) => error);
  await settle();
  clock.tick(50);
  assert.is(((await own) as DOMException).name, 'TimeoutError');
});

test('a DOMException named AbortError when the client ends while the call is out; a call after the end too', async () => {
  const { clientFetch, end } = setup({ routes: { [`GET ${TICKETS}`]: noAnswer } });
  const call = clientFetch('tickets');
  await settle();
  end.abort();
  const error = await rejection(call);
  assert.instance(error, DOMException);
  assert.is((error as DOMException).name, 'AbortError');
  assert.is(((await rejection(clientFetch('tickets'))) as DOMException).name, 'AbortError');
});

test("fetch's own TypeError when no answer came", async () => {
  const failure = new TypeError('Failed to fetch');
  const { clientFetch } = setup({}, { fetch: () => Promise.reject(failure) });
  assert.is(await rejection(clientFetch('tickets')), failure);
});

// ---- logged once, truthfully

test('a 5xx, a timeout and no answer are each logged once at ERROR: method, path without its query, what happened', async () => {
  const clock = FakeTimers.createClock();
  const server = createProductServer({
    routes: { 'POST /api/web/tickets': { status: 503 }, 'GET /api/web/slow': noAnswer },
  });
  const failing = new Set(['gone']);
  const fetch: ClientFetchDeps['fetch'] = (url, init) =>
    failing.has(new URL(url).pathname.split('/').pop() ?? '')
      ? Promise.reject(new TypeError('Failed to fetch'))
      : server.fetch(url, init);
  const { clientFetch, log } = setup({}, { fetch, timers: clock, timeoutMs: 100 });
  await clientFetch('tickets?q=secret-term', { method: 'post', json: {} });
  const slow = clientFetch('slow?id=secret-id').catch(() => {});
  await settle();
  clock.tick(100);
  await slow;
  await clientFetch('gone?token=secret-token').catch(() => {});
  assert.equal(entries(log), [
    'EMWeb: client.fetch POST /api/web/tickets: status 503',
    'EMWeb: client.fetch GET /api/web/slow: timed out after 100 ms',
    'EMWeb: client.fetch GET /api/web/gone: no answer',
  ]);
  assert.not.ok(entries(log).join('\n').includes('secret'), 'no query string in any entry');
});

test("not logged: 2xx, 4xx, the caller's abort, the client's end, the page leaving", async () => {
  const page = new EventTarget();
  const leaving = deferred<Response>();
  const routes: Record<string, Route> = {
    'GET /api/web/ok': { status: 200 },
    'GET /api/web/missing': { status: 404 },
    'GET /api/web/forbidden': { status: 403 },
    'GET /api/web/conflict': { status: 409 },
    'GET /api/web/slow': noAnswer,
  };
  const server = createProductServer({ routes });
  const fetch: ClientFetchDeps['fetch'] = (url, init) => (url.endsWith('/leaving') ? leaving.promise : server.fetch(url, init));
  const { clientFetch, log, end } = setup({}, { fetch, page });
  for (const path of ['ok', 'missing', 'forbidden', 'conflict']) await clientFetch(path);
  const controller = new AbortController();
  const aborted = clientFetch('slow', { signal: controller.signal }).catch(() => {});
  const leavingCall = clientFetch('leaving').catch((error: unknown) => error);
  await settle();
  controller.abort();
  await aborted;
  page.dispatchEvent(new Event('pagehide'));
  const cancelled = new TypeError('Failed to fetch');
  // The browser cancels what is out as the page leaves: the fetch fails as a network failure does.
  void Promise.reject(cancelled).catch(() => {});
  leaving.resolve(Promise.reject(cancelled) as unknown as Response);
  assert.is(await leavingCall, cancelled, 'still rejects with fetch’s own error');
  const ending = clientFetch('slow').catch(() => {});
  await settle();
  end.abort();
  await ending;
  assert.equal(entries(log), []);
});

// ---- the session ends mid-day

test('under the gateway a 401 tells the shell; waitForSignIn: false resolves with it; other modes and other statuses do not', async () => {
  const routes = {
    'GET /api/web/tickets': { status: 401 },
    'GET /api/tickets': { status: 401 },
    'GET /api/web/x': { status: 403 },
  };
  const { clientFetch, sessionEnded, switchTo, signBackIn } = setup({ routes });
  const response = await clientFetch('tickets', { waitForSignIn: false });
  assert.is(response.status, 401);
  assert.is(sessionEnded(), 1);
  signBackIn();
  await clientFetch('x');
  assert.is(sessionEnded(), 1, 'a 403 is the screen’s business');
  for (const mode of ['oracle', 'token'] as const) {
    switchTo(mode, '/api/');
    assert.is((await clientFetch('tickets')).status, 401);
  }
  assert.is(sessionEnded(), 1, 'only the gateway’s 401 ends the session');
});

// ---- calls wait for the sign-in

/** A server whose gateway answers 401 until `signedIn` says otherwise; tickets answer 200 then. */
function gatewaySetup() {
  let signedIn = true;
  const routes = {
    [`GET ${TICKETS}`]: () => (signedIn ? { status: 200, body: [{ id: 'SD-1' }] } : { status: 401 }),
    'PUT /api/web/tickets/SD-1': () => (signedIn ? { status: 200, body: { saved: true } } : { status: 401 }),
  };
  const made = setup({ routes });
  const sent = (method: string) => made.server.requests.filter((request) => request.method === method).length;
  const signedInNow = (now: boolean) => () => {
    signedIn = now;
  };
  return { ...made, sent, signOut: signedInNow(false), signIn: signedInNow(true) };
}

test('a call answered 401 waits, and is sent again once when the session is back: it resolves as that attempt does', async () => {
  const { clientFetch, signOut, signIn, signBackIn, sent, sessionEnded, log } = gatewaySetup();
  signOut();
  let settled = false;
  const saving = clientFetch('tickets/SD-1', { method: 'PUT', json: { comment: 'typed for ten minutes' } }).finally(() => {
    settled = true;
  });
  await settle();
  assert.is(sent('PUT'), 1);
  assert.is(settled, false, 'the call waits for the sign-in');
  assert.is(sessionEnded(), 1);
  signIn();
  signBackIn();
  const response = await saving;
  assert.is(response.status, 200);
  assert.is(sent('PUT'), 2, 'sent again once');
  assert.equal(entries(log), [], 'a waiting call is no failure');
});

test('a late 401 after another user signed in: the call is not sent again, rejects with the user-changed error, asks no sign-in', async () => {
  const { clientFetch, signOut, sent, sessionEnded, signInAs } = gatewaySetup();
  // The PUT is out when the gateway ends Ann's session and Ben signs in elsewhere; its 401 comes after.
  const saving = clientFetch('tickets/SD-1', { method: 'PUT', json: { comment: 'Ann typed this' } });
  signOut();
  signInAs('ben');
  const error = await rejection(saving);
  assert.match(String(error), USER_CHANGED);
  assert.is(sent('PUT'), 1, 'only the first attempt, as Ann');
  assert.is(sessionEnded(), 0, "a 401 to Ann's call says nothing of Ben's session");
});

test('every attempt after the first speaks for one user: a user unknown on either side lets reads go again, never writes', async () => {
  for (const [madeAs, now] of [
    [null, null],
    ['ann', null],
    [null, 'ann'],
  ] as const) {
    const { clientFetch, signOut, signIn, signBackIn, sent, signInAs } = gatewaySetup();
    signInAs(madeAs);
    signOut();
    const write = rejection(clientFetch('tickets/SD-1', { method: 'PUT', json: { comment: 'x' } }));
    const read = clientFetch('tickets');
    await settle();
    signInAs(now);
    signIn();
    signBackIn();
    assert.match(String(await write), USER_CHANGED, `${madeAs} then ${now}`);
    assert.is((await read).status, 200, `${madeAs} then ${now}`);
    assert.is(sent('PUT'), 1, 'the write went once, never again');
    assert.is(sent('GET'), 2);
  }
});

test('a screen gone: its calls reject with an AbortError without sending; one waiting is turned away, not sent', async () => {
  const { clientFetch, signOut, signIn, signBackIn, sent } = gatewaySetup();
  const gone = new AbortController();
  gone.abort(new DOMException('its screen is gone', 'AbortError'));
  const refused = (await rejection(clientFetch('tickets', {}, gone.signal))) as DOMException;
  assert.is(refused.name, 'AbortError');
  assert.is(sent('GET'), 0);
  const leaving = new AbortController();
  signOut();
  const waiting = rejection(clientFetch('tickets/SD-1', { method: 'PUT', json: {} }, leaving.signal));
  await settle();
  leaving.abort(new DOMException('its screen is gone', 'AbortError'));
  assert.is(((await waiting) as DOMException).name, 'AbortError');
  signIn();
  signBackIn();
  await settle();
  assert.is(sent('PUT'), 1, 'not sent again');
});

test('a call made while the sign-in is asked for waits before it is sent, and is sent once', async () => {
  const { clientFetch, signOut, signIn, signBackIn, sent } = gatewaySetup();
  signOut();
  const first = clientFetch('tickets');
  await settle();
  const later = clientFetch('tickets');
  await settle();
  assert.is(sent('GET'), 1, 'the later call is held, not sent into the 401');
  signIn();
  signBackIn();
  assert.is((await first).status, 200);
  assert.is((await later).status, 200);
  assert.is(sent('GET'), 3);
});

test("a waiting call rejects with its caller's signal's reason, or an AbortError when the client ends; nothing more is sent", async () => {
  const { clientFetch, signOut, signIn, signBackIn, sent, end } = gatewaySetup();
  signOut();
  const caller = new AbortController();
  const mine = clientFetch('tickets', { signal: caller.signal });
  const other = clientFetch('tickets');
  await settle();
  const reason = new Error('the screen gave up');
  caller.abort(reason);
  assert.is(await rejection(mine), reason);
  end.abort();
  const ended = await rejection(other);
  assert.instance(ended, DOMException);
  assert.is((ended as DOMException).name, 'AbortError');
  signIn();
  signBackIn();
  await settle();
  assert.is(sent('GET'), 2, 'neither was sent again');
});

test('another user back: a waiting call rejects with an Error saying so, and is not sent', async () => {
  const { clientFetch, signOut, waiting, sent } = gatewaySetup();
  signOut();
  const call = clientFetch('tickets');
  await settle();
  waiting._turnAway(new Error('EMWeb: the call was not sent: another user signed in'));
  assert.match(String(await rejection(call)), 'another user');
  assert.is(sent('GET'), 1);
});

test('a stream body cannot be sent twice: its 401 resolves as it is', async () => {
  const { clientFetch, signOut, sent } = gatewaySetup();
  signOut();
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{}'));
      controller.close();
    },
  });
  const response = await clientFetch('tickets/SD-1', { method: 'PUT', body, duplex: 'half' } as RequestInit);
  assert.is(response.status, 401);
  assert.is(sent('PUT'), 1);
});

test('timeoutMs counts time on the network, not the wait for the sign-in', async () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const { clientFetch, signOut, signIn, signBackIn } = gatewaySetup();
    signOut();
    const call = clientFetch('tickets', { timeoutMs: 1000 });
    await clock.tickAsync(10);
    await clock.tickAsync(60_000);
    signIn();
    signBackIn();
    const response = await call;
    assert.is(response.status, 200, 'a minute of waiting is no timeout');
  } finally {
    clock.uninstall();
  }
});

test.run();

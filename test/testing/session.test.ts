// The fake's gateway session that ends mid-day and comes back: what a host developer's test of a
// screen that survives a session's end relies on.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SESSION_CHANNEL } from '../../src/tabs/session';
import { createProductServer, DEFAULT_USER_ID } from '../../src/testing';

const ORIGIN = 'https://desk.example';
type Server = ReturnType<typeof createProductServer>;

const statusOf = async (server: Server, path: string, init: RequestInit = {}) => (await server.fetch(ORIGIN + path, init)).status;

const payloadOf = (jwt: string): Record<string, unknown> => {
  const part = (jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
};

/** A server whose product route for a ticket counts what reaches it. */
function serverWithTicketRoute() {
  const reached: string[] = [];
  const server = createProductServer({
    routes: {
      'PUT /api/web/tickets/SD-1': (request) => {
        reached.push(request.body);
        return { status: 200, body: { id: 'SD-1' } };
      },
    },
  });
  return { server, reached };
}

const putTicket = (server: Server, comment: string) =>
  statusOf(server, '/api/web/tickets/SD-1', { method: 'PUT', body: JSON.stringify({ comment }) });

const postLogs = (server: Server, key: string) =>
  server.fetch(`${ORIGIN}/api/web/clientlogger/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify([{ level: 5, message: key, additional: [], timestamp: '2026-01-01T00:00:00.000Z' }]),
  });

test.after.each(() => localStorage.removeItem('jwt'));

test('endSession: under the gateway every API call answers 401 on either base, routes included, and nothing reaches the product', async () => {
  const { server, reached } = serverWithTicketRoute();
  assert.is(await putTicket(server, 'before'), 200);
  server.endSession();
  for (const path of [
    '/api/web/ClientConfiguration',
    '/api/ClientConfiguration',
    '/api/web/info/version',
    '/api/web/info/cloudinstance',
  ]) {
    assert.is(await statusOf(server, path), 401, path);
  }
  assert.is(await putTicket(server, 'while away'), 401);
  assert.equal(reached, ['{"comment":"before"}'], 'the call the gateway refused never reached the product');
  assert.is(server.requests.length, 6, 'every request is still recorded');
});

test('endSession: the client logger answers 401 too, a batch already accepted included; the refused batch is recorded', async () => {
  const server = createProductServer();
  assert.is((await postLogs(server, 'k1')).status, 200);
  server.endSession();
  assert.is((await postLogs(server, 'k1')).status, 401);
  assert.is((await postLogs(server, 'k2')).status, 401);
  assert.equal(
    server.batches.map(({ key, status }) => [key, status]),
    [
      ['k1', 200],
      ['k1', 401],
      ['k2', 401],
    ],
  );
  assert.equal(
    server.logs.map((entry) => entry.message),
    ['k1'],
  );
});

test('endSession keeps the stored JWT: a session ends on the server, not in the browser', async () => {
  localStorage.setItem('jwt', 'the-one-who-left');
  createProductServer().endSession();
  assert.is(localStorage.getItem('jwt'), 'the-one-who-left');
});

for (const auth of ['oracle', 'token'] as const) {
  test(`endSession under ${auth} sign-in changes nothing: there is no gateway`, async () => {
    const server = createProductServer({ auth });
    server.endSession();
    assert.is(await statusOf(server, '/api/ClientConfiguration'), 200);
    assert.is(await statusOf(server, '/api/info/version'), 200);
  });
}

test('signIn: the session is back, the call that was refused goes through, once', async () => {
  const { server, reached } = serverWithTicketRoute();
  server.endSession();
  assert.is(await putTicket(server, 'typed'), 401);
  server.signIn();
  assert.is(await statusOf(server, '/api/web/ClientConfiguration'), 200);
  assert.is(await putTicket(server, 'typed'), 200);
  assert.equal(reached, ['{"comment":"typed"}']);
});

test('signIn on a server that started signed out signs in', async () => {
  const server = createProductServer({ signedIn: false });
  assert.is(await statusOf(server, '/api/web/ClientConfiguration'), 401);
  server.signIn();
  assert.is(await statusOf(server, '/api/web/ClientConfiguration'), 200);
});

test('signIn stores the JWT it returns: user 1042 by default, with the claims the client reads, valid for hours', async () => {
  const before = Math.floor(Date.now() / 1000);
  const jwt = createProductServer().signIn();
  assert.is(localStorage.getItem('jwt'), jwt);
  const claims = payloadOf(jwt);
  assert.is(DEFAULT_USER_ID, 1042);
  assert.is(claims.userId, 1042);
  for (const name of ['authUserId', 'profileId', 'langId', 'sid']) assert.ok(claims[name] !== undefined, name);
  assert.ok(Number(claims.exp) > before + 60 * 60, 'not about to end');
});

test('signIn for another user, with claims over the defaults; each sign-in is a session of its own', async () => {
  const server = createProductServer();
  const first = payloadOf(server.signIn());
  const other = payloadOf(server.signIn({ userId: 77, claims: { langId: 'de', exp: 123 } }));
  assert.is(other.userId, 77);
  assert.is(other.langId, 'de');
  assert.is(other.exp, 123);
  assert.is.not(other.sid, first.sid);
  const last = server.signIn({ userId: 77 });
  assert.is(localStorage.getItem('jwt'), last, 'the last sign-in is the stored one');
});

test("signIn tells the tabs: { type: 'signedIn' } on the session channel reaches a listener of the same page", async () => {
  const listener = new BroadcastChannel(SESSION_CHANNEL);
  try {
    const heard = new Promise<unknown>((resolve) => {
      listener.onmessage = (event) => resolve(event.data);
    });
    createProductServer().signIn();
    assert.equal(await heard, { type: 'signedIn' });
  } finally {
    listener.close();
  }
});

test('the tabs hear of the sign-in once the server plays signed in: a listener that asks at once is answered 200', async () => {
  const server = createProductServer();
  server.endSession();
  const listener = new BroadcastChannel(SESSION_CHANNEL);
  try {
    const answered = new Promise<number>((resolve) => {
      listener.onmessage = () => resolve(statusOf(server, '/api/web/ClientConfiguration'));
    });
    server.signIn();
    assert.is(await answered, 200);
  } finally {
    listener.close();
  }
});

test('without BroadcastChannel, signIn still signs in and stores the JWT', async () => {
  const saved = globalThis.BroadcastChannel;
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = undefined;
  try {
    const server = createProductServer({ signedIn: false });
    const jwt = server.signIn();
    assert.is(localStorage.getItem('jwt'), jwt);
    assert.is(await statusOf(server, '/api/web/ClientConfiguration'), 200);
  } finally {
    globalThis.BroadcastChannel = saved;
  }
});

test('update({ signedIn }) opens an ended session too; update without it leaves the session ended', async () => {
  const server = createProductServer();
  server.endSession();
  server.update({ version: 'other' });
  assert.is(await statusOf(server, '/api/web/info/version'), 401);
  server.update({ signedIn: true });
  assert.is(await statusOf(server, '/api/web/info/version'), 200);
});

test.run();

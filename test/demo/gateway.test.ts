// The demo's stand-in gateway shares a desk: its sign-in page offers the desk's people, each signs in
// with a token of their own (their `name` for the header) and a session the server knows as theirs,
// and nobody chosen is the first of them, as every check that signs in without choosing expects.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, DEMO_USERS, demoJwt, startDemoServer } from '../../demo/server.mjs';
import { call, claimsOf, signIn } from './http';

type DemoServer = Awaited<ReturnType<typeof startDemoServer>>;

async function withServer(check: (server: DemoServer) => Promise<void>): Promise<void> {
  const server = await startDemoServer({ quiet: true });
  try {
    await check(server);
  } finally {
    await server.close();
  }
}

const DANA = DEMO_USERS.find((user) => user.name === 'Dana Lee')!;
const SAM = DEMO_USERS.find((user) => user.name === 'Sam Ortiz')!;

test('the desk has at least two people of their own; the first is the one signed in by default', () => {
  assert.ok(DANA && SAM, 'Dana Lee and Sam Ortiz are on the desk');
  assert.is(new Set(DEMO_USERS.map((user) => user.userId)).size, DEMO_USERS.length, 'each their own userId');
  assert.is(new Set(DEMO_USERS.map((user) => user.name)).size, DEMO_USERS.length, 'each their own name');
  assert.equal([DEMO_USERS[0]!.userId, DEMO_USERS[0]!.name], [1042, DEMO_USER_NAME]);
  assert.is(DEMO_USER_NAME, 'Jürgen Müller');
});

test('demoJwt: the claims of the person its userId names, else the first person with the userId given', () => {
  const dana = claimsOf(demoJwt({ userId: DANA.userId }));
  assert.equal([dana.userId, dana.name, dana.authUserId], [DANA.userId, 'Dana Lee', DANA.authUserId]);
  const stranger = claimsOf(demoJwt({ userId: 'dev-1' }));
  assert.equal([stranger.userId, stranger.name], ['dev-1', DEMO_USER_NAME]);
  assert.is(claimsOf(demoJwt({ userId: SAM.userId, name: 'Sam O.' })).name, 'Sam O.', 'claims given win');
});

test('the sign-in page offers every person of the desk as a radio button under one Sign in, the first checked', () =>
  withServer(async (server) => {
    const page = await call(`${server.url}/auth/?returnUrl=%2Fweb%2Ftickets`);
    assert.is(page.status, 200);
    const radios = [
      ...page.text.matchAll(/<label><input type="radio" name="userId" value="(\d+)"( checked)?> ([^<]+)<\/label>/g),
    ];
    assert.equal(
      radios.map(([, userId, checked, name]) => [Number(userId), name, Boolean(checked)]),
      DEMO_USERS.map((user, index) => [user.userId, user.name, index === 0]),
    );
    assert.match(page.text, '<legend>Sign in as</legend>');
    assert.is(page.text.match(/<button type="submit">Sign in<\/button>/g)?.length, 1, 'one Sign in button');
  }));

test("signing in as the chosen person (the form's POST, or /auth/signin?userId=): their JWT, their session, back to returnUrl", () =>
  withServer(async (server) => {
    const posted = await call(`${server.url}/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `returnUrl=%2Fweb%2Ftickets%2FSD-1042&userId=${DANA.userId}`,
    });
    assert.is(posted.status, 200);
    const jwt = /<meta name="demo-jwt" content="([^"]+)">/.exec(posted.text)?.[1] ?? '';
    assert.equal([claimsOf(jwt).userId, claimsOf(jwt).name], [DANA.userId, 'Dana Lee']);
    assert.match(posted.text, '<meta name="demo-return-url" content="/web/tickets/SD-1042">');
    assert.match(posted.text, '<title>Signed in as Dana Lee — demo security gateway</title>');
    const cookie = String([posted.headers['set-cookie']].flat()[0]).split(';')[0]!;
    assert.is(
      (await call(`${server.url}/api/web/tickets`, { headers: { Cookie: cookie } })).status,
      200,
      'her session opens the API',
    );

    const sam = await signIn(server.url, SAM.userId);
    assert.equal([claimsOf(sam.jwt).userId, claimsOf(sam.jwt).name], [SAM.userId, 'Sam Ortiz']);
    assert.is(claimsOf((await signIn(server.url)).jwt).userId, 1042, 'nobody chosen: the first person');
    assert.is(claimsOf((await signIn(server.url, 999)).jwt).userId, 1042, 'nobody the desk knows: the first person');
  }));

test('the server says whose session each request rode on, after the session ended too', () =>
  withServer(async (server) => {
    const dana = await signIn(server.url, DANA.userId);
    const sam = await signIn(server.url, SAM.userId);
    await call(`${server.url}/api/web/tickets`, { headers: { Cookie: dana.cookie } });
    await call(`${server.url}/demo/end-session`, { method: 'POST', headers: { Cookie: dana.cookie } });
    const late = await call(`${server.url}/api/web/tickets`, { headers: { Cookie: dana.cookie } });
    assert.is(late.status, 401, 'her session is over');
    await call(`${server.url}/api/web/tickets`, { headers: { Cookie: sam.cookie } });
    await call(`${server.url}/api/web/tickets`);
    const tickets = server.requests.filter((request) => request.path === '/api/web/tickets');
    assert.equal(
      tickets.map((request) => request.sessionUser),
      [DANA.userId, DANA.userId, SAM.userId, null],
    );
  }));

test("createSession(userId) starts a session the server knows as that person's; without one, the first person's", () =>
  withServer(async (server) => {
    const { name, value } = server.createSession(SAM.userId);
    await call(`${server.url}/api/web/ClientConfiguration`, { headers: { Cookie: `${name}=${value}` } });
    assert.is(server.requests.at(-1)?.sessionUser, SAM.userId);
    const first = server.createSession();
    await call(`${server.url}/api/web/ClientConfiguration`, { headers: { Cookie: `${first.name}=${first.value}` } });
    assert.is(server.requests.at(-1)?.sessionUser, 1042, 'nobody named: the first person');
  }));

test.run();

// The demo's gateway sessions that end while the page stays: the host bar's "End session"
// (POST /demo/end-session) and `npm start -- --session-minutes N`.
import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemoServer } from '../../demo/server.mjs';
import { call, claimsOf, signIn } from './http';

const withCookie = (cookie: string) => ({ headers: { Cookie: cookie } });
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

test("End session: the caller's session ends on the server, its next calls answer 401; another session goes on", async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    const ann = await signIn(server.url);
    const bob = await signIn(server.url);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(ann.cookie))).status, 200);
    const ended = await call(`${server.url}/demo/end-session`, { method: 'POST', ...withCookie(ann.cookie) });
    assert.is(ended.status, 200);
    assert.equal(JSON.parse(ended.text), { ended: true });
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(ann.cookie))).status, 401);
    assert.is((await call(`${server.url}/api/web/ClientConfiguration`, withCookie(ann.cookie))).status, 401);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(bob.cookie))).status, 200, 'only the caller’s');
    const again = await call(`${server.url}/demo/end-session`, { method: 'POST', ...withCookie(ann.cookie) });
    assert.equal(JSON.parse(again.text), { ended: false }, 'nothing left to end');
    const fresh = await signIn(server.url);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(fresh.cookie))).status, 200, 'a new sign-in works');
  } finally {
    await server.close();
  }
});

test('End session is a POST: anything else is 405, and ends nothing', async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    const { cookie } = await signIn(server.url);
    const answer = await call(`${server.url}/demo/end-session`, withCookie(cookie));
    assert.is(answer.status, 405);
    assert.is(answer.headers.allow, 'POST');
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(cookie))).status, 200);
  } finally {
    await server.close();
  }
});

test('the host bar has the End session button', async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    const page = await call(`${server.url}/web/tickets`);
    assert.match(page.text, '<button type="button" id="host-end-session">End session</button>');
    assert.match(page.text, 'id="host-end-session-result" role="status"');
  } finally {
    await server.close();
  }
});

test("sessionMinutes: a session ends that long after its sign-in, and its JWT's exp says when", async () => {
  const minutes = 0.005; // 300 ms
  const server = await startDemoServer({ quiet: true, sessionMinutes: minutes });
  try {
    const signedInAt = Date.now();
    const { cookie, jwt } = await signIn(server.url);
    const exp = Number(claimsOf(jwt).exp) * 1000;
    assert.ok(exp <= signedInAt + 300 + 1000 && exp >= signedInAt + 300 - 1000, `exp ${exp} is the session's end`);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(cookie))).status, 200);
    await pause(400);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(cookie))).status, 401);
    assert.is((await call(`${server.url}/api/web/ClientConfiguration`, withCookie(cookie))).status, 401);
  } finally {
    await server.close();
  }
});

test('without sessionMinutes a session lasts, and its JWT is valid for a day', async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    assert.is(server.options.sessionMinutes, null);
    const { cookie, jwt } = await signIn(server.url);
    assert.ok(Number(claimsOf(jwt).exp) * 1000 > Date.now() + 23 * 60 * 60 * 1000);
    await pause(50);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(cookie))).status, 200);
  } finally {
    await server.close();
  }
});

test('sessionMinutes is read when a session begins, and may change at run time; createSession follows it', async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    const lasting = await signIn(server.url);
    server.setOptions({ sessionMinutes: 0.001 }); // 60 ms
    const { name, value } = server.createSession();
    await pause(150);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(`${name}=${value}`))).status, 401);
    assert.is((await call(`${server.url}/api/web/tickets`, withCookie(lasting.cookie))).status, 200, 'begun before: lasts');
  } finally {
    await server.close();
  }
});

test('sessionMinutes must be a number above 0, or null', async () => {
  for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '5']) {
    await startDemoServer({ quiet: true, sessionMinutes: bad as number }).then(
      (server) => server.close().then(() => assert.unreachable(`${bad} was taken`)),
      (error: unknown) => assert.match(String(error), 'sessionMinutes must be a number of minutes above 0'),
    );
  }
});

test('npm start -- --session-minutes: a bad value exits 2 with the reason and the usage', () => {
  for (const bad of ['abc', '0', '-5', '1e3']) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'demo/server.mjs', `--session-minutes=${bad}`], {
      encoding: 'utf8',
    });
    assert.is(run.status, 2, bad);
    assert.match(run.stderr, `--session-minutes must be a number of minutes above 0, such as 10 or 0.5, not "${bad}"`);
    assert.match(run.stderr, '--session-minutes N');
  }
});

test.run();

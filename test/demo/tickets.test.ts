// The demo product's tickets write: `PUT {api base}tickets/<id>` checks a change field by field,
// keeps what was saved for the server's run, and stays behind the gateway's session.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemoServer } from '../../demo/server.mjs';
import { createTicketDesk, MAX_COMMENT_LENGTH } from '../../demo/tickets.mjs';
import { createProductServer } from '../../src/testing';
import { call, signIn } from './http';

const ORIGIN = 'https://desk.example';
const GOOD = { state: 'waiting', assignee: 21, comment: 'Asked the caller for the serial number.' };

/** The desk's routes on the fake, signed in, with the answers read as JSON. */
function deskOnFake(desk = createTicketDesk()) {
  const server = createProductServer({ routes: desk.routes(() => true) });
  const ask = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await server.fetch(ORIGIN + path, init);
    return { status: response.status, json: await response.json() };
  };
  return { desk, ask };
}

test('a good change answers 200 with the ticket as saved: state, assignee and its name, the comment added', async () => {
  const { ask } = deskOnFake();
  const saved = await ask('PUT', '/api/web/tickets/SD-1042', GOOD);
  assert.is(saved.status, 200);
  assert.is(saved.json.id, 'SD-1042');
  assert.is(saved.json.state, 'waiting');
  assert.is(saved.json.assignee, 21);
  assert.is(saved.json.assignee__refName, 'Amira Haddad');
  assert.equal(
    saved.json.comments.map((comment: { text: string }) => comment.text),
    [GOOD.comment],
  );
  assert.ok(!Number.isNaN(Date.parse(saved.json.comments[0].created)), 'the comment says when');
});

test('what was saved is what GET tickets/<id> and GET tickets show afterwards; a second save adds its comment', async () => {
  const { ask } = deskOnFake();
  await ask('PUT', '/api/web/tickets/SD-1043', GOOD);
  await ask('PUT', '/api/tickets/SD-1043', { ...GOOD, state: 'closed', comment: 'Delivered.' });
  const one = await ask('GET', '/api/web/tickets/SD-1043');
  assert.is(one.json.state, 'closed');
  assert.equal(
    one.json.comments.map((comment: { text: string }) => comment.text),
    [GOOD.comment, 'Delivered.'],
  );
  const row = (await ask('GET', '/api/web/tickets')).json.find((ticket: { id: string }) => ticket.id === 'SD-1043');
  assert.equal([row.state, row.assignee, row.assignee__refName], ['closed', 21, 'Amira Haddad']);
  assert.is(row.comments, undefined, 'the list carries no long texts');
  assert.is(row.description, undefined);
});

test('the comment is kept as the person meant it, without the blank lines around it', async () => {
  const { ask } = deskOnFake();
  const saved = await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, comment: '\n  Toner replaced.  \n' });
  assert.is(saved.json.comments[0].text, 'Toner replaced.');
});

test('an empty comment is a problem: 422 with it under comment, and nothing is saved', async () => {
  const { ask } = deskOnFake();
  for (const comment of ['', '   \n', undefined, 42]) {
    const refused = await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, comment });
    assert.is(refused.status, 422, String(comment));
    assert.equal(Object.keys(refused.json.problems), ['comment']);
    assert.type(refused.json.problems.comment, 'string');
  }
  const ticket = (await ask('GET', '/api/web/tickets/SD-1042')).json;
  assert.equal([ticket.state, ticket.assignee, ticket.comments], ['open', 17, []]);
});

test('a comment over the limit is a problem', async () => {
  const { ask } = deskOnFake();
  const refused = await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1) });
  assert.is(refused.status, 422);
  assert.match(refused.json.problems.comment, String(MAX_COMMENT_LENGTH));
  assert.is((await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, comment: 'x'.repeat(MAX_COMMENT_LENGTH) })).status, 200);
});

test('an unknown state or assignee is a problem; every problem comes in the one answer', async () => {
  const { ask } = deskOnFake();
  assert.equal(Object.keys((await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, state: 'done' })).json.problems), ['state']);
  assert.equal(Object.keys((await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, assignee: 99 })).json.problems), [
    'assignee',
  ]);
  assert.equal(Object.keys((await ask('PUT', '/api/web/tickets/SD-1042', { ...GOOD, assignee: '21' })).json.problems), [
    'assignee',
  ]);
  const all = await ask('PUT', '/api/web/tickets/SD-1042', {});
  assert.is(all.status, 422);
  assert.equal(Object.keys(all.json.problems).sort(), ['assignee', 'comment', 'state']);
});

test('a body that is no JSON object answers 400', async () => {
  const { ask } = deskOnFake();
  for (const body of ['not json', '[1]', 'null'])
    assert.is((await ask('PUT', '/api/web/tickets/SD-1042', body)).status, 400, body);
});

test('an unknown ticket answers 404', async () => {
  const { ask } = deskOnFake();
  assert.is((await ask('PUT', '/api/web/tickets/SD-9999', GOOD)).status, 404);
});

test('the assignees a ticket can be given to', async () => {
  const { ask } = deskOnFake();
  const people = (await ask('GET', '/api/web/assignees')).json;
  assert.ok(people.some((person: { id: number; name: string }) => person.id === 21 && person.name === 'Amira Haddad'));
});

test('what is saved belongs to one desk: another starts from the first tickets; reset() forgets it', async () => {
  const first = deskOnFake();
  await first.ask('PUT', '/api/web/tickets/SD-1042', GOOD);
  const second = deskOnFake();
  assert.is((await second.ask('GET', '/api/web/tickets/SD-1042')).json.state, 'open');
  first.desk.reset();
  assert.is((await first.ask('GET', '/api/web/tickets/SD-1042')).json.state, 'open');
});

test('the demo server: a PUT under the gateway needs the session (401 without), is kept across setOptions, and per server', async () => {
  const server = await startDemoServer({ quiet: true });
  const other = await startDemoServer({ quiet: true });
  try {
    const put = (base: string, cookie: string) =>
      call(`${base}/api/web/tickets/SD-1044`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(GOOD),
      });
    assert.is((await put(server.url, '')).status, 401);
    const { cookie } = await signIn(server.url);
    assert.is((await put(server.url, cookie)).status, 200);
    server.setOptions({ latency: 0 });
    const ticket = await call(`${server.url}/api/web/tickets/SD-1044`, { headers: { Cookie: cookie } });
    assert.is(JSON.parse(ticket.text).assignee__refName, 'Amira Haddad', 'a change of options keeps what was saved');
    const elsewhere = await signIn(other.url);
    const untouched = await call(`${other.url}/api/web/tickets/SD-1044`, { headers: { Cookie: elsewhere.cookie } });
    assert.is(JSON.parse(untouched.text).assignee__refName, 'Jürgen Müller', 'another server has its own tickets');
    server.reset();
    const again = await signIn(server.url);
    const after = await call(`${server.url}/api/web/tickets/SD-1044`, { headers: { Cookie: again.cookie } });
    assert.is(JSON.parse(after.text).assignee__refName, 'Jürgen Müller', 'reset() brings the first tickets back');
    assert.equal(JSON.parse(after.text).comments, []);
  } finally {
    await Promise.all([server.close(), other.close()]);
  }
});

test('under token sign-in the tickets are written without a gateway session', async () => {
  const server = await startDemoServer({ quiet: true, auth: 'token' });
  try {
    const saved = await call(`${server.url}/api/tickets/SD-1042`, { method: 'PUT', body: JSON.stringify(GOOD) });
    assert.is(saved.status, 200);
  } finally {
    await server.close();
  }
});

test.run();

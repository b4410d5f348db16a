import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import type { Client } from '../../src/client/types';
import { noAnswer, rejection, settle } from '../fakes';
import { mountAndServerEachTest } from './fixture';

/** Whether the gateway's session is still on: the fake answers the tickets with 401 once it is not. */
let signedIn = true;

const fixture = mountAndServerEachTest(test, {
  auth: 'secgw',
  signedIn: () => signedIn,
  routes: {
    'GET /api/web/tickets': () => (signedIn ? { status: 200, body: [{ id: 'SD-1' }] } : { status: 401 }),
    'GET /api/web/slow': noAnswer,
  },
});
test.before.each(() => {
  signedIn = true;
});

const shadowText = () => fixture.el.shadowRoot?.textContent ?? '';
const screen = () => 'The tickets screen';

test('the session ends mid-day: 401s to several calls at once show Sign-in required once, the header stays, each 401 resolves', async () => {
  let asked = 0;
  const client = await bootstrap({ production: true, captureErrors: false, render: screen, onSignInRequired: () => asked++ });
  await settle();
  assert.match(shadowText(), 'The tickets screen');
  assert.is((await client.fetch('tickets')).status, 200);
  assert.is(asked, 0);

  signedIn = false;
  const responses = await Promise.all([client.fetch('tickets'), client.fetch('tickets?page=2'), client.fetch('tickets')]);
  assert.equal(
    responses.map((response) => response.status),
    [401, 401, 401],
  );
  assert.is(asked, 1, 'onSignInRequired once for the burst');
  await client.fetch('tickets');
  assert.is(asked, 1, 'and not again while the sign-in is under way');
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.not.match(shadowText(), 'The tickets screen');
  assert.ok(fixture.el.shadowRoot?.querySelector('header'), 'the header stays');
  assert.match(fixture.el.shadowRoot?.querySelector('header')?.textContent ?? '', 'Acme Service Desk');
});

test('a reloadConfiguration that then succeeds brings the shell back to ready with the screen; a later 401 asks again', async () => {
  let asked = 0;
  const client = await bootstrap({ production: true, captureErrors: false, render: screen, onSignInRequired: () => asked++ });
  signedIn = false;
  await client.fetch('tickets');
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.is(await client.reloadConfiguration(), false, 'still signed out: stays');
  await settle();
  assert.match(shadowText(), 'Sign-in required');

  signedIn = true;
  assert.ok(await client.reloadConfiguration());
  await settle();
  assert.not.match(shadowText(), 'Sign-in required');
  assert.match(shadowText(), 'The tickets screen');

  signedIn = false;
  await client.fetch('tickets');
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.is(asked, 3, 'the reload that failed asked once, each session end once');
});

test('the bootstrap timeoutMs is each client.fetch’s default: a call with no answer rejects with a TimeoutError', async () => {
  const client = await bootstrap({ captureErrors: false, timeoutMs: 30 });
  const error = await rejection(client.fetch('slow'));
  assert.is((error as DOMException).name, 'TimeoutError');
  assert.match((error as DOMException).message, 'after 30 ms', 'the bootstrap option, not the 10 s default');
});

test('unmount while a call is out: it rejects with a DOMException named AbortError', async () => {
  const client: Client = await bootstrap({ captureErrors: false });
  const call = client.fetch('slow');
  await settle();
  await client.unmount();
  const error = await rejection(call);
  assert.instance(error, DOMException);
  assert.is((error as DOMException).name, 'AbortError');
});

test('a token-mode client sends the stored token; the kit records the header', async () => {
  fixture.server.update({ auth: 'token', routes: { 'GET /api/tickets': { status: 200, body: [] } } });
  localStorage.setItem('devToken', 'dev-123');
  const client = await bootstrap({ captureErrors: false });
  await client.fetch('tickets');
  const [request] = fixture.server.requests.filter((r) => r.path === '/api/tickets');
  assert.is(request?.headers.authorization, 'Bearer dev-123');
});

test.run();

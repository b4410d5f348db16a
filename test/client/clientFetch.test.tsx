import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import type { Client } from '../../src/types/client';
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

const dialog = () => fixture.el.shadowRoot?.querySelector('[role=dialog]') ?? null;
const sent = (path: string) => fixture.server.requests.filter((request) => request.path === path).length;

test('the session ends mid-day: the screen stays under the sign-in dialog, onSignInRequired once for a burst, the calls wait', async () => {
  let asked = 0;
  const client = await bootstrap({ production: true, captureErrors: false, render: screen, onSignInRequired: () => asked++ });
  await settle();
  assert.match(shadowText(), 'The tickets screen');
  assert.is((await client.fetch('tickets')).status, 200);
  assert.is(asked, 0);

  signedIn = false;
  let settled = 0;
  const calls = [client.fetch('tickets'), client.fetch('tickets?page=2'), client.fetch('tickets')].map((call) =>
    call.finally(() => void settled++),
  );
  await settle();
  assert.is(asked, 1, 'onSignInRequired once for the burst');
  const later = client.fetch('tickets').finally(() => void settled++);
  await settle();
  assert.is(asked, 1, 'and not again while the sign-in is under way');
  assert.is(settled, 0, 'every call waits for the sign-in');
  assert.is(sent('/api/web/tickets'), 4, 'the call made while the dialog is up was not sent');
  assert.ok(dialog(), 'the sign-in dialog is up');
  assert.is(dialog()?.getAttribute('aria-modal'), 'true');
  assert.match(dialog()?.textContent ?? '', 'Sign-in required');
  assert.match(shadowText(), 'The tickets screen', 'the screen stays beneath it');
  assert.ok(fixture.el.shadowRoot?.querySelector('.frame')?.hasAttribute('inert'), 'and is inert');
  assert.match(fixture.el.shadowRoot?.querySelector('header')?.textContent ?? '', 'Acme Service Desk', 'the header stays');

  signedIn = true;
  assert.ok(await client.reloadConfiguration());
  const responses = await Promise.all([...calls, later]);
  assert.equal(
    responses.map((response) => response.status),
    [200, 200, 200, 200],
  );
  assert.is(sent('/api/web/tickets'), 8, 'each sent again once');
  await settle();
  assert.is(dialog(), null, 'the dialog is gone from the DOM');
  assert.not.ok(fixture.el.shadowRoot?.querySelector('.frame')?.hasAttribute('inert'));
});

test('a reload still refused keeps the dialog, asking nothing more; one that succeeds brings the screen back; a later 401 asks again', async () => {
  let asked = 0;
  const client = await bootstrap({ production: true, captureErrors: false, render: screen, onSignInRequired: () => asked++ });
  signedIn = false;
  void client.fetch('tickets', { waitForSignIn: false });
  await settle();
  assert.ok(dialog());
  assert.is(await client.reloadConfiguration(), false, 'still signed out: stays');
  await settle();
  assert.ok(dialog());

  signedIn = true;
  assert.ok(await client.reloadConfiguration());
  await settle();
  assert.is(dialog(), null);
  assert.match(shadowText(), 'The tickets screen');

  signedIn = false;
  assert.is((await client.fetch('tickets', { waitForSignIn: false })).status, 401, 'waitForSignIn: false resolves with the 401');
  await settle();
  assert.ok(dialog());
  assert.is(asked, 2, 'each session end asked once');
});

test('the bootstrap timeoutMs is each client.fetch’s default: a call with no answer rejects with a TimeoutError', async () => {
  const client = await bootstrap({ captureErrors: false, timeoutMs: 30 });
  const error = await rejection(client.fetch('slow'));
  assert.is((error as DOMException).name, 'TimeoutError');
  assert.match((error as DOMException).message, 'after 30 ms', 'the bootstrap option, not the 10 s default');
});

test('timeoutMs above 2^31-1, or Infinity, is no time limit: as the bootstrap option and as a call’s own', async () => {
  const client = await bootstrap({ captureErrors: false, timeoutMs: Number.POSITIVE_INFINITY });
  const outcomes: string[] = [];
  const watch = (call: Promise<Response>, name: string) =>
    call.catch((error: DOMException) => void outcomes.push(`${name}: ${error.name}`));
  const calls = [watch(client.fetch('slow'), 'option'), watch(client.fetch('slow', { timeoutMs: 2 ** 31 }), 'own')];
  // A browser (and Node) fires a longer timer at once: a 50 ms limit set after them would lose to it.
  await watch(client.fetch('slow', { timeoutMs: 50 }), '50 ms');
  assert.equal(outcomes, ['50 ms: TimeoutError'], 'the two without a limit still wait');
  await client.unmount();
  await Promise.all(calls);
  assert.equal(outcomes.slice(1).sort(), ['option: AbortError', 'own: AbortError']);
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

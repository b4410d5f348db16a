// Drafts through bootstrap in happy-dom, as a person meets them: a form typed, the page reloaded
// (a fresh client over the same storage), and the text back with a notice that offers Discard;
// and nothing back after a save, a Discard, Leave, a sign-out, or for another user.
import '../setup';
import { h, render } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import { STORAGE_KEYS } from '../../src/product/constants';
import { makeJwt, resetPage } from '../../src/testing';
import type { Client, DraftState, Routes } from '../../src/types/client';
import { useDraft } from '../../src/ui/useDraft';
import { settle } from '../fakes';
import { mountAndServerEachTest } from './fixture';

const fixture = mountAndServerEachTest(test, { auth: 'secgw' });
const signInAs = (userId: number) =>
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId, exp: Math.floor(Date.now() / 1000) + 3600 }));
test.before.each(() => {
  signInAs(1042);
  history.replaceState(null, '', '/web/form');
});
test.after.each(() => {
  history.replaceState(null, '', '/web/');
  localStorage.clear();
});

const shadow = () => fixture.el.shadowRoot as ShadowRoot;
const buttonNamed = (name: string) =>
  [...shadow().querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === name) ?? null;
const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith(STORAGE_KEYS.drafts));

/** The form's draft as the screen has it now. */
let form: DraftState<string>;
function Form() {
  form = useDraft('comment', '');
  return <textarea aria-label="Comment" value={form[0]} />;
}
const ROUTES: Routes = { form: Form, other: () => <h2>Other</h2> };

async function start(): Promise<Client> {
  const client = await bootstrap({ production: true, captureErrors: false, routes: ROUTES });
  await settle();
  return client;
}
/** A reload: the page goes (what waits is written, as on pagehide), and the same page starts again over the same storage. */
async function reload(): Promise<Client> {
  await resetPage({ keepStorage: true });
  return start();
}
async function type(text: string) {
  form[1](text);
  await settle();
}
const field = () => shadow().querySelector('textarea')?.value;

test('typed, reloaded: the text is back, the screen unsaved, and a notice says so with Discard', async () => {
  const before = await start();
  assert.is(form[2].restoredAt, null);
  await type('Toner replaced');
  assert.is(before.state.unsaved.value, true, 'unsaved through useDraft alone');
  const client = await reload();
  assert.is(field(), 'Toner replaced');
  assert.type(form[2].restoredAt, 'number');
  assert.is(client.state.unsaved.value, true, 'unsaved at once');
  const status = shadow().querySelector('[role=status]');
  assert.match(status?.textContent ?? '', /Restored unsaved changes from .+\./);
  assert.ok(buttonNamed('Discard'), 'Discard offered');
});

test('Discard in the notice: the text goes, initial is back, nothing is kept', async () => {
  await start();
  await type('Toner replaced');
  const client = await reload();
  buttonNamed('Discard')?.click();
  await settle();
  assert.is(field(), '');
  assert.is(client.state.unsaved.value, false);
  assert.equal(drafts(), []);
  assert.is(buttonNamed('Discard'), null, 'the notice went');
  await reload();
  assert.is(form[2].restoredAt, null);
  assert.is(field(), '');
});

test('saved (clear): the value stays, the screen is saved, and a reload brings nothing back', async () => {
  const client = await start();
  await type('Toner replaced');
  form[2].clear();
  await settle();
  assert.is(field(), 'Toner replaced');
  assert.is(client.state.unsaved.value, false);
  await reload();
  assert.is(field(), '');
});

test('typed back to where it started: not unsaved, nothing kept', async () => {
  const client = await start();
  await type('x');
  await type('');
  assert.is(client.state.unsaved.value, false);
  await reload();
  assert.is(form[2].restoredAt, null);
  assert.equal(drafts(), []);
});

test('Leave in the leave dialog: the draft goes with the screen', async () => {
  const client = await start();
  await type('Toner replaced');
  client.navigate('/web/other');
  await settle();
  buttonNamed('Leave')?.click();
  await settle();
  assert.ok(shadow().textContent?.includes('Other'), 'moved');
  assert.equal(drafts(), []);
  history.replaceState(null, '', '/web/form');
  await reload();
  assert.is(field(), '');
});

test('signed out: nothing of the typing stays in storage, not even what waited to be written', async () => {
  const client = await bootstrap({ production: true, captureErrors: false, routes: ROUTES, onSignOut: () => {} });
  await settle();
  await type('Kept a moment ago');
  await resetPage({ keepStorage: true });
  const again = await bootstrap({ production: true, captureErrors: false, routes: ROUTES, onSignOut: () => {} });
  await settle();
  await type('Typed just now');
  assert.not.equal(drafts(), [], 'one kept from before');
  again.signOut();
  await settle();
  assert.equal(drafts(), []);
  assert.ok(client);
});

test('another user on this browser: the first one’s drafts are not shown, and are gone', async () => {
  await start();
  await type('For 1042 only');
  await resetPage({ keepStorage: true });
  signInAs(7);
  await start();
  assert.is(field(), '');
  assert.is(form[2].restoredAt, null);
  assert.equal(drafts(), []);
});

test('a value JSON cannot hold is a TypeError at once, and nothing is kept', async () => {
  const client = await start();
  assert.throws(
    () => form[1]((() => {}) as unknown as string),
    (error: unknown) => error instanceof TypeError,
  );
  await settle();
  assert.is(client.state.unsaved.value, false);
  await reload();
  assert.equal(drafts(), []);
});

test('useDraft outside a screen the client renders says where it belongs', () => {
  assert.throws(() => render(<Form />, document.createElement('div')), /only available inside a screen/);
});

test.run();

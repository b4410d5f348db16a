// A working day that loses nothing, through bootstrap in happy-dom: the sign-in dialog over a kept
// screen, unsaved work and the leave question (links, navigate, Back), Sign out asking, notices from
// screens, the notice before the session ends, and another user coming back.
import '../setup';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap, unmount } from '../../src/client/bootstrap';
import { STORAGE_KEYS } from '../../src/product/constants';
import { makeJwt } from '../../src/testing';
import type { Client, Routes, ScreenProps } from '../../src/types/client';
import { settle } from '../fakes';
import { mountAndServerEachTest } from './fixture';

let signedIn = true;
const fixture = mountAndServerEachTest(test, {
  auth: 'secgw',
  signedIn: () => signedIn,
  routes: { 'PUT /api/web/tickets/SD-1': () => (signedIn ? { status: 200, body: { saved: true } } : { status: 401 }) },
});
test.before.each(() => {
  signedIn = true;
  // The gateway's user: a write goes again only for a user the client can tell is the same.
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1042, exp: Math.floor(Date.now() / 1000) + 3600 }));
  history.replaceState(null, '', '/web/');
});
test.after.each(() => {
  history.replaceState(null, '', '/web/');
  localStorage.clear();
});

const shadow = () => fixture.el.shadowRoot as ShadowRoot;
const inShadow = <E extends Element = HTMLElement>(selector: string) => shadow().querySelector<E>(selector);
const buttonNamed = (name: string) =>
  [...shadow().querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === name) ?? null;

/** A form whose comment is typed and saved: it says it holds unsaved work from the first key to the save. */
function Form({ client }: { client: Client }) {
  const [comment, setComment] = useState('');
  const [said, setSaid] = useState('');
  const save = async () => {
    const response = await client.fetch('tickets/SD-1', { method: 'PUT', json: { comment } });
    setSaid(`status ${response.status}`);
    if (response.ok) client.setUnsaved(false);
  };
  return (
    <section>
      <h2>Ticket SD-1</h2>
      <textarea
        aria-label="Comment"
        value={comment}
        onInput={(event) => {
          setComment((event.target as HTMLTextAreaElement).value);
          client.setUnsaved(true);
        }}
      />
      <button type="button" onClick={save}>
        Save
      </button>
      <p class="said">{said}</p>
    </section>
  );
}

const ROUTES: Routes = {
  '': () => (
    <section>
      <h2>Start</h2>
      <a href="/web/form">Form</a>
    </section>
  ),
  form: ({ client }: ScreenProps) => (
    <div>
      <Form client={client} />
      <a href="/web/">Start</a> <a href="#notes">Notes</a>
      <h3 id="notes">Notes</h3>
    </div>
  ),
};

function type(text: string) {
  const field = inShadow<HTMLTextAreaElement>('textarea');
  assert.ok(field);
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return field;
}

function click(element: Element | null) {
  assert.ok(element, 'it is there');
  const record = (event: Event) => event.preventDefault(); // happy-dom would load the page otherwise
  window.addEventListener('click', record);
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, button: 0 }));
  window.removeEventListener('click', record);
}

const key = (element: Element | null, name: string) =>
  element?.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

async function startAt(path: string, options = {}) {
  history.replaceState(null, '', path);
  const client = await bootstrap({ production: true, captureErrors: false, routes: ROUTES, ...options });
  await settle();
  return client;
}

test('mid-day: the typed form stays under the sign-in dialog, Save waits, and goes once when the session is back; focus returns', async () => {
  const client = await startAt('/web/form');
  const field = type('Printer fixed, toner replaced');
  await settle();
  signedIn = false;
  click(buttonNamed('Save'));
  await settle();
  const dialog = inShadow('[role=dialog]');
  assert.ok(dialog, 'the sign-in dialog');
  assert.is(dialog?.getAttribute('aria-modal'), 'true');
  assert.is(shadow().getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent, 'Sign-in required');
  assert.is(shadow().activeElement?.textContent, 'Sign in', 'focus moved into the dialog');
  assert.is(inShadow<HTMLTextAreaElement>('textarea'), field, 'the same field, kept');
  assert.is(field.value, 'Printer fixed, toner replaced');
  assert.ok(inShadow('.frame')?.hasAttribute('inert'), 'the screen is inert');
  key(dialog, 'Escape');
  await settle();
  assert.ok(inShadow('[role=dialog]'), 'Escape does not close it');
  assert.is(inShadow('.said')?.textContent, '', 'Save still waits');

  signedIn = true;
  await client.reloadConfiguration();
  await settle();
  await settle();
  assert.is(inShadow('[role=dialog]'), null, 'gone from the DOM');
  assert.is(shadow().activeElement, field, 'focus is back where it was');
  assert.is(inShadow('.said')?.textContent, 'status 200');
  const puts = fixture.server.requests.filter((request) => request.method === 'PUT');
  assert.is(puts.length, 2, 'the 401, then once after the sign-in');
  assert.equal(JSON.parse(puts[1]?.body ?? '{}'), { comment: 'Printer fixed, toner replaced' });
  assert.is(client.state.unsaved.value, false);
});

test("the dialog's Sign in: a refused new tab is said, and this tab is offered; a host's onSignInRequired is called again instead", async () => {
  const open = window.open;
  window.open = (() => null) as typeof window.open;
  try {
    const client = await startAt('/web/form');
    signedIn = false;
    void client.fetch('tickets/SD-1', { method: 'PUT', json: {}, waitForSignIn: false });
    await settle();
    click(buttonNamed('Sign in'));
    await settle();
    assert.match(inShadow('[role=dialog]')?.textContent ?? '', 'The browser did not open a new tab.');
    assert.ok(buttonNamed('Sign in in this tab'), 'this tab is offered');
  } finally {
    window.open = open;
  }
  await unmount();
  signedIn = true;
  let asked = 0;
  const hosted = await startAt('/web/form', { onSignInRequired: () => asked++ });
  signedIn = false;
  void hosted.fetch('tickets/SD-1', { method: 'PUT', json: {}, waitForSignIn: false });
  await settle();
  assert.is(asked, 1, 'once when the 401 arrives');
  assert.ok(inShadow('[role=dialog]'), 'and the dialog shows as well');
  click(buttonNamed('Sign in'));
  assert.is(asked, 2, "the dialog's Sign in calls it again");
});

test('another user back: the waiting call rejects, unsaved work goes, the screen is shown afresh', async () => {
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1042, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const client = await startAt('/web/form');
  type('half a comment');
  signedIn = false;
  const call = client.fetch('tickets/SD-1', { method: 'PUT', json: { comment: 'x' } });
  await settle();
  assert.ok(inShadow('[role=dialog]'));
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  signedIn = true;
  await client.reloadConfiguration();
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  assert.match(String(error), 'another user');
  await settle();
  assert.is(inShadow<HTMLTextAreaElement>('textarea')?.value, '', 'the form is shown afresh');
  assert.is(client.state.unsaved.value, false);
  assert.is(fixture.server.requests.filter((request) => request.method === 'PUT').length, 1, 'nothing sent for the next user');
});

test("a ready tab follows another user's sign-in elsewhere: the first user's text goes, a notice says who, nothing of theirs is sent", async () => {
  const client = await startAt('/web/form');
  type('Ann was typing this');
  assert.is(client.state.unsaved.value, true);
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 7, name: 'Ben Ortiz', exp: Math.floor(Date.now() / 1000) + 3600 }));
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.jwt }));
  await settle();
  assert.is(inShadow<HTMLTextAreaElement>('textarea')?.value, '', 'the form is shown afresh');
  assert.is(client.state.unsaved.value, false);
  const status = [...shadow().querySelectorAll('[role=status]')].map((region) => region.textContent).join(' ');
  assert.match(status, 'Signed in as Ben Ortiz now. Unsaved work on this page was not kept.');
  assert.is(fixture.server.requests.filter((request) => request.method === 'PUT').length, 0);
});

test("a screen's client is the screen's: a left screen's late setUnsaved(false) keeps the next one's work; its fetch sends nothing", async () => {
  let leftClient: Client | undefined;
  const routes: Routes = {
    ...ROUTES,
    '': ({ client }: ScreenProps) => {
      leftClient = client;
      return (
        <section>
          <h2>Start</h2>
          <a href="/web/form">Form</a>
        </section>
      );
    },
  };
  const client = await startAt('/web/', { routes });
  click(inShadow('a[href="/web/form"]'));
  await settle();
  type('typed on the form');
  leftClient?.setUnsaved(false);
  assert.is(client.state.unsaved.value, true, 'the form still holds its work');
  const sent = fixture.server.requests.length;
  const refused = await leftClient?.fetch('tickets').then(
    () => null,
    (reason: unknown) => reason as DOMException,
  );
  assert.is(refused?.name, 'AbortError');
  assert.is(fixture.server.requests.length, sent, 'nothing sent');
});

test('a link with unsaved work asks first: Stay (focused first; Escape too) keeps the screen, Leave moves and clears it', async () => {
  const client = await startAt('/web/form');
  type('draft');
  assert.is(client.state.unsaved.value, true);
  click(inShadow('a[href="/web/"]'));
  await settle();
  const question = inShadow('[role=alertdialog]');
  assert.ok(question);
  assert.is(question?.getAttribute('aria-modal'), 'true');
  assert.match(question?.textContent ?? '', 'Leave this page?');
  assert.match(question?.textContent ?? '', 'Changes you made will not be saved.');
  assert.is(shadow().activeElement?.textContent, 'Stay');
  click(buttonNamed('Stay'));
  await settle();
  assert.is(location.pathname, '/web/form');
  assert.is(inShadow<HTMLTextAreaElement>('textarea')?.value, 'draft');
  client.navigate('/web/');
  await settle();
  key(inShadow('[role=alertdialog]'), 'Escape');
  await settle();
  assert.is(inShadow('[role=alertdialog]'), null, 'Escape means Stay');
  assert.is(location.pathname, '/web/form');
  click(inShadow('a[href="/web/"]'));
  await settle();
  click(buttonNamed('Leave'));
  await settle();
  assert.is(location.pathname, '/web/');
  assert.match(inShadow('.main')?.textContent ?? '', 'Start');
  assert.is(client.state.unsaved.value, false);
});

test('a link to a place on the same screen moves without asking and keeps the unsaved work', async () => {
  const client = await startAt('/web/form');
  const field = type('draft');
  const shown: string[] = [];
  const notes = inShadow('#notes');
  if (notes) notes.scrollIntoView = () => void shown.push('notes');
  click(inShadow('a[href="#notes"]'));
  await settle();
  assert.is(inShadow('[role=alertdialog]'), null, 'nothing asked');
  assert.is(location.pathname + location.hash, '/web/form#notes');
  assert.equal(shown, ['notes'], 'the place is shown');
  assert.is(client.state.unsaved.value, true, 'the unsaved work stays');
  assert.is(inShadow('textarea'), field, 'the same field');
  assert.is((field as HTMLTextAreaElement).value, 'draft');
  client.navigate('#');
  await settle();
  assert.is(inShadow('[role=alertdialog]'), null);
  assert.is(client.state.unsaved.value, true);
});

test('Back with unsaved work asks; Stay goes forward again by the distance moved; without unsaved work Back just moves', async () => {
  const client = await startAt('/web/');
  client.navigate('/web/form');
  await settle();
  type('draft');
  const went: number[] = [];
  const go = history.go;
  history.go = (delta?: number) => void went.push(delta ?? 0);
  try {
    history.replaceState({ emwebIndex: 0 }, '', '/web/'); // where Back lands
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    assert.ok(inShadow('[role=alertdialog]'));
    assert.match(inShadow('.main')?.textContent ?? '', 'Ticket SD-1', 'the screen stays while asking');
    click(buttonNamed('Stay'));
    await settle();
    assert.equal(went, [1], 'forward again, to the screen’s entry');
  } finally {
    history.go = go;
  }
  client.setUnsaved(false);
  window.dispatchEvent(new PopStateEvent('popstate'));
  await settle();
  assert.is(inShadow('[role=alertdialog]'), null);
  assert.match(inShadow('.main')?.textContent ?? '', 'Start');
});

test('the built-in Sign out asks with unsaved work; Stay signs nobody out; a sign-out clears it', async () => {
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1 }));
  const signedOut: Client[] = [];
  const client = await startAt('/web/form', { onSignOut: (c: Client) => void signedOut.push(c) });
  type('draft');
  click(inShadow('[aria-haspopup=menu]'));
  await settle();
  click([...shadow().querySelectorAll('[role=menuitem]')].find((item) => item.textContent === 'Sign out') ?? null);
  await settle();
  await settle();
  const question = inShadow('[role=alertdialog]');
  assert.match(question?.textContent ?? '', 'Sign out with unsaved changes?');
  click(buttonNamed('Stay'));
  await settle();
  assert.equal(signedOut, []);
  assert.ok(localStorage.getItem(STORAGE_KEYS.jwt), 'still signed in');
  client.signOut();
  assert.is(signedOut.length, 1, 'client.signOut() does not ask');
  assert.is(client.state.unsaved.value, false);
});

test('client.notify: polite notices in the status region, errors in the alert region until dismissed, a count for repeats', async () => {
  const client = await startAt('/web/');
  client.notify('Saved', { tone: 'success' });
  client.notify('Saved', { tone: 'success' });
  const dismissError = client.notify('<b>Not saved</b>', { tone: 'error' });
  await settle();
  const polite = inShadow('.notices [role=status][aria-live=polite]');
  const alert = inShadow('.notices [role=alert]');
  assert.is(polite?.textContent, 'Saved×2');
  assert.is(alert?.textContent, '<b>Not saved</b>', 'as text, never HTML');
  assert.is(alert?.querySelector('button')?.getAttribute('aria-label'), 'Dismiss');
  click(polite?.querySelector('button') ?? null);
  await settle();
  assert.is(polite?.textContent, '');
  dismissError();
  await settle();
  assert.is(alert?.textContent, '');
});

test('the notice before the session ends: its local time and Sign in again; a newer JWT takes it away', async () => {
  const exp = Math.floor(Date.now() / 1000) + 60;
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1, exp }));
  let asked = 0;
  await startAt('/web/', { onSignInRequired: () => asked++ });
  const time = new Date(exp * 1000).toLocaleTimeString([], { timeStyle: 'short' });
  const notice = () =>
    [...shadow().querySelectorAll('.notices [role=status]')].find((region) => region.textContent?.includes('Your session ends'));
  assert.match(notice()?.textContent ?? '', `Your session ends at ${time}.`);
  click(buttonNamed('Sign in again'));
  assert.is(asked, 1, 'signs in as the dialog does: the host’s own');
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1, exp: exp + 3600 }));
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.jwt }));
  await settle();
  assert.is(notice(), undefined);
});

test('an exp already past: the notice says the session has ended, not a past time, and keeps Sign in again', async () => {
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1, exp: Math.floor(Date.now() / 1000) - 600 }));
  let asked = 0;
  await startAt('/web/', { onSignInRequired: () => asked++ });
  const notice = [...shadow().querySelectorAll('.notices [role=status]')].find((region) =>
    region.textContent?.includes('Your session'),
  );
  assert.is(notice?.querySelector('span')?.textContent, 'Your session has ended.');
  click(buttonNamed('Sign in again'));
  assert.is(asked, 1);
});

test('warnBeforeExpiryMs: 0 shows no notice', async () => {
  localStorage.setItem(STORAGE_KEYS.jwt, makeJwt({ userId: 1, exp: Math.floor(Date.now() / 1000) + 60 }));
  await startAt('/web/', { warnBeforeExpiryMs: 0 });
  assert.not.match(shadow().textContent ?? '', 'Your session ends');
});

test('beforeunload asks only while there is unsaved work, and not after the client ends', async () => {
  const client = await startAt('/web/form');
  const asks = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  assert.is(asks(), false);
  client.setUnsaved(true);
  assert.is(asks(), true);
  client.setUnsaved(false);
  assert.is(asks(), false);
  client.setUnsaved(true);
  await client.unmount();
  assert.is(asks(), false);
});

test.run();

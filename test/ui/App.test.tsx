import { h } from 'preact';
import '../setup';
import { render } from 'react-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILD_VERSION } from '../../src/product/constants';
import { applyStartupUpdate } from '../../src/state/clientState';
import { App } from '../../src/ui/App';
import { useClient } from '../../src/ui/hooks';
import { DEFAULT_STRINGS } from '../../src/ui/strings';
import { settle } from '../fakes';
import { actionsNamed, buttonNamed, fakeShell, readyShell, renderHostEachTest } from './fixtures';

const fixture = renderHostEachTest(test);

const text = () => fixture.host.textContent ?? '';
const header = () => fixture.host.querySelector('header')?.textContent ?? '';

test('shows a loading state at once, busy, and claims nothing about the user or the sign-in', async () => {
  const { shell, state, claims, userName } = fakeShell();
  render(<App shell={shell} />, fixture.host);
  assert.is(fixture.host.querySelector('[role=status]')?.textContent, 'Starting…');
  assert.is(fixture.host.querySelector('[aria-busy]')?.getAttribute('aria-busy'), 'true');
  // The mode and even the claims may be known before start-up is done: still no word on who is signed in.
  applyStartupUpdate(state, { authType: 'secgw' });
  claims.value = { userId: 'ann' };
  userName.value = 'Ann Example';
  await settle();
  assert.not.match(header(), 'Not signed in');
  assert.not.match(header(), 'Signed in');
  assert.not.match(header(), 'ann');
  assert.not.match(header(), 'Ann');
});

test('the header shows displayName, user, sign-in mode, both versions and the cloud marker', async () => {
  const { shell } = readyShell();
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('h1')?.textContent, 'Acme Service Desk');
  for (const fact of ['ann', 'Security gateway', 'Server 5.3.1', `Build ${BUILD_VERSION}`, 'Cloud']) assert.match(header(), fact);
  assert.is(fixture.host.querySelector('[aria-busy]')?.getAttribute('aria-busy'), 'false');
});

test("the signed-in user reads as a person: the token's name with a label, else the id with one", async () => {
  const { shell, userName } = readyShell();
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.match(header(), 'Signed in as user ann');
  userName.value = 'Jürgen Müller';
  await settle();
  assert.match(header(), 'Signed in as Jürgen Müller');
  assert.not.match(header(), 'ann');
});

test('the header follows the state: no cloud marker when not in the cloud, "Not signed in" without claims', async () => {
  const { shell, state, claims } = readyShell();
  render(<App shell={shell} />, fixture.host);
  applyStartupUpdate(state, { isCloud: false });
  claims.value = null;
  await settle();
  assert.not.match(header(), 'Cloud');
  assert.match(header(), 'Not signed in');
});

test('the product name falls back to the app name when the configuration has none', async () => {
  const { shell, state } = readyShell();
  render(<App shell={shell} />, fixture.host);
  applyStartupUpdate(state, { config: false });
  await settle();
  assert.is(fixture.host.querySelector('h1')?.textContent, 'EMWeb');
});

test('server text with HTML in it is shown as text, never as markup', async () => {
  const { shell, state, claims } = readyShell();
  const hostile = '<img src=x onerror="window.__pwned=1"><i>italic</i>';
  applyStartupUpdate(state, {
    config: { displayName: hostile, configurationItemName: hostile },
    version: hostile,
  });
  claims.value = { userId: hostile };
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('img'), null, 'no <img> element was created');
  assert.is(fixture.host.querySelector('i'), null, 'no <i> element was created');
  assert.is(fixture.host.querySelector('h1')?.textContent, hostile);
});

test('a rejected start: a plain headline, the exact message below it, and Retry', async () => {
  const { shell, calls, status } = fakeShell();
  status.value = { tag: 'failed', message: 'unhandled error case in getAuthTypeAsync status 500' };
  render(<App shell={shell} />, fixture.host);
  await settle();
  const alert = fixture.host.querySelector('[role=alert]');
  assert.is(alert?.querySelector('h2')?.textContent, 'The client could not start');
  assert.is(
    fixture.host.querySelector('header small')?.textContent,
    `Build ${BUILD_VERSION}`,
    'no placeholder for a version never asked for',
  );
  assert.is(alert?.querySelector('p')?.textContent, 'unhandled error case in getAuthTypeAsync status 500');
  buttonNamed(fixture.host, 'Retry')?.click();
  assert.equal(calls, ['retry']);
});

test('sign-in required: a headline, a sentence, a Sign in button, the focus on the headline, and no speed dial', async () => {
  const { shell, calls, status } = fakeShell({ _actions: actionsNamed('One') });
  render(<App shell={shell} />, fixture.host);
  status.value = { tag: 'signInRequired' };
  await settle();
  assert.is(fixture.host.querySelector('[role=alert] h2')?.textContent, 'Sign-in required');
  assert.is(document.activeElement, fixture.host.querySelector('[role=alert] h2'), 'a screen reader hears what is asked');
  assert.is(fixture.host.querySelector('[aria-haspopup=menu]'), null, 'no actions of a client that is not there');
  buttonNamed(fixture.host, 'Sign in')?.click();
  assert.equal(calls, ['signIn']);
});

test('ended: the main area shows nothing of the client, the header no user, and there is no speed dial', async () => {
  const { shell, status } = readyShell({ _actions: actionsNamed('One') });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.ok(fixture.host.querySelector('[aria-haspopup=menu]'), 'ready first');
  status.value = { tag: 'ended' };
  await settle();
  assert.is(fixture.host.querySelector('.main')?.textContent, '');
  assert.not.match(header(), 'Signed in');
  assert.is(fixture.host.querySelector('[aria-haspopup=menu]'), null);
});

test('focus: a first start takes none; after Retry it moves to the heading of what is shown', async () => {
  const { shell, status } = fakeShell();
  render(<App shell={shell} />, fixture.host);
  status.value = { tag: 'failed', message: 'boom' };
  await settle();
  assert.is.not(document.activeElement, fixture.host.querySelector('h2'), 'no focus taken from the page unasked');
  status.value = { tag: 'loading' };
  await settle();
  status.value = { tag: 'failed', message: 'boom again' };
  await settle();
  assert.is(document.activeElement, fixture.host.querySelector('h2'));
  assert.is(document.activeElement?.textContent, 'The client could not start');
});

test('once ready, the home view says what the header does not: the API base and the configuration', async () => {
  const { shell, state } = readyShell();
  applyStartupUpdate(state, { authType: 'token' });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('section p')?.textContent, 'API base /api/ · configuration ACME-1');
  applyStartupUpdate(state, { config: false });
  await settle();
  assert.is(fixture.host.querySelector('section p')?.textContent, 'API base /api/ · configuration unavailable');
});

test('every text comes from the strings table: a host table replaces them', async () => {
  const strings = {
    ...DEFAULT_STRINGS,
    homeTitle: 'Start',
    homeDetail: 'API-Basis {apiBase}',
    modeSecgw: 'Sicherheits-Gateway',
    menu: 'Aktionen',
  };
  const { shell } = readyShell({ _strings: strings, _actions: actionsNamed('Eins') });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.match(text(), 'API-Basis');
  assert.match(header(), 'Sicherheits-Gateway');
  assert.is(fixture.host.querySelector('[aria-haspopup=menu]')?.getAttribute('aria-label'), 'Aktionen');
});

test('useClient outside a rendered screen throws a clear error', () => {
  function Lost() {
    useClient();
    return null;
  }
  assert.throws(() => render(<Lost />, fixture.host), /only available inside a screen/);
});

test('the floating action button appears only once the client is ready', async () => {
  const loading = fakeShell({ _actions: actionsNamed('One') });
  render(<App shell={loading.shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('[aria-haspopup=menu]'), null);
  render(null, fixture.host);
  const { shell } = readyShell({ _actions: actionsNamed('One') });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.ok(fixture.host.querySelector('[aria-haspopup=menu]'));
});

test('a notice is announced in a polite live region', async () => {
  const { shell } = fakeShell();
  render(<App shell={shell} />, fixture.host);
  shell._notices._notify('Configuration reloaded');
  await settle();
  assert.match(fixture.host.querySelector('[aria-live=polite]')?.textContent ?? '', 'Configuration reloaded');
});

test('the breakpoint is on the shell for its styles, and follows the state', async () => {
  const { shell, state } = readyShell();
  render(<App shell={shell} />, fixture.host);
  state.breakpoint.value = 'xs';
  await settle();
  assert.is(fixture.host.querySelector('[data-breakpoint]')?.getAttribute('data-breakpoint'), 'xs');
});

test('the client claims no <main> landmark: the host page owns it', async () => {
  const { shell } = readyShell();
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('main'), null);
});

test.run();

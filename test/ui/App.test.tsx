import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'react-dom';
import { App } from '../../src/ui/App';
import { useBreakpoint, useClient } from '../../src/ui/hooks';
import { actionsNamed, fakeClient, fakeShell, settle } from './fixtures';

let host: HTMLElement;
test.before.each(() => {
  host = document.createElement('div');
  document.body.append(host);
});
test.after.each(() => {
  render(null, host);
  host.remove();
});

const text = () => host.textContent ?? '';

test('shows a loading state at once, before anything is known', () => {
  const { shell } = fakeShell();
  render(<App shell={shell} />, host);
  const status = host.querySelector('[role=status]');
  assert.ok(status, 'a status region');
  assert.match(text(), 'Starting…');
  assert.is(host.querySelector('.r')!.getAttribute('aria-busy'), 'true');
});

test('the header shows displayName, user, sign-in mode, versions and the cloud marker', async () => {
  const { shell, state } = fakeShell();
  render(<App shell={shell} />, host);
  state.config.value = { displayName: 'Acme Service Desk', configurationItemName: 'ACME' };
  state.authType.value = 'secgw';
  state.version.value = '5.3.1 (build 77)';
  state.isCloud.value = true;
  state.claims.value = { userId: 'jürgen.müller', profileId: 'p1' };
  await settle();
  const header = host.querySelector('header')!;
  assert.is(header.querySelector('h1')!.textContent, 'Acme Service Desk');
  assert.match(header.textContent!, 'jürgen.müller');
  assert.match(header.textContent!, 'Security gateway');
  assert.match(header.textContent!, 'Server 5.3.1 (build 77)');
  assert.match(header.textContent!, 'Build 1.229.0');
  assert.match(header.textContent!, 'Cloud');
});

test('no cloud marker when the instance is not in the cloud', async () => {
  const { shell, state } = fakeShell();
  state.isCloud.value = false;
  render(<App shell={shell} />, host);
  await settle();
  assert.not.ok(host.querySelector('.cloud'));
});

test('server text with HTML in it is shown as text, never as markup', async () => {
  const { shell, state } = fakeShell();
  const hostile = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  state.config.value = { displayName: hostile, configurationItemName: hostile };
  state.version.value = hostile;
  state.claims.value = { userId: hostile };
  shell.phase.value = 'ready';
  shell.client.value = fakeClient(shell);
  render(<App shell={shell} />, host);
  await settle();
  assert.is(host.querySelector('img'), null, 'no <img> element was created');
  assert.is(host.querySelector('b'), null, 'no <b> element was created');
  assert.is(host.querySelector('h1')!.textContent, hostile);
  assert.match(text(), 'onerror=');
});

test('a rejected start shows its message and a Retry button that boots again', async () => {
  const { shell, calls } = fakeShell();
  shell.phase.value = 'error';
  shell.error.value = 'unhandled error case in getAuthTypeAsync status 500';
  render(<App shell={shell} />, host);
  await settle();
  assert.match(host.querySelector('[role=alert]')!.textContent!, 'unhandled error case in getAuthTypeAsync status 500');
  const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
  assert.ok(retry, 'a button named Retry');
  retry.click();
  assert.equal(calls, ['retry']);
});

test('sign-in required shows a Sign in button', async () => {
  const { shell, calls } = fakeShell();
  shell.phase.value = 'signin';
  render(<App shell={shell} />, host);
  await settle();
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Sign in')!;
  button.click();
  assert.equal(calls, ['signIn']);
});

test('once ready, the home view lists the start-up facts', async () => {
  const { shell, state } = fakeShell();
  state.authType.value = 'token';
  state.config.value = { displayName: 'D', configurationItemName: 'CI-42' };
  state.version.value = '9.9';
  state.isCloud.value = false;
  state.claims.value = { userId: 'ann', profileId: 'admin', langId: 'de', sid: 's-1' };
  shell.phase.value = 'ready';
  shell.client.value = { ...fakeClient(shell), apiBase: '/api/' };
  render(<App shell={shell} />, host);
  await settle();
  const main = host.querySelector('.r > div.m')!.textContent!;
  for (const fact of ['Token', '/api/', 'CI-42', '9.9', 'No', 'ann']) {
    assert.match(main, fact);
  }
});

test('render option: host screens get the client and the breakpoint through hooks', async () => {
  const { shell, state } = fakeShell();
  function Screen() {
    const client = useClient();
    const bp = useBreakpoint();
    return <p id="screen">{`${client.apiBase} at ${bp}`}</p>;
  }
  shell.render = () => <Screen />;
  shell.phase.value = 'ready';
  shell.client.value = fakeClient(shell);
  render(<App shell={shell} />, host);
  await settle();
  assert.is(host.querySelector('#screen')!.textContent, '/api/web/ at lg');
  state.breakpoint.value = 'xs';
  await settle();
  assert.is(host.querySelector('#screen')!.textContent, '/api/web/ at xs');
  assert.is(host.querySelector('.r')!.getAttribute('data-bp'), 'xs');
});

test('a host screen that throws is contained; the shell stays', async () => {
  const { shell } = fakeShell();
  const errors: unknown[] = [];
  shell.render = () => {
    const Boom = () => {
      throw new Error('screen bug');
    };
    return <Boom />;
  };
  shell.phase.value = 'ready';
  const client = fakeClient(shell);
  client.logger = { error: (...a: unknown[]) => errors.push(a) } as unknown as typeof client.logger;
  shell.client.value = client;
  render(<App shell={shell} />, host);
  await settle();
  await settle();
  assert.ok(host.querySelector('header'), 'the header is still there');
  assert.match(host.querySelector('[role=alert]')!.textContent!, 'screen bug');
  assert.is(errors.length, 1, 'the failure was logged');
});

test('useClient outside a rendered screen throws a clear error', () => {
  function Lost() {
    useClient();
    return null;
  }
  assert.throws(() => render(<Lost />, host), /only available inside a screen/);
});

test('the floating action button appears only once the client is ready', async () => {
  const { shell } = fakeShell({ actions: actionsNamed('One') });
  render(<App shell={shell} />, host);
  await settle();
  assert.is(host.querySelector('[aria-haspopup=menu]'), null);
  shell.phase.value = 'ready';
  shell.client.value = fakeClient(shell);
  await settle();
  assert.ok(host.querySelector('[aria-haspopup=menu]'));
});

test('a notice is announced in a polite live region', async () => {
  const { shell } = fakeShell();
  render(<App shell={shell} />, host);
  shell.notice.value = 'Configuration reloaded';
  await settle();
  const live = host.querySelector('[aria-live=polite]')!;
  assert.is(live.textContent, 'Configuration reloaded');
});

test('the client claims no <main> landmark: the host page owns it', async () => {
  const { shell } = fakeShell();
  shell.phase.value = 'ready';
  shell.client.value = fakeClient(shell);
  render(<App shell={shell} />, host);
  await settle();
  assert.is(host.querySelector('main'), null);
});

test.run();

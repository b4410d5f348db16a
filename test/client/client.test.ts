import '../setup';
import { signal } from '@preact/signals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Claims } from '../../src/auth/claims';
import { createClient } from '../../src/client/client';
import { applyStartupUpdate, createClientState } from '../../src/state/clientState';
import type { Client } from '../../src/types/client';
import { memoryStorage, nothingElsewhere } from '../fakes';
import { fakeLogger } from '../ui/fixtures';

function setup(onSignOut: (client: Client) => void = () => {}) {
  const claims = signal<Claims | null>(null);
  const state = createClientState(true, { ...nothingElsewhere(), claims });
  const local = memoryStorage();
  const client = createClient({
    state: state,
    logger: fakeLogger().logger,
    local: local,
    reloadConfiguration: async () => false,
    fetch: () => Promise.reject(new Error('no API in this test')),
    onSignOut: onSignOut,
    navigate: undefined,
    setUnsaved: () => {},
    notify: () => () => {},
    unmount: async () => {},
  });
  return { state, claims, local, client };
}

test('the facts are read from the state, so they stay true when it changes', () => {
  const { state, claims, client } = setup();
  applyStartupUpdate(state, { authType: 'secgw', config: { displayName: 'A' }, version: '1', isCloud: true });
  claims.value = null;
  assert.is(client.apiBase, '/api/web/');
  assert.equal(client.config, { displayName: 'A' });
  applyStartupUpdate(state, { config: { displayName: 'B' }, authType: 'oracle' });
  assert.equal(client.config, { displayName: 'B' });
  assert.is(client.authType, 'oracle');
  assert.is(client.apiBase, '/api/');
  for (const name of Object.keys(state) as (keyof typeof state)[]) assert.is(client.state[name].value, state[name].value, name);
});

test("client.state is read-only for the host at run time: writing a signal or swapping one throws, the client's own writes show", () => {
  const { state, client } = setup();
  for (const name of Object.keys(state) as (keyof typeof state)[]) {
    const view = client.state[name] as { value: unknown };
    assert.throws(
      () => {
        view.value = 'forged';
      },
      undefined,
      name,
    );
    assert.throws(
      () => {
        (client.state as Record<string, unknown>)[name] = { value: 'forged' };
      },
      undefined,
      name,
    );
  }
  applyStartupUpdate(state, { authType: 'token', version: '2' });
  assert.is(client.state.authType.value, 'token');
  assert.is(client.state.version.value, '2');
  assert.is(client.state.apiBase.value, '/api/');
});

test('a fact read before start-up learnt it is a clear error, not a wrong value', () => {
  const { client } = setup();
  assert.throws(() => client.authType, /read before start-up learnt it/);
  assert.is(client.claims, null, 'no claims is a fact of its own');
});

test('sign out forgets the stored sign-in (jwt, devToken, authType), keeps the rest, then hands over to onSignOut', () => {
  const handedOver: { client: Client; stored: (string | null)[] }[] = [];
  const { local, client } = setup((signedOut) =>
    handedOver.push({ client: signedOut, stored: ['jwt', 'devToken', 'authType'].map((key) => local.get(key)) }),
  );
  for (const key of ['jwt', 'devToken', 'authType', 'other']) local.set(key, 'x');
  client.signOut();
  assert.equal(handedOver, [{ client, stored: [null, null, null] }]);
  assert.is(local.get('other'), 'x');
});

test('diagnostics say nothing secret: no token, no claim', () => {
  const { state, claims, local, client } = setup();
  local.set('jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln');
  applyStartupUpdate(state, {
    authType: 'token',
    config: {},
    version: '2',
    isCloud: false,
  });
  claims.value = { userId: 'ann', sid: 'session-1' };
  const text = JSON.stringify(client.diagnostics());
  for (const secret of ['eyJ', 'ann', 'session-1']) assert.not.match(text, secret);
  assert.match(text, navigator.userAgent);
});

test("without routes navigate loads a URL of the page's origin; a script or another origin is a TypeError, nothing loaded", () => {
  const { client } = setup();
  const assigned: string[] = [];
  const original = location.assign;
  Object.defineProperty(location, 'assign', { configurable: true, value: (url: URL) => void assigned.push(String(url)) });
  try {
    for (const url of ['javascript:window.__ran = true', 'https://elsewhere.test/web/', 'data:text/html,hi']) {
      assert.throws(() => client.navigate(url), TypeError, url);
    }
    client.navigate('/web/tickets');
  } finally {
    Object.defineProperty(location, 'assign', { configurable: true, value: original });
  }
  assert.equal(assigned, ['http://localhost/web/tickets']);
});

test.run();

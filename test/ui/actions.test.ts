import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ClientConfiguration } from '../../src/api/configuration';
import { createClient } from '../../src/client/client';
import type { FlushResult } from '../../src/logging/types';
import { BUILD_VERSION } from '../../src/product/constants';
import { applyStartupUpdate, createClientState } from '../../src/state/clientState';
import { builtInActions } from '../../src/ui/actions';
import { mergeStrings } from '../../src/ui/strings';
import { memoryStorage, nothingElsewhere } from '../fakes';
import { fakeLogger } from './fixtures';

function clientWith({ flush = { sent: 0, kept: 0, dropped: 0 }, reload = false as ClientConfiguration | false } = {}) {
  const state = createClientState(true, nothingElsewhere());
  state.breakpoint.value = 'md';
  applyStartupUpdate(state, { authType: 'token', config: { displayName: 'Acme' }, version: '5.3', isCloud: false });
  const signedOut: unknown[] = [];
  const client = createClient({
    state: state,
    logger: fakeLogger(flush).logger,
    local: memoryStorage(),
    reloadConfiguration: async () => reload,
    fetch: () => Promise.reject(new Error('no API in this test')),
    onSignOut: (c) => void signedOut.push(c),
    navigate: undefined,
    setUnsaved: () => {},
    notify: () => () => {},
    unmount: async () => {},
  });
  return { client, signedOut };
}

const action = (label: string) => {
  const found = builtInActions().find((a) => a.label === label);
  if (!found) throw new Error(`no built-in action ${label}`);
  return found;
};

test('the built-ins, in order, named from the strings table', () => {
  assert.equal(
    builtInActions().map((a) => a.label),
    ['Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out'],
  );
  assert.is(builtInActions(mergeStrings({ signOut: 'Abmelden' }))[3]?.label, 'Abmelden');
});

test('Send logs now says what became of the entries', async () => {
  const cases: [FlushResult, string][] = [
    [{ sent: 3, kept: 0, dropped: 0 }, 'Log entries sent: 3'],
    [{ sent: 0, kept: 0, dropped: 0 }, 'No log entries to send'],
    [{ sent: 0, kept: 4, dropped: 0 }, 'Server unavailable, log entries kept for retry: 4'],
    [
      { sent: 1, kept: 2, dropped: 1 },
      'Log entries sent: 1 · Server unavailable, log entries kept for retry: 2 · Log entries dropped: 1',
    ],
  ];
  for (const [flush, notice] of cases) {
    assert.is(await action('Send logs now').run(clientWith({ flush }).client), notice, JSON.stringify(flush));
  }
});

test('Reload configuration says whether it worked', async () => {
  assert.is(
    await action('Reload configuration').run(clientWith({ reload: { displayName: 'New' } }).client),
    'Configuration reloaded',
  );
  assert.is(
    await action('Reload configuration').run(clientWith({ reload: false }).client),
    'The configuration could not be loaded',
  );
});

test('Copy diagnostics copies versions, mode, base, breakpoint, browser and logger figures as JSON; a refused clipboard is said', async () => {
  let copied = '';
  const clipboard = {
    writeText: async (text: string) => {
      copied = text;
    },
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  try {
    assert.is(await action('Copy diagnostics').run(clientWith().client), 'Diagnostics copied');
    const diagnostics = JSON.parse(copied);
    assert.equal(Object.keys(diagnostics).sort(), [
      'apiBase',
      'authType',
      'breakpoint',
      'buildVersion',
      'isCloud',
      'logger',
      'route',
      'serverVersion',
      'userAgent',
    ]);
    assert.is(diagnostics.buildVersion, BUILD_VERSION);
    assert.is(diagnostics.authType, 'token');
    assert.is(diagnostics.breakpoint, 'md');
    assert.equal(Object.keys(diagnostics.logger), ['logged', 'sent', 'queued', 'dropped', 'droppedBy', 'restored', 'status']);

    clipboard.writeText = async () => {
      throw new DOMException('denied', 'NotAllowedError');
    };
    assert.is(await action('Copy diagnostics').run(clientWith().client), 'The diagnostics could not be copied');
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
});

test('Sign out signs the client out', async () => {
  const { client, signedOut } = clientWith();
  await action('Sign out').run(client);
  assert.equal(signedOut, [client]);
});

test.run();

import { effect } from '@preact/signals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyStartupUpdate, createClientState } from '../../src/state/clientState';
import { nothingElsewhere } from '../fakes';

test('every fact is unknown (null) until start-up learns it; the breakpoint is never unknown', () => {
  const state = createClientState(true, nothingElsewhere());
  for (const name of ['authType', 'apiBase', 'config', 'version', 'isCloud', 'claims'] as const) {
    assert.is(state[name].value, null, name);
  }
  assert.is(state.breakpoint.value, 'lg', 'until the viewport is read');
});

test('the API base follows the mode and the build', () => {
  const production = createClientState(true, nothingElsewhere());
  applyStartupUpdate(production, { authType: 'secgw' });
  assert.is(production.apiBase.value, '/api/web/');
  applyStartupUpdate(production, { authType: 'oracle' });
  assert.is(production.apiBase.value, '/api/', 'a re-probe that changes the mode changes the base');

  const development = createClientState(false, nothingElsewhere());
  applyStartupUpdate(development, { authType: 'secgw' });
  assert.is(development.apiBase.value, '/api/');
});

test('an update writes exactly the facts it carries', () => {
  const state = createClientState(true, nothingElsewhere());
  applyStartupUpdate(state, { authType: 'token', config: { displayName: 'Acme' }, version: '5.1', isCloud: false });
  assert.is(state.authType.value, 'token');
  assert.equal(state.config.value, { displayName: 'Acme' });
  assert.is(state.version.value, '5.1');
  assert.is(state.isCloud.value, false);
  applyStartupUpdate(state, { version: '' });
  assert.is(state.version.value, '', 'a failed version read is an empty string, not unknown');
  assert.is(state.authType.value, 'token', 'what the update does not carry stays');
});

test('several facts of one update reach a subscriber in one go', () => {
  const state = createClientState(true, nothingElsewhere());
  const seen: string[] = [];
  const stop = effect(() => {
    seen.push(`${state.authType.value}/${state.version.value}/${state.isCloud.value}`);
  });
  applyStartupUpdate(state, { authType: 'secgw', version: '5.1', isCloud: true });
  stop();
  assert.equal(seen, ['null/null/null', 'secgw/5.1/true']);
});

test.run();

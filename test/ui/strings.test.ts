import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authTypeName, DEFAULT_STRINGS, fill, mergeStrings } from '../../src/ui/strings';

test('a host table overrides the texts it names and keeps the rest', () => {
  const strings = mergeStrings({ retry: 'Erneut versuchen', loading: 'Wird gestartet…' });
  assert.is(strings.retry, 'Erneut versuchen');
  assert.is(strings.loading, 'Wird gestartet…');
  assert.is(strings.signIn, DEFAULT_STRINGS.signIn);
});

test('what is not text, or not a key of the table, is ignored rather than shown', () => {
  const hostile = { retry: 42, signIn: null, menu: { toString: 1 }, unknownKey: 'x' } as unknown as Parameters<
    typeof mergeStrings
  >[0];
  const strings = mergeStrings(hostile);
  assert.equal(strings, DEFAULT_STRINGS);
  assert.equal(mergeStrings(undefined), DEFAULT_STRINGS);
});

test('the defaults are never changed by a merge', () => {
  mergeStrings({ retry: 'Nochmal' });
  assert.is.not(DEFAULT_STRINGS.retry, 'Nochmal');
});

test('fill puts values in their places and leaves unknown placeholders as they are', () => {
  assert.is(fill('Server {version}', { version: '5.3' }), 'Server 5.3');
  assert.is(fill('{action} failed', { action: 'Sign out' }), 'Sign out failed');
  assert.is(fill('{count} of {total}', { count: 2 }), '2 of {total}');
});

test('each sign-in mode has its own name from the table', () => {
  const strings = mergeStrings({ modeSecgw: 'Gateway' });
  assert.equal(
    (['oracle', 'secgw', 'token'] as const).map((authType) => authTypeName(authType, strings)),
    ['Oracle', 'Gateway', 'Token'],
  );
});

test.run();

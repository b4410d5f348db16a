import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_STRINGS, mergeStrings } from '../../src/ui/strings';
import { userLabel } from '../../src/ui/userLabel';

test("the user's name with a label, where the token gives one", () => {
  assert.is(userLabel({ userId: 1042 }, 'Jürgen Müller', DEFAULT_STRINGS), 'Signed in as Jürgen Müller');
});

test('else the id, labelled: a bare number tells a person nothing', () => {
  assert.is(userLabel({ userId: 1042 }, null, DEFAULT_STRINGS), 'Signed in as user 1042');
  assert.is(userLabel({ userId: { id: 7 } }, null, DEFAULT_STRINGS), 'Signed in as user {"id":7}');
});

test('nobody without claims (no token, or an expired one), whatever name was read, or without name and id', () => {
  assert.is(userLabel(null, 'Jürgen Müller', DEFAULT_STRINGS), 'Not signed in');
  assert.is(userLabel({}, null, DEFAULT_STRINGS), 'Not signed in');
  assert.is(userLabel({ userId: null }, null, DEFAULT_STRINGS), 'Not signed in');
});

test("a host's table words it", () => {
  const strings = mergeStrings({ signedInAs: 'Angemeldet als {name}', signedInAsUser: 'Angemeldet als Benutzer {id}' });
  assert.is(userLabel({ userId: 1042 }, 'Jürgen Müller', strings), 'Angemeldet als Jürgen Müller');
  assert.is(userLabel({ userId: 1042 }, null, strings), 'Angemeldet als Benutzer 1042');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDisplayName } from '../../src/auth/displayName';
import { makeJwt } from '../../src/testing';

test("the token's name claim, decoded as UTF-8 and trimmed", () => {
  assert.is(readDisplayName(makeJwt({ name: 'Jürgen Müller', userId: 1042 })), 'Jürgen Müller');
  assert.is(readDisplayName(makeJwt({ name: '  Ørsted 日本  ' })), 'Ørsted 日本');
});

test('no name to show: none in the token, one that is not text or is blank, or no token at all', () => {
  for (const jwt of [
    makeJwt({ userId: 1042 }),
    makeJwt({ name: 42 }),
    makeJwt({ name: { first: 'J' } }),
    makeJwt({ name: '  ' }),
    'junk',
    null,
  ]) {
    assert.is(readDisplayName(jwt), null, String(jwt));
  }
});

test.run();

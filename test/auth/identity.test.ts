// Who a stored JWT signs in, decoded once (contract, "One answer to who is signed in"): the userId
// even past exp, the claims while valid, the name a person reads, and when it ends.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readIdentity } from '../../src/auth/identity';
import { makeJwt } from '../../src/testing';

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const FUTURE = Math.floor(NOW / 1000) + 3600;

test('a valid token: its userId as text, its claims, its name, its exp in ms', () => {
  assert.equal(readIdentity(makeJwt({ userId: 1042, sid: 's-1', name: 'Dana Lee', exp: FUTURE }), NOW), {
    userId: '1042',
    claims: { userId: 1042, sid: 's-1' },
    name: 'Dana Lee',
    expiresAt: FUTURE * 1000,
  });
});

test('a token past its exp still says who it signed in, but claims nothing', () => {
  const identity = readIdentity(makeJwt({ userId: 'ann', exp: Math.floor(NOW / 1000) - 1 }), NOW);
  assert.is(identity.userId, 'ann');
  assert.is(identity.claims, null);
});

test('no token, or one that is not a JWT: nobody known, nothing claimed', () => {
  for (const jwt of [null, '', 'junk', 'a.b.c']) {
    assert.equal(readIdentity(jwt, NOW), { userId: null, claims: null, name: null, expiresAt: null }, String(jwt));
  }
});

test("the token's name claim, decoded as UTF-8 and trimmed", () => {
  assert.is(readIdentity(makeJwt({ name: 'Jürgen Müller', userId: 1042 }), NOW).name, 'Jürgen Müller');
  assert.is(readIdentity(makeJwt({ name: '  Ørsted 日本  ' }), NOW).name, 'Ørsted 日本');
});

test('no name to show: none in the token, one that is not text or is blank', () => {
  for (const jwt of [
    makeJwt({ userId: 1042 }),
    makeJwt({ name: 42 }),
    makeJwt({ name: { first: 'J' } }),
    makeJwt({ name: '  ' }),
  ]) {
    assert.is(readIdentity(jwt, NOW).name, null, jwt);
  }
});

test('exp in ms; null without a numeric exp', () => {
  assert.is(readIdentity(makeJwt({ exp: FUTURE }), NOW).expiresAt, FUTURE * 1000);
  for (const jwt of [makeJwt({ userId: 1 }), makeJwt({ exp: '9999999999' })]) assert.is(readIdentity(jwt, NOW).expiresAt, null);
});

test.run();

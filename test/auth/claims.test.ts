import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readClaims } from '../../src/auth/claims';
import { makeJwt } from '../../src/testing';

const NOW = Date.UTC(2025, 0, 1);
const FUTURE = NOW / 1000 + 3600;
const FIVE = { userId: 'jdoe', authUserId: 42, profileId: 'p-7', langId: 'en', sid: 's-1' };

test('a valid token gives the five claims as found, and nothing else', () => {
  const jwt = makeJwt({ ...FIVE, exp: FUTURE, iss: 'gw', roles: ['x'] });
  assert.equal(readClaims(jwt, NOW), FIVE);
});

test('claims missing from the payload are left out', () => {
  assert.equal(readClaims(makeJwt({ userId: 'jdoe', exp: FUTURE }), NOW), { userId: 'jdoe' });
  assert.equal(readClaims(makeJwt({}), NOW), {});
});

test('a token without exp never expires', () => {
  assert.equal(readClaims(makeJwt(FIVE), NOW), FIVE);
});

test('UTF-8 survives: Jürgen, Ørsted, 日本, and an emoji', () => {
  const claims = { userId: 'Jürgen', authUserId: 'Ørsted', profileId: '日本', langId: 'de', sid: '🦊👩‍💻' };
  assert.equal(readClaims(makeJwt({ ...claims, exp: FUTURE }), NOW), claims);
});

test('base64url alphabet (- and _) and missing padding are decoded', () => {
  // Find a payload whose encoding uses both URL-safe characters and would need padding.
  let payload = '';
  let part = '';
  for (let i = 0; i < 200; i++) {
    payload = JSON.stringify({ userId: `ÿ?>~${'x'.repeat(i)}>>?`, exp: FUTURE });
    part = Buffer.from(payload).toString('base64url');
    if (part.includes('-') && part.includes('_') && part.length % 4 !== 0) break;
  }
  assert.ok(part.includes('-') && part.includes('_') && part.length % 4 !== 0, 'test payload found');
  assert.not.ok(part.includes('='));
  assert.is(readClaims(makeJwt(payload), NOW)?.userId, JSON.parse(payload).userId);
});

test('a payload part of 4n+1 characters, which no bytes encode to, is malformed: null', () => {
  const part = Buffer.from(JSON.stringify({ userId: 'jdoe' })).toString('base64url');
  const malformed = part + 'A'.repeat((5 - (part.length % 4)) % 4);
  assert.is(malformed.length % 4, 1);
  assert.is(readClaims(`eyJhbGciOiJIUzI1NiJ9.${malformed}.sig`, NOW), null);
});

test('the standard base64 alphabet (+ /) and padding are not base64url: null', () => {
  const payload = JSON.stringify({ userId: 'ÿ?>~>>?' });
  const std = Buffer.from(payload).toString('base64');
  assert.ok(/[+/=]/.test(std));
  assert.is(readClaims(`eyJhbGciOiJIUzI1NiJ9.${std}.sig`, NOW), null);
});

test('missing token: null', () => {
  assert.is(readClaims(null, NOW), null);
  assert.is(readClaims('', NOW), null);
});

test('not three parts: null', () => {
  const [h, p, s] = makeJwt(FIVE).split('.');
  assert.is(readClaims(`${h}.${p}`, NOW), null);
  assert.is(readClaims(`${h}.${p}.${s}.${s}`, NOW), null);
  assert.is(readClaims(p!, NOW), null);
  assert.is(readClaims('..', NOW), null);
});

test('bad base64 in the payload: null', () => {
  for (const bad of ['e$J9', 'eyJ1c2VySWQiOiJ4In0!', 'a', 'abcde', 'ey J9'])
    assert.is(readClaims(`eyJhbGciOiJIUzI1NiJ9.${bad}.sig`, NOW), null, bad);
});

test('a payload that is not UTF-8: null', () => {
  const latin1 = Buffer.from('{"userId":"J\xfcrgen"}', 'latin1').toString('base64url');
  assert.is(readClaims(`eyJhbGciOiJIUzI1NiJ9.${latin1}.sig`, NOW), null);
});

test('a payload that is not JSON: null', () => {
  assert.is(readClaims(makeJwt('not json'), NOW), null);
  assert.is(readClaims(makeJwt('{"userId":'), NOW), null);
});

test('JSON that is not an object: null', () => {
  for (const json of ['null', '[1,2]', '"jdoe"', '42', 'true']) assert.is(readClaims(makeJwt(json), NOW), null, json);
});

test('expired (exp in the past, or exactly now): null', () => {
  assert.is(readClaims(makeJwt({ ...FIVE, exp: NOW / 1000 - 1 }), NOW), null);
  assert.is(readClaims(makeJwt({ ...FIVE, exp: NOW / 1000 }), NOW), null);
});

test('exp in the future: the claims', () => {
  assert.equal(readClaims(makeJwt({ ...FIVE, exp: NOW / 1000 + 1 }), NOW), FIVE);
});

test('an exp that is not a number: null', () => {
  for (const exp of [String(FUTURE), null, true, {}]) assert.is(readClaims(makeJwt({ ...FIVE, exp }), NOW), null, String(exp));
});

test('never throws, on any string', () => {
  fc.assert(
    fc.property(fc.string(), fc.integer(), (s, now) => {
      const r = readClaims(s, now);
      return r === null || typeof r === 'object';
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
      readClaims(`${a}.${b}.${c}`, NOW);
      readClaims(`eyJhbGciOiJIUzI1NiJ9.${Buffer.from(b).toString('base64url')}.sig`, NOW);
      return true;
    }),
    { numRuns: 2000 },
  );
  assert.is(readClaims(undefined as unknown as string, NOW), null);
  assert.is(readClaims(42 as unknown as string, NOW), null);
});

test('any unicode claim value round-trips', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), (name) => readClaims(makeJwt({ userId: name }), NOW)?.userId === name),
    { numRuns: 1000 },
  );
});

test.run();

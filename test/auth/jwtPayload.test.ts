import { Buffer } from 'node:buffer';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readJwtPayload } from '../../src/auth/jwtPayload';
import { makeJwt } from '../../src/testing';

test('the payload of a token, as the object it holds, names beyond ASCII intact', () => {
  const payload = { name: 'Jürgen Müller', userId: 1042, sid: '🦊' };
  assert.equal(readJwtPayload(makeJwt(payload)), payload);
});

test('the base64url alphabet and a missing padding are read', () => {
  const text = JSON.stringify({ name: 'ÿ?>~>>?' });
  const part = Buffer.from(text).toString('base64url');
  assert.ok(/[-_]/.test(part) && part.length % 4 !== 0, 'the premise: URL-safe characters, no padding');
  assert.equal(readJwtPayload(`e30.${part}.sig`), JSON.parse(text));
});

test('no token, or anything that is not one, gives null and never throws', () => {
  const latin1 = Buffer.from('{"name":"J\xfcrgen"}', 'latin1').toString('base64url');
  for (const jwt of [
    null,
    '',
    'abc',
    'a.b',
    'a.b.c.d',
    makeJwt('not json'),
    makeJwt('[1,2]'),
    makeJwt('"text"'),
    `e30.${latin1}.sig`,
    'e30.eyJ+.sig',
    'e30.a.sig',
  ]) {
    assert.is(readJwtPayload(jwt), null, String(jwt));
  }
});

test.run();

// What never leaves the page: JWTs by shape, the development token by value, values under keys
// named like secrets at any depth.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSecretKey, REDACTED, redactText } from '../../../src/logging/entry/scrub';
import { isoTime, safeEntry, toSafe } from '../../../src/logging/entry/serialize';

test('keys named like secrets, in any case, inside longer names too', () => {
  for (const key of [
    'password',
    'Password',
    'userPassword',
    'passwd',
    'PASSWD',
    'secret',
    'client_secret',
    'token',
    'accessToken',
    'refresh_token',
    'authorization',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'apiKey',
    'api_key',
    'X-Api-Key',
    'APIKEY',
  ]) {
    assert.ok(isSecretKey(key), key);
  }
  for (const key of ['pass', 'name', 'auth', 'authType', 'key', 'api', 'message', 'session', 'user'])
    assert.not.ok(isSecretKey(key), key);
});

test('values under secret keys are redacted whole, at any depth of additional, errors included', () => {
  const error = Object.assign(new Error('request failed'), {
    config: { headers: { Authorization: 'Bearer abc', Accept: 'json' } },
  });
  const entry = safeEntry(
    5,
    'm',
    [{ user: 'ann', password: 'hunter2', nested: [{ deeper: { apiKey: { any: 'shape' }, ok: 1 } }] }, error],
    isoTime(0),
    null,
  );
  const [first, err] = entry.additional as any[];
  assert.equal(first, { user: 'ann', password: REDACTED, nested: [{ deeper: { apiKey: REDACTED, ok: 1 } }] });
  assert.equal(err.config.headers, { Authorization: REDACTED, Accept: 'json' });
  assert.not.ok(JSON.stringify(entry).includes('hunter2'));
});

test('the development token is taken out by value, wherever it appears, however short', () => {
  const token = 'dev-7f3a91c2e4b8d6a0-local';
  assert.is(redactText(`calling with ${token} now`, token), `calling with ${REDACTED} now`);
  assert.is(redactText(`${token}${token}`, token), `${REDACTED}${REDACTED}`);
  assert.is(redactText('abc def abc', 'abc'), `${REDACTED} def ${REDACTED}`);
  assert.is(redactText('abc', ''), 'abc', 'an empty stored token redacts nothing');
  assert.is(redactText('plain', null), 'plain');
  assert.equal(toSafe({ [token]: token, note: `x${token}` }, token), { [REDACTED]: REDACTED, note: `x${REDACTED}` });
});

test('JWT-shaped runs are taken out without a development token', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln';
  assert.is(redactText(`Bearer ${jwt}`, null), `Bearer ${REDACTED}`);
  assert.is(redactText('eyJ alone, version 1.2.3', null), 'eyJ alone, version 1.2.3');
});

test.run();

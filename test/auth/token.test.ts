import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authHeaders } from '../../src/auth/token';
import { safeStorage } from '../../src/browser/storage';
import { memoryStorage } from '../fakes';

const storeWith = (entries: Record<string, string>) => {
  const local = memoryStorage();
  for (const [k, v] of Object.entries(entries)) local.set(k, v);
  return local;
};

test('token mode: the development token wins over the JWT', () => {
  assert.equal(authHeaders('token', storeWith({ devToken: 'dev', jwt: 'signed' })), { Authorization: 'Bearer dev' });
});

test('token mode: the JWT when there is no development token, or an empty one', () => {
  assert.equal(authHeaders('token', storeWith({ jwt: 'signed' })), { Authorization: 'Bearer signed' });
  assert.equal(authHeaders('token', storeWith({ devToken: '', jwt: 'signed' })), { Authorization: 'Bearer signed' });
});

test('token mode without any token (or only empty ones): no header', () => {
  assert.equal(authHeaders('token', storeWith({})), {});
  assert.equal(authHeaders('token', storeWith({ devToken: '', jwt: '' })), {});
});

test('other modes never send the header, tokens or not', () => {
  for (const mode of ['oracle', 'secgw'] as const)
    assert.equal(authHeaders(mode, storeWith({ devToken: 'dev', jwt: 'signed' })), {}, mode);
});

test('storage that throws: no header, no exception', () => {
  const throwing = safeStorage(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  assert.equal(authHeaders('token', throwing), {});
});

test.run();

// A batch's idempotency key: unique per batch, with or without Web Crypto.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newIdempotencyKey } from '../../src/logging/idempotencyKey';

test('keys: 128 random bits as 32 hex digits, a new one each time', () => {
  const keys = Array.from({ length: 1000 }, newIdempotencyKey);
  assert.ok(keys.every((k) => /^[0-9a-f]{32}$/.test(k)));
  assert.is(new Set(keys).size, 1000);
});

test('keys without Web Crypto: still 32 hex digits', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
  Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
  try {
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    assert.ok(keys.every((k) => /^[0-9a-f]{32}$/.test(k)));
    assert.is(new Set(keys).size, 100);
  } finally {
    Object.defineProperty(globalThis, 'crypto', saved);
  }
});

test.run();

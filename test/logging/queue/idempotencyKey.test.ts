// A batch's idempotency key: unique per batch.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newIdempotencyKey } from '../../../src/logging/queue/idempotencyKey';

test('keys: 128 random bits as 32 hex digits, a new one each time', () => {
  const keys = Array.from({ length: 1000 }, newIdempotencyKey);
  assert.ok(keys.every((k) => /^[0-9a-f]{32}$/.test(k)));
  assert.is(new Set(keys).size, 1000);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiBase } from '../../src/auth/apiBase';

test('production behind the security gateway: /api/web/', () => {
  assert.is(apiBase('secgw', true), '/api/web/');
});

test('production oracle and token: /api/', () => {
  assert.is(apiBase('oracle', true), '/api/');
  assert.is(apiBase('token', true), '/api/');
});

test('development builds: /api/ in every mode', () => {
  for (const mode of ['secgw', 'oracle', 'token'] as const) assert.is(apiBase(mode, false), '/api/', mode);
});

test.run();

// The demo backend's log endpoint keeps the idempotency keys of the batches it stored: a batch
// sent again (a retry whose first answer was lost, a keepalive and the next page's replay, a
// beacon) is answered 2xx and not stored twice.
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemoServer } from '../../demo/server.mjs';

const body = (message: string) => JSON.stringify([{ level: 5, message, additional: [], timestamp: '2025-01-01T00:00:00.000Z' }]);

test("a repeated key is a duplicate: 2xx, not stored again; a beacon's key comes in the query", async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    // Node's own HTTP client: in the one-process unit run, the global fetch may be a DOM's.
    const post = (message: string, key: string | null, query = '') =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (key) headers['Idempotency-Key'] = key;
        const req = request(`${server.url}/api/web/clientlogger/${query}`, { method: 'POST', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body(message));
      });
    assert.equal(await Promise.all([post('a', 'k1')]), [200]);
    assert.is(await post('a again', 'k1'), 200);
    assert.is(await post('a by beacon', null, '?idempotencyKey=k1'), 200);
    assert.is(await post('b by beacon', null, '?idempotencyKey=k2'), 200);
    server.setOptions({ failLogger: true });
    assert.is(await post('a while failing', 'k1'), 200, 'the server has it: answered 2xx, failing or not');
    assert.is(await post('c', 'k3'), 503);
    server.setOptions({ failLogger: false });
    assert.is(await post('c retried', 'k3'), 200, 'a refused batch was not stored: its retry is not a duplicate');
    assert.equal(
      server.logBatches.map((b) => [b.key, b.beacon, b.duplicate, b.status]),
      [
        ['k1', false, false, 200],
        ['k1', false, true, 200],
        ['k1', true, true, 200],
        ['k2', true, false, 200],
        ['k1', false, true, 200],
        ['k3', false, false, 503],
        ['k3', false, false, 200],
      ],
    );
    assert.equal(
      server.accepted.map((b) => b.entries[0]?.message),
      ['a', 'b by beacon', 'c retried'],
    );
    server.reset();
    assert.is(await post('a after a reset', 'k1'), 200);
    assert.equal(
      server.accepted.map((b) => b.duplicate),
      [false],
      'reset forgets the keys',
    );
  } finally {
    await server.close();
  }
});

test.run();

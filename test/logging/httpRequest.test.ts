// A batch's key on the wire: the POST with its Idempotency-Key, the beacon with the key in its URL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newBatch } from '../../src/logging/batch';
import { beaconBatch } from '../../src/logging/httpRequest';
import { ENDPOINT, harness } from './helpers';

const batch = newBatch('0123456789abcdef0123456789abcdef', '[{"level":5}]', 1, 0, null);

test("POST: the body as it is, JSON, the endpoint's headers, the key last (an endpoint header cannot replace it)", async () => {
  const h = harness();
  h.begin({ batchSize: 1 }, { headers: { Authorization: 'Bearer t', 'Idempotency-Key': 'forged' } });
  h.logger.error('a');
  await h.settle();
  const [call] = h.calls;
  assert.match(call!.key!, /^[0-9a-f]{32}$/);
  assert.equal(call!.init.headers, {
    'Content-Type': 'application/json',
    Authorization: 'Bearer t',
    'Idempotency-Key': call!.key,
  });
  assert.equal([call!.init.method, call!.init.credentials, call!.init.keepalive], ['POST', 'include', false]);
  assert.is(call!.url, ENDPOINT);
});

test('beacon: the body as JSON, the key as the idempotencyKey query parameter', async () => {
  const sent: { url: string; data: Blob }[] = [];
  const navigator = {
    sendBeacon: (url: string, data?: BodyInit | null) => {
      sent.push({ url, data: data as Blob });
      return true;
    },
  };
  beaconBatch(navigator, 'https://h/log/', batch);
  beaconBatch(navigator, 'https://h/log/?tenant=a', batch);
  assert.equal(
    sent.map((s) => s.url),
    [`https://h/log/?idempotencyKey=${batch._key}`, `https://h/log/?tenant=a&idempotencyKey=${batch._key}`],
  );
  assert.is(sent[0]!.data.type, 'application/json');
  assert.is(await sent[0]!.data.text(), batch._body);
});

test('beacon: nothing thrown when the browser refuses, has none, or it throws', () => {
  assert.not.throws(() => beaconBatch({ sendBeacon: () => false }, 'u', batch));
  assert.not.throws(() => beaconBatch({}, 'u', batch));
  assert.not.throws(() => beaconBatch(undefined, 'u', batch));
  assert.not.throws(() =>
    beaconBatch(
      {
        sendBeacon: () => {
          throw new TypeError('too big');
        },
      },
      'u',
      batch,
    ),
  );
});

test.run();

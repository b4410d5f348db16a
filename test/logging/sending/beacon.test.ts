// The beacon of page exit: the body as JSON, the batch's key in the URL, never a throw.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newBatch } from '../../../src/logging/queue/batch';
import { beaconBatch } from '../../../src/logging/sending/beacon';

const batch = newBatch('0123456789abcdef0123456789abcdef', '[{"level":5}]', 1, { tag: 'queue', first: 0 }, null, null);

test('the body as JSON, the key as the idempotencyKey query parameter', async () => {
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
    [`https://h/log/?idempotencyKey=${batch.key}`, `https://h/log/?tenant=a&idempotencyKey=${batch.key}`],
  );
  assert.is(sent[0]!.data.type, 'application/json');
  assert.is(await sent[0]!.data.text(), batch.body);
});

test('nothing thrown when the browser refuses, has none, or it throws', () => {
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

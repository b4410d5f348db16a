// Page exit: keepalive fetch within the 64 KiB budget, beacon beyond it, localStorage when
// nothing can leave, and what the next page does with what was stored.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryStorage, type SafeStorage } from '../../src/storage';
import { dropCounts, harness, sizes } from './helpers';

/** What localStorage holds for the next page. */
const stored = (local: SafeStorage) => {
  const [dropped, ...entries] = JSON.parse(local.get('emweb.logger.pending')!);
  return { dropped, entries, messages: entries.map((e: any) => e.message) };
};

const hide = (h: ReturnType<typeof harness>) => {
  h.doc.visibilityState = 'hidden';
  h.doc.dispatchEvent(new Event('visibilitychange'));
};

test('pagehide sends what is queued at once, with fetch keepalive', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a', { x: 1 });
  h.logger.error('b');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.is(h.calls.length, 1, 'synchronously, within the event');
  const [c] = h.calls;
  assert.is(c!.init.keepalive, true);
  assert.is(c!.init.method, 'POST');
  assert.equal(c!.init.headers, { 'Content-Type': 'application/json' });
  assert.is(c!.init.credentials, 'include');
  assert.equal(c!.body.map((e: any) => e.message), ['a', 'b']);
});

test('visibilitychange to hidden sends too; to visible does not', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  h.doc.dispatchEvent(new Event('visibilitychange'));
  assert.is(h.calls.length, 0);
  hide(h);
  assert.is(h.calls.length, 1);
  assert.is(h.calls[0]!.init.keepalive, true);
});

test('nothing queued: no request on exit', async () => {
  const h = harness({ beacon: true });
  h.begin();
  h.target.dispatchEvent(new Event('pagehide'));
  assert.is(h.calls.length, 0);
  assert.equal(await h.beaconBodies(), []);
});

test('collection goes on if the page stays', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  hide(h);
  h.doc.visibilityState = 'visible';
  h.logger.error('b');
  await h.clock.tickAsync(10_000);
  assert.equal(h.calls.map((c) => c.body.map((e: any) => e.message)), [['a'], ['b']]);
  assert.not.ok(h.calls[1]!.init.keepalive, 'ordinary sends again');
});

test('beyond the 64 KiB keepalive budget: split into bodies, keepalive while in budget, then sendBeacon', async () => {
  const h = harness({ beacon: true, answer: () => 'hang' }); // keepalive requests stay in flight
  h.begin({ batchSize: 100, maxEntriesPerMinute: 1000 });
  await h.logger.stop(); // queue only
  const big = 'x'.repeat(6000);
  for (let i = 0; i < 30; i++) h.logger.error(big + ' #' + i);
  h.logger.start({ production: true, config: { batchSize: 100, maxEntriesPerMinute: 1000 }, captureErrors: false });
  h.target.dispatchEvent(new Event('pagehide'));
  const keepalive = h.calls.filter((c) => c.init.keepalive);
  const beacons = await h.beaconBodies();
  let inFlight = 0;
  for (const c of keepalive) inFlight += Buffer.byteLength(c.text);
  assert.ok(keepalive.length >= 2, 'several keepalive bodies');
  assert.ok(inFlight <= 64 * 1024, `keepalive bytes in flight ${inFlight}`);
  assert.ok(beacons.length >= 1, 'the rest by beacon');
  assert.ok(beacons.every((b) => b.type === 'application/json' && b.url === 'https://app.example/api/web/clientlogger/'));
  // start() already sent the first 16 KiB the ordinary way; that request is still in flight and is not repeated
  const ordinary = h.calls.filter((c) => !c.init.keepalive);
  assert.is(ordinary.length, 1);
  const all = [ordinary, keepalive].flat().flatMap((c) => c.body).concat(beacons.flatMap((b) => b.body));
  assert.equal(all.map((e: any) => e.message.split(' #')[1]), Array.from({ length: 30 }, (_, i) => String(i)), 'every entry once, in order');
});

test('keepalive budget is freed when requests finish', async () => {
  // the first (ordinary) send never answers: one in flight, so everything after it waits in the queue
  const h = harness({ beacon: true, answer: (_c, n) => (n === 1 ? 'hang' : 200) });
  h.begin({ batchSize: 100, maxEntriesPerMinute: 1000 });
  h.logger.error('blocker');
  await h.logger.flush();
  const big = 'y'.repeat(6000);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 8; i++) h.logger.error(big);
    h.target.dispatchEvent(new Event('pagehide'));
    await h.settle();
  }
  assert.equal(await h.beaconBodies(), [], 'each round fits once the last one is answered');
  assert.ok(h.calls.slice(1).every((c) => c.init.keepalive));
  assert.ok(h.calls.slice(1).reduce((n, c) => n + c.text.length, 0) > 128 * 1024, 'more than twice the budget in all');
});

test('a keepalive fetch that throws at once falls back to sendBeacon', async () => {
  const throwing = harness({
    beacon: true,
    env: {
      fetch: () => {
        throw new TypeError('keepalive refused');
      },
    },
  });
  throwing.begin();
  throwing.logger.error('b');
  throwing.target.dispatchEvent(new Event('pagehide'));
  const beacons = await throwing.beaconBodies();
  assert.equal(beacons.map((b) => b.body.map((e: any) => e.message)), [['b']]);
  assert.is(throwing.local.get('emweb.logger.pending'), null);
});

test('no endpoint yet: entries go to localStorage, and the next start sends them first, once an endpoint is set', async () => {
  const local = memoryStorage();
  const first = harness({ local, beacon: true });
  first.logger.start({ production: true, captureErrors: false });
  first.logger.error('old 1');
  first.logger.error('old 2');
  first.target.dispatchEvent(new Event('pagehide'));
  assert.is(first.calls.length, 0);
  assert.equal(await first.beaconBodies(), []);
  const kept = stored(local);
  assert.equal(kept.messages, ['old 1', 'old 2']);

  // the next page
  const second = harness({ local });
  second.logger.error('new');
  second.logger.start({ production: true, captureErrors: false });
  assert.is(local.get('emweb.logger.pending'), null, 'taken, so sent once');
  await second.clock.tickAsync(20_000);
  assert.is(second.calls.length, 0, 'waits for an endpoint');
  second.logger.setEndpoint('https://app.example/api/web/clientlogger/');
  await second.settle();
  assert.equal(second.received().map((e) => e.message), ['old 1', 'old 2', 'new']);
  assert.equal(second.received()[0], kept.entries[0], 'the entry as it was');
});

test('both ways failing: the entries are kept in localStorage', async () => {
  const h = harness({ beacon: () => false, env: { fetch: () => { throw new Error('no'); } } });
  h.begin();
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(stored(h.local).messages, ['a']);
});

test('a keepalive request that fails later keeps its entries in localStorage', async () => {
  const h = harness({ answer: () => 503 });
  h.begin();
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  await h.settle();
  assert.equal(stored(h.local).messages, ['a']);
});

test('offline at exit: straight to localStorage', async () => {
  const h = harness({ beacon: true });
  h.begin();
  h.navigator.onLine = false;
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.is(h.calls.length, 0);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(stored(h.local).messages, ['a']);
});

test('a batch waiting for its retry (the server failing): it and what is queued are kept for the next page, not sent into the outage', async () => {
  const h = harness({ beacon: true, answer: (_c, n) => (n === 1 ? 503 : 200) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.settle(); // a failed, retry in 1 s
  h.logger.error('b');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.is(h.calls.length, 1);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(stored(h.local).messages, ['a', 'b'], 'the failed batch first');
  await h.clock.tickAsync(5000);
  assert.is(h.calls.length, 1, 'the cancelled retry does not send a again');
  h.logger.error('c');
  await h.settle();
  assert.equal(h.received().map((e) => e.message), ['a', 'c'], 'collection goes on if the page stays');
});

for (const [outage, answer] of [
  ['a batch waiting for its retry (503)', 503],
  ['a batch in flight for over a second (no answer)', 'hang'],
] as const) {
  test(`a page closed during an outage, ${outage}: everything is kept, and the next page sends it once, in order`, async () => {
    const local = memoryStorage();
    const first = harness({ local, beacon: true, answer: () => answer });
    first.begin({ batchSize: 2, maxEntriesPerMinute: 1000 });
    const logged = Array.from({ length: 7 }, (_, i) => 'e' + i);
    for (const m of logged) {
      first.logger.error(m);
      await first.clock.tickAsync(700);
    }
    const sent = first.calls.length;
    first.target.dispatchEvent(new Event('pagehide')); // the page is gone: no answer is seen any more
    assert.is(first.calls.length, sent, 'nothing sent into the outage');
    assert.equal(await first.beaconBodies(), []);
    assert.equal(stored(local).messages, logged, 'all of it, the batch that was out first');
    const second = harness({ local });
    second.begin({ batchSize: 20 });
    await second.logger.flush();
    assert.equal(second.received().map((e) => e.message), logged);
    assert.is(local.get('emweb.logger.pending'), null);
  });
}

test('a batch in flight for less than a second is left to its request: the rest leaves as usual', async () => {
  const h = harness({ answer: (_c, n) => (n === 1 ? 'hang' : 200) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(500);
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(h.calls.map((c) => [c.body.message, !!c.init.keepalive]), [
    ['a', false],
    ['b', true],
  ]);
  assert.is(h.local.get('emweb.logger.pending'), null);
});

test('stored entries are redacted again when read: another version may have kept a JWT', async () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
  const local = memoryStorage();
  local.set('emweb.logger.pending', JSON.stringify([0, { level: 5, message: `line\n${jwt}`, additional: [`\u0001${jwt}`, { k: jwt, [jwt]: 1 }], timestamp: 't' }]));
  const h = harness({ local });
  h.begin();
  await h.logger.flush();
  assert.not.ok(h.calls[0]!.text.includes('eyJ'), h.calls[0]!.text);
  assert.equal(h.received()[0], { level: 5, message: 'line\n[redacted]', additional: ['\u0001[redacted]', { k: '[redacted]', '[redacted]': 1 }], timestamp: 't' });
});

test('pending storage holds at most 64 KiB: oldest dropped, the count reported on the next page', async () => {
  const local = memoryStorage();
  const first = harness({ local });
  first.logger.updateConfig({ maxEntriesPerMinute: 1000 });
  first.logger.start({ production: true, captureErrors: false });
  const big = 'z'.repeat(5000);
  for (let i = 0; i < 20; i++) first.logger.error(big + ' #' + i);
  first.target.dispatchEvent(new Event('pagehide'));
  const raw = local.get('emweb.logger.pending')!;
  assert.ok(Buffer.byteLength(raw) <= 64 * 1024);
  const { entries, dropped } = stored(local);
  const kept = entries.length;
  assert.ok(kept < 20 && kept > 5);
  assert.is(dropped, 20 - kept);
  assert.is(entries.at(-1).message.split(' #')[1], '19', 'the newest are kept');

  const second = harness({ local });
  second.begin({ maxEntriesPerMinute: 1000 });
  await second.logger.flush();
  await second.settle();
  await second.logger.flush();
  const got = second.received();
  assert.equal(dropCounts(got.slice(0, 1)), [[20 - kept, 0]]);
  assert.is(got.length, kept + 1);
});

test('a page hidden twice before any endpoint adds to what is stored', async () => {
  const h = harness();
  h.logger.start({ production: true, captureErrors: false });
  h.logger.error('a');
  hide(h);
  h.logger.error('b');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(stored(h.local).messages, ['a', 'b']);
});

test('malformed pending storage is ignored and removed', async () => {
  for (const bad of ['{oops', '[]', '[-3]', '"text"', '["x", null, 5, {"level":"x"}]', '{"entries":[{"message":"old format"}],"dropped":3}']) {
    const local = memoryStorage();
    local.set('emweb.logger.pending', bad);
    const h = harness({ local });
    h.begin();
    await h.logger.flush();
    await h.clock.tickAsync(20_000);
    assert.is(h.calls.length, 0, bad);
    assert.is(local.get('emweb.logger.pending'), null);
  }
});

test('after stop(), page events send nothing', async () => {
  const h = harness({ beacon: true });
  h.begin();
  await h.logger.stop();
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  hide(h);
  assert.is(h.calls.length, 0);
  assert.equal(sizes(h.calls), []);
});

test.run();

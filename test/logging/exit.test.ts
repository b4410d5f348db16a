// Page exit: keepalive fetch within the 64 KiB budget, beacon beyond it, localStorage when
// nothing can leave, and what the next page does with what was stored.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryStorage } from '../../src/storage';
import { harness, sizes } from './helpers';

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
  assert.is(h.calls[1]!.init.keepalive, undefined, 'ordinary sends again');
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
  const stored = JSON.parse(local.get('emweb.logger.pending')!);
  assert.equal(stored.entries.map((e: any) => e.message), ['old 1', 'old 2']);

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
  assert.equal(second.received()[0], stored.entries[0], 'the entry as it was');
});

test('both ways failing: the entries are kept in localStorage', async () => {
  const h = harness({ beacon: () => false, env: { fetch: () => { throw new Error('no'); } } });
  h.begin();
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(JSON.parse(h.local.get('emweb.logger.pending')!).entries.map((e: any) => e.message), ['a']);
});

test('a keepalive request that fails later keeps its entries in localStorage', async () => {
  const h = harness({ answer: () => 503 });
  h.begin();
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  await h.settle();
  assert.equal(JSON.parse(h.local.get('emweb.logger.pending')!).entries.map((e: any) => e.message), ['a']);
});

test('offline at exit: straight to localStorage', async () => {
  const h = harness({ beacon: true });
  h.begin();
  h.navigator.onLine = false;
  h.logger.error('a');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.is(h.calls.length, 0);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(JSON.parse(h.local.get('emweb.logger.pending')!).entries.map((e: any) => e.message), ['a']);
});

test('a batch waiting for its retry goes on exit too, ahead of newer entries', async () => {
  const h = harness({ answer: (_c, n) => (n === 1 ? 503 : 200) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.settle(); // a failed, retry in 1 s
  h.logger.error('b');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(h.calls.slice(1).map((c) => [c.body.message, c.init.keepalive]), [
    ['a', true],
    ['b', true],
  ]);
  await h.clock.tickAsync(5000);
  assert.is(h.calls.length, 3, 'the cancelled retry does not send a again');
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
  const stored = JSON.parse(raw);
  const kept = stored.entries.length;
  assert.ok(kept < 20 && kept > 5);
  assert.is(stored.dropped, 20 - kept);
  assert.is(stored.entries.at(-1).message.split(' #')[1], '19', 'the newest are kept');

  const second = harness({ local });
  second.begin({ maxEntriesPerMinute: 1000 });
  await second.logger.flush();
  await second.settle();
  await second.logger.flush();
  const got = second.received();
  assert.is(got[0]!.message, `emweb.logger dropped ${20 - kept} entries (queue full) and 0 (rate limit)`);
  assert.is(got.length, kept + 1);
});

test('a page hidden twice before any endpoint adds to what is stored', async () => {
  const h = harness();
  h.logger.start({ production: true, captureErrors: false });
  h.logger.error('a');
  hide(h);
  h.logger.error('b');
  h.target.dispatchEvent(new Event('pagehide'));
  assert.equal(JSON.parse(h.local.get('emweb.logger.pending')!).entries.map((e: any) => e.message), ['a', 'b']);
});

test('malformed pending storage is ignored and removed', async () => {
  for (const bad of ['{oops', '[]', '{"entries":[{"level":"x"},null,5]}', '{"entries":"no","dropped":-3}']) {
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

// Page exit: every batch not yet delivered is stored under the page's own key, then sent at once
// (keepalive within the 64 KiB budget, beacons beyond it, never a beacon in token mode); what the
// next page does with what was stored.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryStorage } from '../../fakes';
import { dropReports, ENDPOINT, harness, messages, storedMessages, storedPages } from '../../fakes/logger';

test('pagehide: what is queued goes at once as a keepalive POST with its key, and is stored for the next page', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a', { x: 1 });
  h.logger.error('b');
  h.pagehide();
  assert.is(h.calls.length, 1, 'synchronously, within the event');
  const [c] = h.calls;
  assert.is(c!.init.keepalive, true);
  assert.is(c!.init.method, 'POST');
  assert.equal(c!.init.headers, { 'Content-Type': 'application/json', 'Idempotency-Key': c!.key });
  assert.is(c!.init.credentials, 'include');
  assert.equal(messages(c!.body), ['a', 'b']);
  const [page] = storedPages(h.local);
  assert.ok(page!.key.startsWith('emweb.logger.pending.'), page!.key);
  assert.equal(
    page!.value.batches.map((b: any) => b.key),
    [c!.key],
    'stored with the same key',
  );
  assert.equal(page!.value.batches[0].body, c!.body, 'the very body that was sent');
});

test('visibilitychange to hidden is an exit too; to visible takes the stored copy back', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin();
  h.logger.error('a');
  h.doc.dispatchEvent(new Event('visibilitychange'));
  assert.is(h.calls.length, 0, 'visible: nothing');
  h.hide();
  assert.is(h.calls.length, 1);
  assert.is(h.calls[0]!.init.keepalive, true);
  assert.equal(storedMessages(h.local), ['a']);
  h.show();
  assert.equal(storedPages(h.local), [], 'the page holds it itself again');
  assert.is(h.logger.stats().queued, 1, 'still held, still counted');
});

test('nothing queued: no request, no beacon, no stored key', async () => {
  const h = harness({ beacon: true });
  h.begin();
  h.pagehide();
  assert.is(h.calls.length, 0);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(h.local.keys(), []);
});

test('collection goes on if the page stays; a keepalive answered 2xx counts as sent', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  h.hide();
  assert.equal(storedMessages(h.local), ['a']);
  await h.settle();
  assert.equal(h.logger.stats(), { ...h.logger.stats(), logged: 1, sent: 1, queued: 0 });
  assert.equal(storedPages(h.local), [], 'delivered while hidden: no longer kept for a next page');
  h.show();
  h.logger.error('b');
  await h.clock.tickAsync(10_000);
  assert.equal(
    h.calls.map((c) => messages(c.body)),
    [['a'], ['b']],
  );
  assert.not.ok(h.calls[1]!.init.keepalive, 'ordinary sends again');
});

test('beyond the 64 KiB keepalive budget: keepalive while in budget, then beacons with the key in the URL; all of it stored', async () => {
  const h = harness({ beacon: true, answer: () => 'hang' }); // keepalive requests stay in flight
  h.begin({ batchSize: 100, maxEntriesPerMinute: 1000 });
  await h.control._stop(); // queue only
  const big = 'x'.repeat(6000);
  for (let i = 0; i < 30; i++) h.logger.error(`${big} #${i}`);
  h.control._start({ production: true, options: { batchSize: 100, maxEntriesPerMinute: 1000 }, captureErrors: false });
  await h.settle();
  h.pagehide();
  const keepalive = h.calls.filter((c) => c.init.keepalive);
  const ordinary = h.calls.filter((c) => !c.init.keepalive);
  const beacons = await h.beaconBodies();
  const inFlight = keepalive.reduce((n, c) => n + Buffer.byteLength(c.text), 0);
  assert.ok(keepalive.length >= 2, 'several keepalive bodies');
  assert.ok(inFlight <= 64 * 1024, `keepalive bytes in flight ${inFlight}`);
  assert.ok(beacons.length >= 1, 'the rest by beacon');
  for (const b of beacons) {
    assert.is(b.type, 'application/json');
    assert.is(b.url, `${ENDPOINT}?idempotencyKey=${b.key}`);
  }
  const keys = [...keepalive.map((c) => c.key), ...beacons.map((b) => b.key)];
  assert.is(new Set(keys).size, keys.length, 'one request a batch');
  assert.equal(
    new Set(storedPages(h.local)[0]!.value.batches.map((b: any) => b.key)),
    new Set([ordinary[0]!.key, ...keys]),
    'every batch stored, by its key',
  );
  const sentAtExit = [...keepalive.flatMap((c) => c.body), ...beacons.flatMap((b) => b.body)];
  const all = [...ordinary[0]!.body, ...sentAtExit].map((e: any) => Number(e.message.split(' #')[1]));
  assert.equal(
    [...new Set(all)].sort((a, b) => a - b),
    Array.from({ length: 30 }, (_, i) => i),
    'every entry went out',
  );
});

test('the keepalive budget is freed as requests finish', async () => {
  // The first (ordinary) send never answers: one in flight, so everything after it waits in the queue.
  const h = harness({ beacon: true, answer: (_c, n) => (n === 1 ? 'hang' : 200) });
  h.begin({ batchSize: 100, maxEntriesPerMinute: 1000 });
  h.logger.error('blocker');
  await h.clock.tickAsync(10_000);
  const big = 'y'.repeat(6000);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 8; i++) h.logger.error(`${big} ${round}.${i}`);
    h.pagehide();
    await h.settle();
  }
  assert.equal(await h.beaconBodies(), [], 'each round fits once the last one is answered');
  assert.ok(h.calls.slice(1).every((c) => c.init.keepalive));
  assert.ok(h.calls.reduce((n, c) => n + c.text.length, 0) > 128 * 1024, 'more than twice the budget in all');
});

test('token mode (the endpoint has headers): keepalive carries them, no beacon ever; what keepalive cannot take stays stored', async () => {
  const h = harness({ beacon: true, answer: () => 'hang' });
  h.begin({ batchSize: 100, maxEntriesPerMinute: 1000 }, { headers: { Authorization: 'Bearer dev' } });
  await h.control._stop(); // queue only
  const big = 'z'.repeat(6000);
  for (let i = 0; i < 30; i++) h.logger.error(`${big} #${i}`);
  h.control._start({ production: true, options: { batchSize: 100, maxEntriesPerMinute: 1000 }, captureErrors: false });
  h.pagehide();
  const keepalive = h.calls.filter((c) => c.init.keepalive);
  assert.ok(keepalive.length >= 2, `${keepalive.length} keepalive requests`);
  assert.ok(keepalive.reduce((n, c) => n + Buffer.byteLength(c.text), 0) <= 64 * 1024, 'within the budget');
  assert.ok(
    h.calls.every((c) => (c.init.headers as Record<string, string>).Authorization === 'Bearer dev'),
    'every request carries the header',
  );
  assert.equal(await h.beaconBodies(), []);
  const stored = storedMessages(h.local);
  assert.is(stored.length, 30, 'all of it stored');
  const carried = new Set(keepalive.flatMap((c) => messages(c.body)));
  assert.ok(
    stored.some((m) => !carried.has(m)),
    'some of it went by no request: it waits in the store',
  );
});

test('no endpoint yet: stored; the next page sends it first, with its keys, once it has an endpoint', async () => {
  const local = memoryStorage();
  const first = harness({ local, beacon: true });
  first.control._start({ production: true, captureErrors: false });
  first.logger.error('old 1');
  first.logger.error('old 2');
  first.pagehide();
  assert.is(first.calls.length, 0);
  assert.equal(await first.beaconBodies(), []);
  const [page] = storedPages(local);
  assert.equal(storedMessages(local), ['old 1', 'old 2']);

  const second = harness({ local });
  second.logger.error('new');
  second.control._start({ production: true, captureErrors: false });
  assert.equal(storedPages(local), [], 'taken, so sent once');
  assert.equal(second.logger.stats(), { ...second.logger.stats(), logged: 3, restored: 2, queued: 3 });
  await second.clock.tickAsync(20_000);
  assert.is(second.calls.length, 0, 'waits for an endpoint');
  second.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  await second.logger.flush();
  assert.equal(messages(second.received()), ['old 1', 'old 2', 'new']);
  assert.is(second.calls[0]!.key, page!.value.batches[0].key, 'replayed with its key');
  assert.equal(second.calls[0]!.body, page!.value.batches[0].body, 'whole, as stored');
});

test('offline at exit: stored, nothing sent', async () => {
  const h = harness({ beacon: true });
  h.begin();
  h.navigator.onLine = false;
  h.logger.error('a');
  h.pagehide();
  assert.is(h.calls.length, 0);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(storedMessages(h.local), ['a']);
});

test("while the server's Retry-After is in force: stored, nothing sent into it", async () => {
  const h = harness({ beacon: true, answer: () => ({ status: 503, headers: { 'Retry-After': '30' } }) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.settle();
  h.logger.error('b');
  h.pagehide();
  assert.is(h.calls.length, 1);
  assert.equal(await h.beaconBodies(), []);
  assert.equal(storedMessages(h.local), ['a', 'b'], 'the failed batch first');
});

test('a batch waiting for its backoff goes at exit with its key, and a batch in flight is sent again with its own', async () => {
  for (const first of [503, 'hang'] as const) {
    const h = harness({ answer: (_c, n) => (n === 1 ? first : 200) });
    h.begin({ batchSize: 1 });
    h.logger.error('a');
    await h.clock.tickAsync(500);
    h.logger.error('b');
    h.pagehide();
    const [out, ...atExit] = h.calls;
    assert.equal(
      atExit.map((c) => [c.body.message, c.init.keepalive]),
      [
        ['a', true],
        ['b', true],
      ],
      String(first),
    );
    const storedKeys = storedPages(h.local)[0]!.value.batches.map((b: any) => b.key);
    assert.equal(
      atExit.map((c) => c.key),
      storedKeys,
      'each with the key it is stored under',
    );
    assert.is(atExit[0]!.key, out!.key, 'a: the key of its first send');
    assert.match(atExit[1]!.key!, /^[0-9a-f]{32}$/);
    assert.is.not(atExit[1]!.key, out!.key, 'b: a key of its own');
    assert.equal(storedMessages(h.local), ['a', 'b']);
  }
});

test('a batch a keepalive carries is not sent again while it is carried, by delivery or by flush(); once that request ends unanswered, it goes again in its turn', async () => {
  const h = harness({ answer: (_c, n) => (n === 1 ? 'hang' : 200) });
  h.begin();
  h.logger.error('a');
  h.hide();
  h.show();
  h.logger.error('b');
  await h.clock.tickAsync(10_000); // b is due: the oldest is still carried, so nothing goes
  assert.equal(await h.logger.flush(), { sent: 0, kept: 2, dropped: 0 }, 'kept: it waits for the answer');
  assert.equal(
    h.calls.map((c) => [messages(c.body), c.init.keepalive]),
    [[['a'], true]],
    'one request for it, the keepalive',
  );
  await h.clock.tickAsync(5000); // the keepalive gives up: a goes again, then b
  assert.equal(
    h.calls.map((c) => [messages(c.body), c.init.keepalive]),
    [
      [['a'], true],
      [['a'], false],
      [['b'], false],
    ],
  );
  assert.is(h.calls[1]!.key, h.calls[0]!.key);
  assert.equal(h.logger.stats(), { ...h.logger.stats(), sent: 2, queued: 0 });
});

test('a store rewrite while hidden keeps the counts not yet reported: a page discarded then does not lose its storeFull count', async () => {
  const local = memoryStorage();
  const first = harness({ local });
  first.control._start({ production: true, options: { batchSize: 100, maxEntriesPerMinute: 1000 }, captureErrors: false });
  // Another tab's key, written after this page started, leaves room for a few batches only.
  local.set('emweb.logger.pending.other', JSON.stringify({ since: 0, dropped: 0, batches: [], filler: 'o'.repeat(200_000) }));
  for (let i = 0; i < 30; i++) first.logger.error(`${'z'.repeat(5000)} #${i}`);
  first.hide(); // no endpoint yet: all stored that fits, the oldest left out and counted
  const leftOut = first.logger.stats().droppedBy.storeFull;
  assert.ok(leftOut > 0, `${leftOut} left out`);
  first.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) }); // while hidden, what it kept goes and is delivered
  await first.settle();
  assert.ok(first.calls.length > 0);
  assert.is(first.logger.stats().sent, first.received().length);
  // The page is discarded while hidden: the next page takes what it stored.
  const next = harness({ local });
  next.begin({ maxEntriesPerMinute: 1000 });
  await next.logger.flush();
  await next.clock.tickAsync(10_000);
  assert.is(dropReports(next.received())[0]?.storeFull, leftOut, 'the count reaches the server');
  const replayed = next.received().filter((e) => e.message.includes(' #')).length;
  assert.is(first.received().length + replayed + leftOut, 30, 'every entry sent once or counted');
});

test("the next page takes every page's key, oldest first, and each is replayed once", async () => {
  const local = memoryStorage();
  const pages = [0, 1, 2].map(() => harness({ local }));
  pages.forEach((p, i) => {
    p.clock.setSystemTime(1000 * (3 - i)); // the last page to close wrote first
    p.control._start({ production: true, captureErrors: false });
    p.logger.error(`from page ${i}`);
  });
  for (const p of [...pages].reverse()) p.pagehide();
  assert.is(storedPages(local).length, 3, 'one key a page: none overwrote another');
  const next = harness({ local });
  next.clock.setSystemTime(10_000);
  next.begin();
  await next.logger.flush();
  assert.equal(messages(next.received()), ['from page 2', 'from page 1', 'from page 0']);
  assert.equal(local.keys(), []);
  const again = harness({ local });
  again.begin();
  await again.logger.flush();
  assert.is(again.calls.length, 0, 'taken once');
});

test('what is stored for the next page was scrubbed before it was stored', async () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
  const h = harness();
  h.local.set('devToken', 'dev-token-1234');
  h.control._start({ production: true, captureErrors: false });
  h.logger.setContext({ cookie: 'sid=9' });
  h.logger.error(`line ${jwt}`, { password: 'hunter2', n: 'dev-token-1234' });
  h.pagehide();
  const kept = h.local.get(storedPages(h.local)[0]!.key)!;
  assert.not.ok(/eyJ|hunter2|dev-token|sid=9/.test(kept), kept);
});

test("the store holds at most 256 KiB across every page's key: a page keeps its newest batches, the oldest are dropped and counted, and the next page reports them", async () => {
  const local = memoryStorage();
  local.set('emweb.logger.pending.other', JSON.stringify({ since: 0, dropped: 0, batches: [], filler: 'o'.repeat(100_000) }));
  const first = harness({ local });
  first.control._start({
    production: true,
    options: { maxEntriesPerMinute: 10_000, maxQueueSize: 10_000 },
    captureErrors: false,
  });
  const big = 'z'.repeat(5000);
  for (let i = 0; i < 60; i++) first.logger.error(`${big} #${i}`);
  first.pagehide();
  const total = local.keys().reduce((n, k) => n + Buffer.byteLength(k) + Buffer.byteLength(local.get(k)!), 0);
  assert.ok(total <= 256 * 1024, `${total} bytes stored`);
  const own = storedPages(local).find((p) => p.key !== 'emweb.logger.pending.other')!;
  const kept = own.value.batches.flatMap((b: any) => b.body.map((e: any) => Number(e.message.split(' #')[1])));
  assert.ok(kept.length > 10 && kept.length < 60, `${kept.length} kept`);
  assert.equal(
    kept,
    Array.from({ length: kept.length }, (_, i) => 60 - kept.length + i),
    'the newest',
  );
  const stats = first.logger.stats();
  assert.is(stats.droppedBy.storeFull, 60 - kept.length);
  assert.is(stats.logged, stats.sent + stats.queued + stats.dropped);
  assert.is(own.value.dropped.storeFull, 60 - kept.length, 'the count is kept with them');

  const second = harness({ local });
  second.begin({ maxEntriesPerMinute: 10_000 });
  await second.logger.flush();
  await second.clock.tickAsync(10_000);
  assert.is(dropReports(second.received())[0]?.storeFull, 60 - kept.length, 'the count reaches the server');
});

test('malformed stored values are ignored and removed', async () => {
  const bad = [
    '{oops',
    '[]',
    '"text"',
    '{"batches":{}}',
    '{"batches":[{"key":"short","body":[]}]}',
    '{"batches":[{"key":"a1b2c3d4e5f6a7b8\\r\\nX: 1","body":{"level":5,"message":"m","additional":[],"timestamp":"t"}}]}',
    '{"batches":[{"key":"a1b2c3d4e5f6a7b8","body":[]}]}',
    '{"batches":[{"key":"a1b2c3d4e5f6a7b8","body":[{"level":"x","message":"m","additional":[],"timestamp":"t"}]}]}',
    '{"batches":[{"key":"a1b2c3d4e5f6a7b8","body":[{"level":5,"message":1,"additional":[],"timestamp":"t"}]}]}',
  ];
  for (const value of bad) {
    const local = memoryStorage();
    local.set('emweb.logger.pending.x', value);
    const h = harness({ local });
    h.begin();
    await h.logger.flush();
    await h.clock.tickAsync(20_000);
    assert.is(h.calls.length, 0, value);
    assert.equal(local.keys(), [], value);
    assert.is(h.logger.stats().logged, 0);
  }
});

test('after stop(), page events send and store nothing', async () => {
  const h = harness({ beacon: true });
  h.begin();
  await h.control._stop();
  h.logger.error('a');
  h.pagehide();
  h.hide();
  assert.is(h.calls.length, 0);
  assert.equal(h.local.keys(), []);
});

test.run();

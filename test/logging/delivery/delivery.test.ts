// Delivery as the server sees it: batching, timing, every failure class, idempotency keys,
// stats().status in each of its values, flush() results.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Answer, dropReports, ENDPOINT, entriesOf, harness, messages, sizes } from '../../fakes/logger';

const failThen =
  (failures: Answer[]): ((c: unknown, n: number) => Answer) =>
  (_c, n) =>
    failures[n - 1] ?? 200;

/** The network comes back: the browser says online again and the server answers 200. */
async function backOnline(h: ReturnType<typeof harness>): Promise<void> {
  h.navigator.onLine = true;
  h.setAnswer(() => 200);
  h.target.dispatchEvent(new Event('online'));
  await h.settle();
}

test('45 errors: batches of 20 and 20 at once, then 5 on the timer', async () => {
  const h = harness();
  h.begin();
  for (let i = 0; i < 45; i++) h.logger.error(`e${i}`);
  await h.settle();
  assert.equal(sizes(h.calls), [20, 20]);
  await h.clock.tickAsync(9_999);
  assert.equal(sizes(h.calls), [20, 20], 'not before flushIntervalMs');
  await h.clock.tickAsync(1);
  assert.equal(sizes(h.calls), [20, 20, 5]);
  assert.equal(
    messages(h.received()),
    Array.from({ length: 45 }, (_, i) => `e${i}`),
  );
});

test('exactly batchSize entries per batch, never batchSize + 1', async () => {
  const h = harness();
  h.begin({ batchSize: 3 });
  for (let i = 0; i < 3; i++) h.logger.error(`e${i}`);
  await h.settle();
  assert.equal(sizes(h.calls), [3], 'sent as soon as it holds 3, not 4');
  for (let i = 0; i < 7; i++) h.logger.error(`f${i}`);
  await h.settle();
  assert.equal(sizes(h.calls), [3, 3, 3]);
  await h.clock.tickAsync(10_000);
  assert.equal(sizes(h.calls), [3, 3, 3, 1]);
});

test('no empty request: timers and flush with nothing queued send nothing', async () => {
  const h = harness();
  h.begin();
  await h.logger.flush();
  await h.clock.tickAsync(100_000);
  h.logger.error('one');
  await h.logger.flush();
  await h.clock.tickAsync(100_000);
  await h.logger.flush();
  assert.equal(sizes(h.calls), [1]);
  assert.ok(h.calls.every((c) => c.text !== '[]' && c.text !== ''));
});

test('no entry waits longer than flushIntervalMs after it was queued', async () => {
  const h = harness();
  h.begin({ flushIntervalMs: 1000 });
  const sentAt: number[] = [];
  h.setAnswer(() => {
    sentAt.push(h.clock.now);
    return 200;
  });
  await h.clock.tickAsync(300);
  h.logger.error('a'); // t=300
  await h.clock.tickAsync(1200);
  h.logger.error('b'); // t=1500: its own deadline, not the next tick of a fixed period
  await h.clock.tickAsync(5000);
  assert.equal(sentAt, [1300, 2500]);
});

test('a shorter flushIntervalMs applies at once to what is already queued', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  await h.clock.tickAsync(500);
  h.logger.updateConfig({ flushIntervalMs: 1000 });
  await h.clock.tickAsync(499);
  assert.is(h.calls.length, 0);
  await h.clock.tickAsync(1);
  assert.is(h.calls.length, 1, 'sent 1000 ms after it was queued, not 10000');
});

test('sent early once the batch JSON reaches 16 KiB', async () => {
  const h = harness();
  h.begin();
  const chunk = 'x'.repeat(4000);
  for (let i = 0; i < 4; i++) h.logger.error(chunk + i);
  await h.settle();
  assert.is(h.calls.length, 0, '~16,000 bytes: not yet');
  h.logger.error(chunk + 4);
  await h.settle();
  assert.equal(sizes(h.calls), [5]);
  assert.ok(h.calls[0]!.text.length >= 16 * 1024);
});

test('batchSize 1: each entry alone, as a single object body of exactly four fields', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.logger.error('a', { n: 1 });
  h.logger.error('b');
  await h.settle();
  assert.is(h.calls.length, 2);
  assert.not.ok(Array.isArray(h.calls[0]!.body));
  assert.equal(Object.keys(h.calls[0]!.body), ['level', 'message', 'additional', 'timestamp']);
  assert.equal(h.calls[0]!.body.additional, [{ n: 1 }]);
  assert.is(h.calls[1]!.body.message, 'b');
});

test("every request: POST to the endpoint, JSON, credentials unless withCredentials is false, the endpoint's headers, a timeout signal", async () => {
  const h = harness();
  h.begin({ batchSize: 1 }, { headers: { Authorization: 'Bearer t0k' } });
  h.logger.error('a');
  h.logger.updateConfig({ withCredentials: false });
  h.logger.error('b');
  await h.settle();
  const [a, b] = h.calls;
  assert.is(a!.url, ENDPOINT);
  assert.is(a!.init.method, 'POST');
  assert.equal(a!.init.headers, { 'Content-Type': 'application/json', Authorization: 'Bearer t0k', 'Idempotency-Key': a!.key });
  assert.is(a!.init.credentials, 'include');
  assert.is(b!.init.credentials, 'same-origin');
  assert.ok(a!.init.signal instanceof AbortSignal);
});

test('the endpoint and its headers are read at send time', async () => {
  const h = harness();
  let token = 'first';
  h.control._start({ production: true, options: { batchSize: 1 }, captureErrors: false });
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({ Authorization: token }) });
  h.logger.error('a');
  token = 'second';
  h.control._setEndpoint({ url: 'https://other.example/log', headers: () => ({ Authorization: token }) });
  h.logger.error('b');
  await h.settle();
  assert.equal(
    h.calls.map((c) => [c.url, (c.init.headers as Record<string, string>).Authorization]),
    [
      [ENDPOINT, 'first'],
      ['https://other.example/log', 'second'],
    ],
  );
});

test('every batch has its own Idempotency-Key, the same on every retry of it', async () => {
  const h = harness({ answer: failThen([503, 503, 200, 500]) });
  h.begin({ batchSize: 2 });
  for (const m of ['a', 'b', 'c', 'd']) h.logger.error(m);
  await h.clock.tickAsync(60_000);
  const byBatch = h.calls.map((c) => [messages(c.body).join(), c.key]);
  assert.equal(
    byBatch.map(([m]) => m),
    ['a,b', 'a,b', 'a,b', 'c,d', 'c,d'],
  );
  assert.ok(
    h.calls.every((c) => /^[0-9a-f]{32}$/.test(c.key!)),
    'a key on every request',
  );
  assert.is(new Set(h.calls.slice(0, 3).map((c) => c.key)).size, 1, 'one key across the retries of a,b');
  assert.is(h.calls[3]!.key, h.calls[4]!.key);
  assert.is.not(h.calls[0]!.key, h.calls[3]!.key, 'another batch, another key');
});

test('5xx: kept and sent again with capped exponential backoff, one in flight, order kept', async () => {
  const h = harness();
  h.begin({ batchSize: 2 });
  const at: number[] = [];
  h.setAnswer((_c, n) => {
    at.push(h.clock.now);
    return n <= 8 ? 503 : 200;
  });
  for (const m of ['a', 'b', 'c', 'd']) h.logger.error(m);
  await h.clock.tickAsync(200_000);
  assert.equal(at, [0, 1000, 3000, 7000, 15000, 31000, 63000, 123000, 183000, 183000]);
  assert.ok(
    h.calls.slice(0, 9).every((c) => messages(c.body).join() === 'a,b'),
    'the same batch until it passes',
  );
  assert.equal(messages(h.received().slice(-4)), ['a', 'b', 'c', 'd']);
  assert.is(h.reports().length, 8, 'each failure reported on the console');
  assert.ok(
    h.reports().every((r) => r.includes('503') && r.includes('kept')),
    h.reports()[0],
  );
});

test('408 is retried like 5xx', async () => {
  const h = harness({ answer: failThen([408]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(1000);
  assert.equal(messages(h.received()), ['a', 'a']);
});

test('Retry-After is honoured: 429 with seconds, 503 with an HTTP date (any case of the header name)', async () => {
  const cases: { status: number; headers: Record<string, string>; now: number; waitMs: number }[] = [
    { status: 429, headers: { 'Retry-After': '30' }, now: 0, waitMs: 30_000 },
    {
      status: 503,
      headers: { 'retry-after': 'Sat, 01 Mar 2025 10:00:20 GMT' },
      now: Date.parse('2025-03-01T10:00:00Z'),
      waitMs: 20_000,
    },
  ];
  for (const { status, headers, now, waitMs } of cases) {
    const h = harness();
    h.clock.setSystemTime(now);
    h.setAnswer(failThen([{ status, headers }]));
    h.begin({ batchSize: 1 });
    h.logger.error('a');
    await h.clock.tickAsync(waitMs - 1);
    assert.is(h.calls.length, 1, `${status}: waits`);
    await h.clock.tickAsync(1);
    assert.is(h.calls.length, 2, `${status}: then goes`);
  }
});

test("a stop and a start within the server's Retry-After: the batch still waits it out, and the stop leaves no timer", async () => {
  const h = harness({ answer: failThen([{ status: 429, headers: { 'Retry-After': '30' } }]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(10_000);
  await h.control._stop();
  assert.is(h.clock.countTimers(), 0, 'stopped: nothing armed');
  assert.is(h.logger.stats().status, 'stopped');
  h.control._start({ production: true, options: { batchSize: 1 }, captureErrors: false });
  assert.is(h.logger.stats().status, 'waiting-retry', 'the wait goes on');
  await h.clock.tickAsync(19_999);
  assert.is(h.calls.length, 1, 'still within the 30 s');
  await h.clock.tickAsync(1);
  assert.is(h.calls.length, 2);
});

test('network failure: retried 3 times while online, then that batch is dropped and counted', async () => {
  const h = harness({ answer: () => 'network' });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.filter((c) => c.body.message === 'a').length, 4, '1 attempt + 3 retries');
  assert.ok(h.reports().includes('emweb.logger: send failed 0 dropped'), 'the drop is reported');
  assert.is(h.logger.stats().droppedBy.network, 1);
  // Its count is due 10 s later, alone, and given up the same way: once, not again and again.
  assert.equal(
    h.calls.slice(4).map((c) => c.body.message),
    Array(4).fill('emweb.logger dropped entries'),
  );
  await h.clock.tickAsync(600_000);
  assert.is(h.calls.length, 8);
  h.setAnswer(() => 200);
  h.logger.error('b');
  await h.clock.tickAsync(10_000);
  assert.is(h.calls.at(-1)!.body.message, 'b', 'the next batch goes');
});

test('a send that never answers times out (15 s) and counts as a network failure', async () => {
  const h = harness({ answer: failThen(['hang']) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(14_999);
  assert.is(h.calls.length, 1, 'one in flight: b waits');
  assert.not.ok(h.calls[0]!.init.signal!.aborted);
  await h.clock.tickAsync(1);
  assert.ok(h.calls[0]!.init.signal!.aborted, 'the request is aborted');
  await h.clock.tickAsync(1000);
  assert.equal(
    h.calls.map((c) => c.body.message),
    ['a', 'a', 'b'],
  );
});

test('a send whose fetch ignores the abort signal still times out (sendTimeoutMs)', async () => {
  let n = 0;
  const ok = { status: 200, headers: { get: () => null } } as unknown as Response;
  const h = harness({ env: { sendTimeoutMs: 5000, fetch: () => (++n === 1 ? new Promise(() => {}) : Promise.resolve(ok)) } });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(4999);
  assert.is(n, 1);
  await h.clock.tickAsync(1 + 1000);
  assert.is(n, 3, 'a again after its backoff, then b');
});

test('offline: nothing is tried until the online event, then delivery resumes in order', async () => {
  const h = harness({ answer: () => 'network' });
  h.begin({ batchSize: 1 });
  h.navigator.onLine = false;
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(10 * 60_000);
  assert.is(h.calls.length, 0, 'no attempt while the browser says offline');
  assert.is(h.logger.stats().status, 'offline');
  await backOnline(h);
  assert.equal(
    h.calls.map((c) => c.body.message),
    ['a', 'b'],
  );
  assert.is(h.logger.stats().status, 'idle');
});

test('going offline during a send: waits for online instead of burning retries', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.setAnswer(() => {
    h.navigator.onLine = false;
    return 'network';
  });
  h.logger.error('a');
  await h.clock.tickAsync(10 * 60_000);
  assert.is(h.calls.length, 1);
  await backOnline(h);
  assert.equal(
    h.calls.map((c) => c.body.message),
    ['a', 'a'],
  );
  assert.is(h.logger.stats().droppedBy.network, 0, 'not counted against the retries');
});

for (const status of [400, 401, 404]) {
  test(`${status} drops that batch, counted as rejected, with a console report; the next goes`, async () => {
    const h = harness({ answer: failThen([status]) });
    h.begin({ batchSize: 1 });
    h.logger.error('bad');
    h.logger.error('good');
    await h.clock.tickAsync(60_000);
    assert.equal(
      h.calls.map((c) => c.body.message),
      ['bad', 'emweb.logger dropped entries', 'good'],
      'bad is not sent again; its count goes first (a batch of 1 has no room beside good)',
    );
    assert.equal(h.reports(), [`emweb.logger: send failed ${status} dropped`]);
    assert.is(h.logger.stats().droppedBy.rejected, 1);
  });
}

test('413: the batch goes again as two halves in its place, the older first, each with a new key; a half answered 413 is split again', async () => {
  // The server takes at most two entries a request.
  const h = harness({ answer: (c) => (Array.isArray(c.body) && c.body.length > 2 ? 413 : 200) });
  h.begin({ batchSize: 100 });
  await h.control._stop(); // queue only
  for (let i = 0; i < 7; i++) h.logger.error(`e${i}`);
  h.control._start({ production: true, options: { batchSize: 100 }, captureErrors: false });
  assert.equal(await h.logger.flush(), { sent: 7, kept: 0, dropped: 0 });
  assert.equal(
    h.calls.map((c) => [messages(c.body).join(), c.answer]),
    [
      ['e0,e1,e2,e3,e4,e5,e6', 413],
      ['e0,e1,e2,e3', 413],
      ['e0,e1', 200],
      ['e2,e3', 200],
      ['e4,e5,e6', 413],
      ['e4,e5', 200],
      ['e6', 200],
    ],
  );
  const keys = h.calls.map((c) => c.key);
  assert.is(new Set(keys).size, keys.length, 'a new key for each half');
  assert.equal(messages(h.stored), ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6'], 'in order, each once');
  assert.equal(h.reports(), [
    'emweb.logger: send failed 413 split',
    'emweb.logger: send failed 413 split',
    'emweb.logger: send failed 413 split',
  ]);
  const s = h.logger.stats();
  assert.equal([s.sent, s.queued, s.dropped], [7, 0, 0]);
});

test('flush() counts a split batch by its halves: the half made of occurrences queued after the call is not its business', async () => {
  // The server takes at most two entries a request; the first send never answers.
  const h = harness({ answer: (c, n) => (n === 1 ? 'hang' : entriesOf(c.body).length > 2 ? 413 : 200) });
  h.begin({ batchSize: 4 });
  for (const m of ['x1', 'x2', 'x3', 'x4']) h.logger.error(m); // out at once; its send hangs
  h.logger.error('a');
  h.logger.error('b');
  const flushing = h.logger.flush();
  h.logger.error('c');
  h.logger.error('d'); // a, b, c and d make one batch, which the split cuts where the call did
  await h.clock.tickAsync(16_000);
  assert.equal(await flushing, { sent: 6, kept: 0, dropped: 0 });
  assert.equal(messages(h.stored), ['x1', 'x2', 'x3', 'x4', 'a', 'b', 'c', 'd']);
});

test('413 for a single entry: dropped and counted as tooLarge, and the count reaches the server', async () => {
  const h = harness({ answer: (c) => (messages(entriesOf(c.body)).includes('huge') ? 413 : 200) });
  h.begin({ batchSize: 2 });
  h.logger.error('huge');
  h.logger.error('fine');
  await h.clock.tickAsync(20_000);
  const s = h.logger.stats();
  assert.equal([s.sent, s.dropped, s.droppedBy.tooLarge, s.droppedBy.rejected], [1, 1, 1, 0]);
  assert.equal(h.reports(), ['emweb.logger: send failed 413 split', 'emweb.logger: send failed 413 dropped']);
  assert.equal(
    messages(h.stored).filter((m) => m !== 'emweb.logger dropped entries'),
    ['fine'],
  );
  assert.is(dropReports(h.stored)[0]?.tooLarge, 1);
});

test('413 of a grouped entry: dropped whole, counted as the occurrences it stood for', async () => {
  const h = harness({ answer: (c) => (entriesOf(c.body).some((e) => e.repeated) ? 413 : 200) });
  h.begin({ batchSize: 100 });
  for (let i = 0; i < 30; i++) h.logger.error('loop');
  await h.logger.flush();
  const s = h.logger.stats();
  assert.equal([s.logged, s.sent, s.droppedBy.tooLarge, s.queued], [30, 5, 25, 0]);
});

test('failures are reported on the console only, never logged into the queue', async () => {
  const h = harness({ answer: failThen([500, 400]) });
  h.begin({ batchSize: 1, serverLogLevel: 0, level: 0, disableConsoleLogging: false });
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(60_000);
  assert.equal(h.reports(), ['emweb.logger: send failed 500 kept', 'emweb.logger: send failed 400 dropped']);
  const sent = messages(h.received());
  assert.equal(sent, ['a', 'a', 'emweb.logger dropped entries', 'b'], 'a, its retry (refused), the count, b');
  assert.not.ok(
    sent.some((m) => m.includes('send failed')),
    'no report of a failed send went to the server',
  );
  assert.is(h.logger.stats().logged, 2, 'the reports were not logged');
});

test('recovery after an outage delivers every kept entry exactly once, in order', async () => {
  const h = harness();
  h.begin({ batchSize: 5 });
  let down = true;
  h.setAnswer(() => (down ? 503 : 200));
  for (let i = 0; i < 40; i++) {
    h.logger.error(`e${i}`);
    await h.clock.tickAsync(1500);
  }
  down = false;
  await h.clock.tickAsync(120_000);
  assert.equal(
    messages(h.delivered()),
    Array.from({ length: 40 }, (_, i) => `e${i}`),
  );
  const failed = h.calls.filter((c) => c.answer === 503);
  assert.ok(failed.length > 5);
  assert.ok(
    failed.every((c) => messages(c.body).join() === 'e0,e1,e2,e3,e4'),
    'only the head batch was tried during the outage',
  );
});

test('queue bound: oldest dropped, one warning for the episode, the count reaches the server once', async () => {
  const h = harness();
  h.begin({ maxQueueSize: 30, batchSize: 10 });
  let down = true;
  h.setAnswer(() => (down ? 503 : 200));
  for (let i = 0; i < 100; i++) h.logger.error(`e${i}`);
  await h.clock.tickAsync(5000);
  assert.is(h.reports().filter((r) => r.includes('queueFull')).length, 1);
  down = false;
  await h.clock.tickAsync(120_000);
  const sent = messages(h.delivered());
  // e0..e9 are in the batch out (kept), the queue keeps the newest 30: e70..e99; e10..e69 are dropped
  assert.equal(
    sent.filter((m) => !m.startsWith('emweb')),
    [...Array.from({ length: 10 }, (_, i) => `e${i}`), ...Array.from({ length: 30 }, (_, i) => `e${70 + i}`)],
  );
  const reports = h.received().filter((e) => e.message.startsWith('emweb.logger'));
  assert.is(new Set(reports.map((r) => r.timestamp)).size, 1, 'one report, however often its batch was retried');
  assert.equal(dropReports(h.delivered()), [
    { queueFull: 60, rateLimited: 0, storeFull: 0, rejected: 0, tooLarge: 0, network: 0 },
  ]);
  assert.is(reports[0]!.level, 5);
  assert.equal(h.logger.stats().droppedBy.queueFull, 60);
});

test('drop counts survive a batch that is refused (4xx), and are not reported twice', async () => {
  const h = harness();
  h.begin({ maxQueueSize: 2, batchSize: 5 });
  await h.control._stop();
  for (let i = 0; i < 5; i++) h.logger.error(`e${i}`); // 3 dropped
  let n = 0;
  h.setAnswer(() => (++n === 1 ? 400 : 200));
  h.control._start({ production: true, captureErrors: false });
  await h.logger.flush();
  h.logger.error('next');
  await h.clock.tickAsync(10_000);
  h.logger.error('after');
  await h.clock.tickAsync(10_000);
  const [refused, second, third] = h.calls;
  assert.is(dropReports(refused!.body)[0].queueFull, 3);
  assert.is(dropReports(second!.body)[0].queueFull, 3, 'reported again in the next batch that gets through');
  assert.is(second!.body[1].message, 'next');
  assert.equal(messages(third!.body), ['after'], 'and only once');
});

test('a drop report that was all its batch held, refused by the server, is not sent again', async () => {
  const h = harness({ answer: () => 400 });
  h.begin({ maxEntriesPerMinute: 0 });
  h.logger.error('refused by the rate limit');
  await h.clock.tickAsync(10_000);
  assert.is(h.calls.length, 1, 'the report alone');
  await h.clock.tickAsync(600_000);
  assert.is(h.calls.length, 1, 'not again and again');
});

test('rate limit: past maxEntriesPerMinute entries are counted, not queued, and the count is reported', async () => {
  const h = harness();
  h.begin({ maxEntriesPerMinute: 300, batchSize: 100 });
  for (let i = 0; i < 350; i++) h.logger.error(`e${i}`);
  await h.clock.tickAsync(20_000);
  assert.is(messages(h.received()).filter((m) => /^e\d/.test(m)).length, 300);
  assert.is(dropReports(h.received())[0].rateLimited, 50);
  assert.is(h.reports().filter((r) => r.includes('rateLimited')).length, 1, 'one console warning');
  await h.clock.tickAsync(61_000);
  h.logger.error('again');
  await h.clock.tickAsync(10_000);
  assert.is(h.received().at(-1)!.message, 'again', 'a minute later entries are accepted again');
});

test('drop counts alone are sent flushIntervalMs after the first loss, in one request', async () => {
  const h = harness();
  h.begin({ maxEntriesPerMinute: 0 });
  h.logger.error('a'); // t=0, refused
  await h.clock.tickAsync(4000);
  h.logger.error('b'); // t=4000, refused
  await h.clock.tickAsync(5999);
  assert.is(h.calls.length, 0);
  await h.clock.tickAsync(1);
  assert.equal(sizes(h.calls), [1]);
  assert.is(dropReports(h.received())[0].rateLimited, 2);
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1, 'and nothing more');
});

test('one batch in flight at a time; status says sending', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 1 });
  for (let i = 0; i < 10; i++) h.logger.error(`e${i}`);
  await h.clock.tickAsync(10_000);
  assert.is(h.calls.length, 1);
  assert.is(h.logger.stats().status, 'sending');
});

test('status: stopped before any start, nothing sent while stopped; idle once started with an endpoint; stopped again after stop()', async () => {
  const h = harness();
  assert.is(h.logger.stats().status, 'stopped');
  h.logger.error('early');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 0, 'stopped: nothing goes');
  h.begin();
  await h.settle();
  assert.equal([h.logger.stats().status, messages(h.received())], ['idle', ['early']]);
  await h.control._stop();
  assert.is(h.logger.stats().status, 'stopped');
});

test('status: no-endpoint between start and the endpoint (entries wait), and again when the endpoint is taken away', async () => {
  const h = harness();
  h.control._start({ production: true, options: { batchSize: 1 }, captureErrors: false });
  assert.is(h.logger.stats().status, 'no-endpoint');
  h.logger.error('a');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 0);
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  await h.settle();
  assert.equal([h.logger.stats().status, messages(h.received())], ['idle', ['a']]);
  h.control._setEndpoint(null);
  assert.is(h.logger.stats().status, 'no-endpoint');
  h.logger.error('b');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1, 'b waits for an endpoint');
});

test('an endpoint taken away during a retry wait keeps the wait: back within it, the batch waits out the rest', async () => {
  const h = harness({ answer: failThen([{ status: 503, headers: { 'Retry-After': '30' } }]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(10_000);
  h.control._setEndpoint(null);
  assert.is(h.logger.stats().status, 'no-endpoint');
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  assert.is(h.logger.stats().status, 'waiting-retry');
  await h.clock.tickAsync(19_999);
  assert.is(h.calls.length, 1, 'still within the 30 s');
  await h.clock.tickAsync(1);
  assert.equal(messages(h.received()), ['a', 'a']);
});

test('a send out when its endpoint is taken away goes on beside delivery: its batch is not sent twice at once, and its answer counts', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.settle();
  assert.is(h.logger.stats().status, 'sending');
  h.control._setEndpoint(null);
  h.setAnswer(() => 200);
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  await h.settle();
  assert.is(h.calls.length, 1, 'not again while its request is out');
  await h.clock.tickAsync(15_000); // that request times out: a goes again in its turn
  assert.equal(messages(h.received()), ['a', 'a']);
  const s = h.logger.stats();
  assert.equal([s.status, s.sent, s.queued, s.dropped], ['idle', 1, 0, 0]);
});

test('status: idle, then waiting-retry during a backoff, idle again once delivered', async () => {
  const h = harness({ answer: failThen([503]) });
  h.begin({ batchSize: 1 });
  assert.is(h.logger.stats().status, 'idle');
  h.logger.error('a');
  await h.settle();
  assert.is(h.logger.stats().status, 'waiting-retry');
  await h.clock.tickAsync(1000);
  assert.is(h.logger.stats().status, 'idle');
});

// ---------------------------------------------------------------------------------------------
// flush()

test('flush() sends what is queued now and says so: { sent, kept: 0, dropped: 0 }', async () => {
  const h = harness();
  h.begin();
  for (let i = 0; i < 3; i++) h.logger.error(`e${i}`);
  assert.equal(await h.logger.flush(), { sent: 3, kept: 0, dropped: 0 });
  assert.equal(sizes(h.calls), [3]);
});

test('flush() hands over more than one batch, one after the other, and counts them all', async () => {
  const h = harness();
  h.begin({ batchSize: 2 });
  await h.control._stop(); // collect while stopped
  for (let i = 0; i < 5; i++) h.logger.error(`e${i}`);
  h.control._start({ production: true, options: { batchSize: 2 }, captureErrors: false });
  assert.equal(await h.logger.flush(), { sent: 5, kept: 0, dropped: 0 });
  assert.equal(sizes(h.calls), [2, 2, 1]);
});

test('flush() with the server down: the first batch is tried, everything counts as kept', async () => {
  const h = harness({ answer: () => 503 });
  h.begin({ batchSize: 2 });
  for (let i = 0; i < 5; i++) h.logger.error(`e${i}`);
  await h.settle();
  const calls = h.calls.length;
  assert.equal(await h.logger.flush(), { sent: 0, kept: 5, dropped: 0 });
  assert.is(h.calls.length, calls + 1, 'the waiting batch was tried at once, once');
});

test('flush() during a backoff wait sends at once', async () => {
  const h = harness({ answer: failThen([503, 503]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.settle();
  await h.clock.tickAsync(1000); // second failure: the backoff is now 2 s
  assert.is(h.logger.stats().status, 'waiting-retry');
  assert.equal(await h.logger.flush(), { sent: 1, kept: 0, dropped: 0 });
  assert.is(h.calls.length, 3);
  assert.is(h.clock.now, 1000, 'without waiting');
});

test("flush() while the server's Retry-After is in force: nothing is sent, the entries count as kept", async () => {
  const h = harness({ answer: failThen([{ status: 429, headers: { 'Retry-After': '60' } }]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.error('b');
  await h.settle();
  assert.equal(await h.logger.flush(), { sent: 0, kept: 2, dropped: 0 });
  await h.clock.tickAsync(59_999);
  assert.equal(await h.logger.flush(), { sent: 0, kept: 2, dropped: 0 }, 'a moment before it ends');
  assert.is(h.calls.length, 1);
  await h.clock.tickAsync(1);
  assert.is(h.calls.length, 3, 'then the retry goes, and the next batch');
});

test('flush() counts a refused batch as dropped, and goes on with the next', async () => {
  const h = harness({ answer: failThen([400]) });
  h.begin({ batchSize: 2 });
  await h.control._stop();
  for (let i = 0; i < 4; i++) h.logger.error(`e${i}`);
  h.control._start({ production: true, options: { batchSize: 2 }, captureErrors: false });
  assert.equal(await h.logger.flush(), { sent: 2, kept: 0, dropped: 2 });
});

test('flush() without an endpoint, before start, or offline: settles at once, all kept', async () => {
  const h = harness();
  h.logger.error('early');
  assert.equal(await h.logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'not started');
  h.control._start({ production: true, captureErrors: false });
  assert.equal(await h.logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'no endpoint');
  h.navigator.onLine = false;
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  assert.equal(await h.logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'offline');
  assert.is(h.calls.length, 0);
});

test('flush() counts only what was queued when it was called', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 2 });
  h.logger.error('a');
  h.logger.error('b'); // a full batch: out at once, and never answered
  const flushing = h.logger.flush();
  h.logger.error('c'); // queued after the call
  h.setAnswer(() => 200);
  await h.clock.tickAsync(15_000); // the send times out; the flush sends the batch again at once
  assert.equal(await flushing, { sent: 2, kept: 0, dropped: 0 });
  assert.equal(messages(h.calls.at(-1)!.body), ['c'], 'c went in a batch of its own, not counted');
});

test('flush() counts occurrences: a grouped entry as the repeats it stands for, and not the repeats after the call', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 3 });
  for (let i = 0; i < 12; i++) h.logger.error('again'); // three as they are go out and hang; two more, then nine counted
  const flushing = h.logger.flush();
  for (let i = 0; i < 4; i++) h.logger.error('again'); // after the call: counted into another entry
  h.setAnswer(() => 200);
  await h.clock.tickAsync(15_000);
  assert.equal(await flushing, { sent: 12, kept: 0, dropped: 0 });
  assert.equal(
    h.calls.map((c) => c.body.map((e: any) => e.repeated ?? 1)),
    [[1, 1, 1], [1, 1, 1], [1, 1, 7], [4]],
    'the batch that hung, sent again, the rest of what the call found, then (overdue) what came after',
  );
});

test('flush() whose own send fails: what it holds is kept', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 2 });
  h.logger.error('a');
  const flushing = h.logger.flush();
  await h.clock.tickAsync(15_000);
  assert.equal(await flushing, { sent: 0, kept: 1, dropped: 0 });
});

test('flush() counts entries pushed out of the queue by its bound as dropped', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 1, maxQueueSize: 2 });
  h.logger.error('out'); // in flight
  h.logger.error('a');
  h.logger.error('b');
  const flushing = h.logger.flush();
  h.logger.error('c'); // pushes a out
  h.logger.error('d'); // pushes b out
  h.setAnswer(() => 200);
  await h.clock.tickAsync(16_000);
  assert.equal(await flushing, { sent: 1, kept: 0, dropped: 2 });
});

test('flush() never rejects: a dependency that throws mid-flush (headers that cannot be read) leaves what is queued kept, and says so', async () => {
  const h = harness();
  let broken = false;
  h.control._start({ production: true, captureErrors: false });
  h.control._setEndpoint({
    url: ENDPOINT,
    headers: () => {
      if (broken) throw new Error('no token');
      return {};
    },
  });
  h.logger.error('x');
  broken = true;
  assert.equal(await h.logger.flush(), { sent: 0, kept: 1, dropped: 0 });
  assert.is(h.calls.length, 0);
  assert.ok(
    h.reports().some((r) => r.includes('no token')),
    h.reports().join('; '),
  );
  broken = false;
  assert.equal(await h.logger.flush(), { sent: 1, kept: 0, dropped: 0 }, 'and it goes once it can');
});

test.run();

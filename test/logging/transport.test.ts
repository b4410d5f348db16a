// Delivery as the server sees it: batching, timing, every failure class, bounds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dropCounts, harness, sizes, type Answer } from './helpers';


test('45 errors: batches of 20 and 20 at once, then 5 on the timer', async () => {
  const h = harness();
  h.begin();
  for (let i = 0; i < 45; i++) h.logger.error('e' + i);
  await h.settle();
  assert.equal(sizes(h.calls), [20, 20]);
  await h.clock.tickAsync(9_999);
  assert.equal(sizes(h.calls), [20, 20], 'not before flushIntervalMs');
  await h.clock.tickAsync(1);
  assert.equal(sizes(h.calls), [20, 20, 5]);
  assert.equal(h.received().map((e) => e.message), Array.from({ length: 45 }, (_, i) => 'e' + i));
});

test('exactly batchSize entries per batch, never batchSize + 1', async () => {
  const h = harness();
  h.begin({ batchSize: 3 });
  for (let i = 0; i < 3; i++) h.logger.error('e' + i);
  await h.settle();
  assert.equal(sizes(h.calls), [3], 'sent as soon as it holds 3, not 4');
  for (let i = 0; i < 7; i++) h.logger.error('f' + i);
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

test('no entry waits longer than flushIntervalMs', async () => {
  const h = harness();
  h.begin({ flushIntervalMs: 1000 });
  const sentAt: number[] = [];
  h.setAnswer(() => (sentAt.push(h.clock.now), 200));
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

test('batchSize 1: each entry alone, as a single object body', async () => {
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

test('flush() sends what is queued now and resolves', async () => {
  const h = harness();
  h.begin();
  for (let i = 0; i < 3; i++) h.logger.error('e' + i);
  await h.logger.flush();
  assert.equal(sizes(h.calls), [3]);
});

test('flush() hands over more than one batch, one after the other', async () => {
  const h = harness();
  h.begin({ batchSize: 2 });
  await h.logger.stop(); // collect while stopped
  for (let i = 0; i < 5; i++) h.logger.error('e' + i);
  h.logger.start({ production: true, config: { batchSize: 2 }, captureErrors: false });
  await h.settle();
  await h.logger.flush();
  assert.equal(sizes(h.calls), [2, 2, 1]);
});

test('flush() resolves, never rejects, even with no endpoint or a dead server', async () => {
  const h = harness({ answer: () => 'hang' });
  h.logger.error('x');
  await h.logger.flush(); // not started
  h.logger.start({ production: true, captureErrors: false });
  await h.logger.flush(); // no endpoint
  h.logger.setEndpoint('https://app.example/log');
  const p = h.logger.flush();
  await h.clock.tickAsync(60_000);
  await p;
  assert.ok(h.calls.length >= 1);
});

const failThen = (failures: Answer[]): ((c: unknown, n: number) => Answer) => (_c, n) => failures[n - 1] ?? 200;

test('5xx: kept and sent again with capped exponential backoff, one in flight, order kept', async () => {
  const h = harness();
  h.begin({ batchSize: 2 });
  const at: number[] = [];
  h.setAnswer((_c, n) => (at.push(h.clock.now), n <= 8 ? 503 : 200));
  h.logger.error('a');
  h.logger.error('b');
  h.logger.error('c');
  h.logger.error('d');
  await h.clock.tickAsync(200_000);
  assert.equal(at, [0, 1000, 3000, 7000, 15000, 31000, 63000, 123000, 183000, 183000]);
  const firstTwo = h.calls.slice(0, 9).map((c) => c.body.map((e: any) => e.message).join());
  assert.ok(firstTwo.every((b) => b === 'a,b'), 'the same batch until it passes');
  assert.equal(h.received().slice(-4).map((e) => e.message), ['a', 'b', 'c', 'd']);
  assert.is(h.reports().length, 8, 'each failure reported on the console');
  assert.ok(h.reports()[0]!.includes('503'), h.reports()[0]);
});

test('408 is retried like 5xx', async () => {
  const h = harness({ answer: failThen([408]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(1000);
  assert.equal(h.received().map((e) => e.message), ['a', 'a']);
  assert.equal(h.calls.map((c) => c.body.message), ['a', 'a']);
});

test('429 with Retry-After in seconds is honoured', async () => {
  const h = harness({ answer: failThen([{ status: 429, headers: { 'Retry-After': '30' } }]) });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(29_999);
  assert.is(h.calls.length, 1);
  await h.clock.tickAsync(1);
  assert.is(h.calls.length, 2);
});

test('Retry-After as an HTTP date is honoured', async () => {
  const h = harness();
  h.clock.setSystemTime(Date.parse('2025-03-01T10:00:00Z'));
  h.setAnswer(failThen([{ status: 503, headers: { 'retry-after': 'Sat, 01 Mar 2025 10:00:20 GMT' } }]));
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(19_999);
  assert.is(h.calls.length, 1);
  await h.clock.tickAsync(1);
  assert.is(h.calls.length, 2);
});

test('network failure: retried a bounded number of times while online, then that batch is dropped', async () => {
  const h = harness({ answer: () => 'network' });
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 4, '1 attempt + 3 retries');
  assert.ok(h.reports().at(-1)!.includes('dropped'), 'the drop is reported');
  h.setAnswer(() => 200);
  h.logger.error('b');
  await h.settle();
  assert.equal(h.calls.at(-1)!.body.message, 'b', 'the next batch goes');
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
  assert.equal(h.calls.map((c) => c.body.message), ['a', 'a', 'b']);
});

test('a send whose fetch ignores the abort signal still times out (sendTimeoutMs)', async () => {
  let n = 0;
  const h = harness({ env: { sendTimeoutMs: 5000, fetch: (() => (++n === 1 ? new Promise(() => {}) : Promise.resolve({ status: 200 }))) as any } });
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
  h.navigator.onLine = true;
  h.setAnswer(() => 200);
  h.target.dispatchEvent(new Event('online'));
  await h.settle();
  assert.equal(h.calls.map((c) => c.body.message), ['a', 'b']);
});

test('going offline during a send: waits for online instead of burning retries', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.setAnswer(() => ((h.navigator.onLine = false), 'network'));
  h.logger.error('a');
  await h.clock.tickAsync(10 * 60_000);
  assert.is(h.calls.length, 1);
  h.navigator.onLine = true;
  h.setAnswer(() => 200);
  h.target.dispatchEvent(new Event('online'));
  await h.settle();
  assert.equal(h.calls.map((c) => c.body.message), ['a', 'a']);
});

test('other 4xx (400, 413) drop that batch with a console report; the next goes', async () => {
  for (const status of [400, 401, 413]) {
    const h = harness({ answer: failThen([status]) });
    h.begin({ batchSize: 1 });
    h.logger.error('bad');
    h.logger.error('good');
    await h.clock.tickAsync(60_000);
    assert.equal(h.calls.map((c) => c.body.message), ['bad', 'good'], String(status));
    assert.is(h.reports().length, 1, String(status));
    assert.ok(h.reports()[0]!.includes(String(status)) && h.reports()[0]!.includes('dropped'), h.reports()[0]);
  }
});

test('failures are reported on the console only, never logged into the queue', async () => {
  const h = harness({ answer: failThen([500, 400]) });
  h.begin({ batchSize: 1, serverLogLevel: 0, level: 0, disableConsoleLogging: false });
  h.logger.error('a');
  h.logger.error('b');
  await h.clock.tickAsync(60_000);
  assert.equal(h.received().map((e) => e.message), ['a', 'a', 'b'].slice(0, h.calls.length));
  assert.ok(h.received().every((e) => !e.message.startsWith('emweb.logger')));
});

test('recovery after an outage delivers every kept entry exactly once, in order', async () => {
  const h = harness();
  h.begin({ batchSize: 5 });
  let down = true;
  h.setAnswer(() => (down ? 503 : 200));
  for (let i = 0; i < 40; i++) {
    h.logger.error('e' + i);
    await h.clock.tickAsync(1500);
  }
  down = false;
  await h.clock.tickAsync(120_000);
  assert.equal(h.delivered().map((e) => e.message), Array.from({ length: 40 }, (_, i) => 'e' + i));
  const failed = h.calls.filter((c) => c.answer === 503);
  assert.ok(failed.length > 5);
  assert.ok(failed.every((c) => c.body.map((e: any) => e.message).join() === 'e0,e1,e2,e3,e4'), 'only the head batch was tried during the outage');
});

test('queue bound: oldest dropped, one warning for the episode, the count reaches the server once', async () => {
  const h = harness();
  h.begin({ maxQueueSize: 30, batchSize: 10 });
  let down = true;
  h.setAnswer(() => (down ? 503 : 200));
  for (let i = 0; i < 100; i++) h.logger.error('e' + i);
  await h.clock.tickAsync(5000);
  const warns = h.reports().filter((r) => r.includes('queue full'));
  assert.is(warns.length, 1);
  down = false;
  await h.clock.tickAsync(120_000);
  const msgs = h.delivered().map((e) => e.message);
  // e0..e9 are in flight (kept), the queue keeps the newest 30: e70..e99; e10..e69 are dropped
  assert.equal(msgs.filter((m: string) => !m.startsWith('emweb')), [...Array.from({ length: 10 }, (_, i) => 'e' + i), ...Array.from({ length: 30 }, (_, i) => 'e' + (70 + i))]);
  const reports = h.received().filter((e) => e.message.startsWith('emweb.logger'));
  const unique = new Set(reports.map((r) => r.timestamp));
  assert.is(unique.size, 1, 'one report, however often its batch was retried');
  assert.equal(dropCounts(h.delivered()), [[60, 0]]);
  assert.is(reports[0]!.level, 5);
});

test('drop counts survive a batch that is given up (4xx), and are not reported twice', async () => {
  const h = harness();
  h.begin({ maxQueueSize: 2, batchSize: 5 });
  h.logger.stop();
  for (let i = 0; i < 5; i++) h.logger.error('e' + i); // 3 dropped
  let n = 0;
  h.setAnswer(() => (++n === 1 ? 400 : 200));
  h.logger.start({ production: true, captureErrors: false });
  await h.logger.flush();
  await h.settle();
  h.logger.error('next');
  await h.clock.tickAsync(10_000);
  h.logger.error('after');
  await h.clock.tickAsync(10_000);
  const [rejected, second, third] = h.calls;
  assert.equal(dropCounts(rejected!.body), [[3, 0]]);
  assert.equal(dropCounts([second!.body[0]]), [[3, 0]], 'reported again in the next batch that gets through');
  assert.is(second!.body[1].message, 'next');
  assert.equal(third!.body.map((e: any) => e.message), ['after'], 'and only once');
});

test('rate limit: past maxEntriesPerMinute entries are counted, not queued, and the count is reported', async () => {
  const h = harness();
  h.begin({ maxEntriesPerMinute: 300, batchSize: 100 });
  for (let i = 0; i < 350; i++) h.logger.error('e' + i);
  await h.clock.tickAsync(20_000);
  const msgs = h.received().map((e) => e.message);
  assert.is(msgs.filter((m) => /^e\d/.test(m)).length, 300);
  assert.equal(dropCounts(h.received()), [[0, 50]]);
  assert.is(h.reports().filter((r) => r.includes('rate limit')).length, 1, 'one console warning');
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
  assert.equal(dropCounts(h.received()), [[0, 2]]);
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1, 'and nothing more');
});

test('one batch in flight at a time', async () => {
  const h = harness({ answer: () => 'hang' });
  h.begin({ batchSize: 1 });
  for (let i = 0; i < 10; i++) h.logger.error('e' + i);
  await h.clock.tickAsync(10_000);
  assert.is(h.calls.length, 1);
});

test.run();

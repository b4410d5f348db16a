// The public API: levels, console output, configuration and its persistence, life before start(),
// context, beforeSend, stats().
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { developmentDefaults, productionDefaults } from '../../src/logging';
import { LogLevel } from '../../src/product/constants';
import { memoryStorage } from '../fakes';
import { dropReports, ENDPOINT, harness, messages, sizes } from '../fakes/logger';

const METHODS = ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const;

test("the logger starts with its mode's defaults", () => {
  assert.equal(harness({ production: true }).logger.getConfig(), productionDefaults);
  assert.equal(harness({ production: false }).logger.getConfig(), developmentDefaults);
});

test('production writes nothing to the console', () => {
  const h = harness({ production: true });
  for (const m of METHODS) h.logger[m]('x');
  assert.equal(h.consoleCalls, []);
});

test('console: each level to its method from `level` up (trace → console.debug), with the original arguments', () => {
  const h = harness({ production: false });
  h.logger.updateConfig({ level: LogLevel.TRACE });
  const obj = { a: 1 };
  for (const m of METHODS) h.logger[m](m, obj, 2);
  assert.equal(
    h.consoleCalls.map((c) => c.method),
    ['debug', 'debug', 'info', 'log', 'warn', 'error', 'error'],
  );
  assert.equal(h.consoleCalls[2]!.args, ['info', obj, 2]);
  assert.ok(h.consoleCalls[2]!.args[1] === obj, 'the object itself, inspectable');
});

test('development: DEBUG and up on the console, TRACE not', () => {
  const h = harness({ production: false });
  h.logger.trace('t');
  h.logger.debug('d');
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['d'],
  );
});

test('server: ERROR and FATAL are sent by default; trace to warn are not', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  for (const m of METHODS.slice(0, 5)) h.logger[m]('no');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 0);
  h.logger.error('e');
  h.logger.fatal('f');
  await h.settle();
  assert.equal(
    h.received().map((e) => [e.level, e.message]),
    [
      [5, 'e'],
      [6, 'f'],
    ],
  );
});

test('server: serverLogLevel applies; OFF sends nothing, not even FATAL, and counts nothing', async () => {
  const h = harness();
  h.begin({ batchSize: 1, serverLogLevel: LogLevel.WARN });
  h.logger.warn('w');
  await h.settle();
  assert.is(h.calls.length, 1);
  h.logger.updateConfig({ serverLogLevel: LogLevel.OFF });
  h.logger.fatal('f');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1);
  assert.is(h.logger.stats().logged, 1);
});

test('console and server thresholds apart: what goes to the server below `level` stays off the console', async () => {
  const h = harness({ production: false });
  h.begin({ level: LogLevel.WARN, serverLogLevel: LogLevel.DEBUG, batchSize: 1 });
  h.logger.info('server only');
  h.logger.warn('both');
  await h.settle();
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['both'],
  );
  assert.equal(messages(h.received()), ['server only', 'both']);
});

test('disableConsoleLogging switches the console off and on at once', () => {
  const h = harness({ production: false });
  h.logger.updateConfig({ disableConsoleLogging: true });
  h.logger.error('a');
  h.logger.updateConfig({ disableConsoleLogging: false });
  h.logger.error('b');
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['b'],
  );
});

test('updateConfig applies at once and persists each setting under emweb.logger. in sessionStorage', () => {
  const h = harness();
  h.logger.updateConfig({ level: LogLevel.WARN, batchSize: 5, disableConsoleLogging: false });
  assert.is(h.logger.getConfig().level, LogLevel.WARN);
  assert.is(h.session.get('emweb.logger.level'), '4');
  assert.is(h.session.get('emweb.logger.batchSize'), '5');
  assert.is(h.session.get('emweb.logger.disableConsoleLogging'), 'false');
  assert.is(h.session.get('emweb.logger.serverLogLevel'), null, 'only what was changed');
  h.logger.info('hidden');
  h.logger.warn('shown');
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['shown'],
  );
});

test('getConfig returns a copy of the live config', () => {
  const h = harness();
  const c = h.logger.getConfig();
  c.level = LogLevel.TRACE;
  assert.is(h.logger.getConfig().level, LogLevel.INFO);
});

test('making the logger reads no storage: the saved settings apply when a client starts it (the start-up requests go first)', () => {
  const session = memoryStorage();
  harness({ session }).logger.updateConfig({ serverLogLevel: LogLevel.WARN });
  const read: string[] = [];
  const watched = {
    ...session,
    get: (key: string) => {
      read.push(key);
      return session.get(key);
    },
  };
  const second = harness({ session: watched });
  assert.equal(read, [], 'nothing read while the page is still starting its requests');
  assert.is(second.logger.getConfig().serverLogLevel, LogLevel.ERROR, 'the defaults until then');
  second.control._start({ production: true, captureErrors: false });
  assert.is(second.logger.getConfig().serverLogLevel, LogLevel.WARN, 'restored at start');
});

test('a reload in the same tab restores saved settings over the defaults and the start options', () => {
  const session = memoryStorage();
  harness({ session }).logger.updateConfig({ level: LogLevel.TRACE, batchSize: 3 });
  const second = harness({ session });
  second.control._start({
    production: true,
    options: { level: LogLevel.ERROR, batchSize: 10, flushIntervalMs: 500 },
    captureErrors: false,
  });
  const c = second.logger.getConfig();
  assert.is(c.level, LogLevel.TRACE, 'saved wins over start options');
  assert.is(c.batchSize, 3);
  assert.is(c.flushIntervalMs, 500, 'start options win over defaults');
  assert.is(c.serverLogLevel, LogLevel.ERROR, 'defaults fill the rest');
});

test('start() picks the mode given to it', () => {
  const h = harness({ production: true });
  h.control._start({ production: false, captureErrors: false });
  assert.equal(h.logger.getConfig(), developmentDefaults);
});

test('before start(): the console works and server entries wait for start and an endpoint', async () => {
  const h = harness({ production: false });
  h.logger.error('early');
  assert.is(h.consoleCalls.length, 1);
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  await h.clock.tickAsync(30_000);
  assert.is(h.calls.length, 0, 'not started');
  h.control._start({ production: false, captureErrors: false });
  await h.settle();
  assert.equal(messages(h.received()), ['early'], 'overdue: sent at once');
});

test('before start(): the early queue is bounded too', async () => {
  const h = harness();
  h.logger.updateConfig({ maxQueueSize: 10 });
  for (let i = 0; i < 25; i++) h.logger.error(`e${i}`);
  assert.equal(h.reports(), ['emweb.logger: dropped entries: queueFull']);
  h.begin();
  await h.logger.flush();
  assert.is(dropReports(h.received())[0].queueFull, 15);
  assert.equal(
    messages(h.received()).slice(1),
    Array.from({ length: 10 }, (_, i) => `e${15 + i}`),
  );
});

test('no endpoint after start: entries wait; setting it sends any full batch at once', async () => {
  const h = harness();
  h.control._start({ production: true, captureErrors: false });
  for (let i = 0; i < 25; i++) h.logger.error(`e${i}`);
  await h.settle();
  assert.is(h.calls.length, 0);
  h.control._setEndpoint({ url: ENDPOINT, headers: () => ({}) });
  await h.settle();
  assert.equal(sizes(h.calls), [20]);
  await h.clock.tickAsync(10_000);
  assert.equal(sizes(h.calls), [20, 5]);
});

test('stop(): flushes, then nothing is sent any more; entries logged later still queue', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  await h.control._stop();
  assert.is(h.calls.length, 1);
  h.logger.error('later');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1);
  h.control._start({ production: true, captureErrors: false });
  await h.clock.tickAsync(10_000);
  assert.equal(messages(h.received()), ['a', 'later']);
});

test('a start() made while a stop() is flushing wins', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  const stopping = h.control._stop();
  h.control._start({ production: true, captureErrors: false });
  await stopping;
  h.logger.error('b');
  await h.clock.tickAsync(10_000);
  assert.equal(messages(h.received()), ['a', 'b']);
});

test('a method taken off the logger while enabled follows later config changes', () => {
  const h = harness({ production: false });
  const { warn } = h.logger;
  h.logger.updateConfig({ level: LogLevel.ERROR });
  warn('now below the level');
  assert.equal(h.consoleCalls, []);
  h.logger.updateConfig({ level: LogLevel.WARN });
  warn('back');
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['back'],
  );
});

test('a level below every threshold is an empty function; updateConfig enables it again', () => {
  const h = harness({ production: true });
  const filtered = h.logger.debug;
  assert.is(filtered.length, 0);
  assert.ok(filtered === h.logger.trace, 'one shared empty function');
  h.logger.updateConfig({ level: LogLevel.DEBUG, disableConsoleLogging: false });
  assert.ok(h.logger.debug !== filtered);
  h.logger.debug('yes');
  h.logger.updateConfig({ level: LogLevel.INFO });
  h.logger.debug('no again');
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['yes'],
  );
});

test('a method the host page replaced is left in place by updateConfig', () => {
  const h = harness({ production: false });
  const seen: unknown[] = [];
  const original = h.logger.debug;
  h.logger.debug = (...a: unknown[]) => {
    seen.push(a[0]);
    original(...a);
  };
  const wrapper = h.logger.debug;
  h.logger.updateConfig({ level: LogLevel.ERROR });
  h.logger.updateConfig({ level: LogLevel.DEBUG });
  assert.ok(h.logger.debug === wrapper);
  h.logger.debug('through the wrapper');
  assert.equal(seen, ['through the wrapper']);
  assert.equal(
    h.consoleCalls.map((c) => c.args[0]),
    ['through the wrapper'],
  );
});

// ---------------------------------------------------------------------------------------------
// Context

test('setContext: every entry carries it while set; without one an entry is exactly its four fields', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.logger.error('before');
  h.logger.setContext({ tenant: 'acme', screen: 'tickets', ids: [1, 2] });
  h.logger.error('during');
  h.logger.setContext(null);
  h.logger.error('after');
  await h.settle();
  const [before, during, after] = h.received();
  assert.equal(Object.keys(before), ['level', 'message', 'additional', 'timestamp']);
  assert.equal(Object.keys(during), ['level', 'message', 'additional', 'timestamp', 'context']);
  assert.equal(during.context, { tenant: 'acme', screen: 'tickets', ids: [1, 2] });
  assert.equal(Object.keys(after), ['level', 'message', 'additional', 'timestamp']);
});

test('setContext: made JSON-safe and scrubbed; a context over 4 KiB is left out with a warning', async () => {
  const h = harness();
  h.local.set('devToken', 'dev-secret-value');
  h.begin({ batchSize: 1 });
  const cyclic: Record<string, unknown> = { apiKey: 'k-123', nested: { Authorization: 'Bearer x', note: 'dev-secret-value' } };
  cyclic.self = cyclic;
  h.logger.setContext(cyclic);
  h.logger.error('scrubbed');
  h.logger.setContext({ big: 'x'.repeat(5000) });
  h.logger.error('too big');
  await h.settle();
  const [scrubbed, big] = h.received();
  assert.equal(scrubbed.context, {
    apiKey: '[redacted]',
    nested: { Authorization: '[redacted]', note: '[redacted]' },
    self: '…[cut]',
  });
  assert.equal(big.context, { '…[cut]': true });
  assert.ok(h.reports().some((r) => r.includes('context over 4 KiB')));
});

test('setContext: the object is copied when set; changing it later changes nothing', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  const context = { step: 1 };
  h.logger.setContext(context);
  context.step = 2;
  h.logger.error('x');
  await h.settle();
  assert.equal(h.received()[0].context, { step: 1 });
});

test('the 32 KiB entry bound counts the context', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.logger.setContext({ pad: 'c'.repeat(3900) });
  h.logger.error('m'.repeat(40_000));
  await h.settle();
  assert.ok(Buffer.byteLength(h.calls[0]!.text) <= 32 * 1024);
  assert.ok(h.received()[0].message.endsWith('…[cut]'));
  assert.is(h.received()[0].context.pad.length, 3900);
});

// ---------------------------------------------------------------------------------------------
// beforeSend

test('beforeSend sees the entry as it would be sent, and may change it; its result is made safe and scrubbed again', async () => {
  const h = harness();
  const seen: unknown[] = [];
  h.begin({
    batchSize: 1,
    beforeSend: (entry) => {
      seen.push(structuredClone(entry));
      return {
        ...entry,
        message: `${entry.message} (checked)`,
        additional: [...entry.additional, { password: 'p', n: 1n as unknown }],
      };
    },
  });
  h.logger.setContext({ tenant: 'acme' });
  h.logger.error('hello', { a: 1 });
  await h.settle();
  assert.equal(seen, [
    { level: 5, message: 'hello', additional: [{ a: 1 }], timestamp: '1970-01-01T00:00:00.000Z', context: { tenant: 'acme' } },
  ]);
  assert.equal(h.received()[0], {
    level: 5,
    message: 'hello (checked)',
    additional: [{ a: 1 }, { password: '[redacted]', n: '1' }],
    timestamp: '1970-01-01T00:00:00.000Z',
    context: { tenant: 'acme' },
  });
});

test('beforeSend returning false drops the entry, counted as dropped (beforeSend), never reported to the server', async () => {
  const h = harness();
  h.begin({ batchSize: 1, beforeSend: (entry) => (entry.message.startsWith('noise') ? false : entry) });
  h.logger.error('noise 1');
  h.logger.error('kept');
  h.logger.error('noise 2');
  await h.clock.tickAsync(60_000);
  assert.equal(messages(h.received()), ['kept']);
  const s = h.logger.stats();
  assert.equal([s.logged, s.sent, s.dropped, s.droppedBy.beforeSend], [3, 1, 2, 2]);
  assert.equal(h.reports(), [], "the page's own choice: no warning");
});

test('beforeSend that throws leaves the entry as it was (even one it changed first), and warns once', async () => {
  const h = harness();
  h.begin({
    batchSize: 1,
    beforeSend: (entry) => {
      entry.message = 'changed';
      throw new Error('hook broke');
    },
  });
  h.logger.error('one');
  h.logger.error('two');
  await h.settle();
  assert.equal(messages(h.received()), ['one', 'two']);
  assert.is(h.reports().length, 1);
  assert.ok(h.reports()[0]!.includes('hook broke'));
});

test('beforeSend that returns no entry (nothing, a string) leaves the entry as it was, with the one warning', async () => {
  const h = harness();
  let result: unknown;
  h.begin({ batchSize: 1, beforeSend: () => result as false });
  for (result of [undefined, 'text', { message: 'no level' }, null]) h.logger.error('kept');
  await h.settle();
  assert.equal(messages(h.received()), ['kept', 'kept', 'kept', 'kept']);
  assert.is(h.reports().length, 1);
});

test('beforeSend is not persisted, and a later start() without it removes it', async () => {
  const h = harness();
  h.begin({ batchSize: 1, beforeSend: () => false });
  assert.equal(h.session.keys(), []);
  h.control._start({ production: true, options: { batchSize: 1 }, captureErrors: false });
  h.logger.error('goes');
  await h.settle();
  assert.equal(messages(h.received()), ['goes']);
});

// ---------------------------------------------------------------------------------------------
// Repeats

/** One error thrown again and again, as a failing poll loop throws it. */
const loopError = () => {
  const error = new TypeError("Cannot read properties of undefined (reading 'rows')");
  error.stack = `${error.name}: ${error.message}\n    at Kt (https://h/web/app.js:1:48211)\n    at Ft.refresh (https://h/web/app.js:1:51902)`;
  return error;
};

test('an error loop: five a minute go as they are, the rest reach the server counted, one entry a batch, and every occurrence is in the ledger', async () => {
  const h = harness();
  h.begin();
  const error = loopError();
  for (let i = 0; i < 300; i++) {
    h.logger.error('Grid refresh failed', error, { attempt: i });
    await h.clock.tickAsync(100);
  }
  await h.logger.flush();
  const received = h.received();
  const grouped = received.filter((e) => e.repeated);
  assert.is(received.length - grouped.length, 5, 'five as they are: one minute has not passed');
  assert.is(grouped.length, 3, 'one for each batch after them (at 10, 20 and 30 s)');
  assert.equal(
    grouped.map((e) => e.firstTimestamp),
    [500, 10_000, 20_000].map((ms) => new Date(ms).toISOString()),
  );
  assert.equal(
    grouped.map((e) => e.repeated),
    [95, 100, 100],
  );
  const last = grouped.at(-1);
  assert.equal(last.additional[1], { attempt: 299 }, 'the latest occurrence');
  assert.is(last.timestamp, new Date(29_900).toISOString());
  assert.equal(Object.keys(last), ['level', 'message', 'additional', 'timestamp', 'repeated', 'firstTimestamp']);
  assert.equal(last.additional[0].name, 'TypeError');
  const s = h.logger.stats();
  assert.equal([s.logged, s.sent, s.queued, s.dropped], [300, 300, 0, 0]);
  assert.is(h.calls.length, 3);
});

test('a minute on, five more go as they are; a grouped entry passes the rate limit as one', async () => {
  const h = harness();
  h.begin({ maxEntriesPerMinute: 20 });
  for (let i = 0; i < 1200; i++) {
    h.logger.error('tick');
    await h.clock.tickAsync(100);
  }
  await h.logger.flush();
  const received = h.received();
  const asTheyAre = received.filter((e) => !e.repeated).length;
  assert.is(asTheyAre, 10, 'five in each of the two minutes');
  assert.is(h.logger.stats().droppedBy.rateLimited, 0, '20 entries a minute are enough: a grouped entry counts as one');
  assert.is(
    received.reduce((n, e) => n + (e.repeated ?? 1), 0),
    1200,
    'every occurrence reached the server, as itself or counted',
  );
});

test('beforeSend sees a grouped entry once, with its counts; it may change the entry but not the counts', async () => {
  const h = harness();
  const seen: any[] = [];
  h.begin({
    batchSize: 100,
    beforeSend: (entry) => {
      seen.push(structuredClone(entry));
      return { ...entry, message: `${entry.message} (seen)`, repeated: 1 } as typeof entry;
    },
  });
  for (let i = 0; i < 50; i++) h.logger.error('again');
  assert.is(seen.length, 5, 'not once per repeat');
  await h.logger.flush();
  assert.is(seen.length, 6);
  assert.equal([seen[5].repeated, seen[5].firstTimestamp], [45, new Date(0).toISOString()]);
  const grouped = h.received().at(-1);
  assert.equal([grouped.message, grouped.repeated], ['again (seen)', 45]);
});

test('a grouped entry is scrubbed like any other: a token in its latest occurrence never leaves', async () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
  const h = harness();
  h.begin();
  for (let i = 0; i < 8; i++) h.logger.error('refresh failed', { authorization: `Bearer ${jwt}`, url: `/x?t=${jwt}` });
  await h.logger.flush();
  const text = h.calls.map((c) => c.text).join();
  assert.not.ok(text.includes('eyJ'), text);
  assert.is(h.received().at(-1).repeated, 3);
});

test('groupRepeatsAfter 0 turns grouping off; a changed value applies at once and persists', async () => {
  const h = harness();
  h.begin();
  h.logger.updateConfig({ groupRepeatsAfter: 0 });
  assert.is(h.session.get('emweb.logger.groupRepeatsAfter'), '0');
  for (let i = 0; i < 10; i++) h.logger.error('same');
  await h.logger.flush();
  assert.is(h.received().length, 10);
  assert.ok(h.received().every((e) => !('repeated' in e)));
});

// ---------------------------------------------------------------------------------------------
// stats()

test('stats(): logged, sent, queued, dropped by reason; logged = sent + queued + dropped at every step', async () => {
  const h = harness({ answer: (_c, n) => (n === 2 ? 400 : 200) });
  h.begin({ batchSize: 2, maxQueueSize: 3, maxEntriesPerMinute: 6, beforeSend: (e) => (e.message === 'skip' ? false : e) });
  const seen = () => {
    const s = h.logger.stats();
    assert.is(s.logged, s.sent + s.queued + s.dropped, JSON.stringify(s));
    return [s.logged, s.sent, s.queued, s.dropped];
  };
  assert.equal(seen(), [0, 0, 0, 0]);
  h.logger.error('a');
  h.logger.error('b'); // a full batch: out
  assert.equal(seen(), [2, 0, 2, 0], 'in flight counts as queued');
  await h.settle();
  assert.equal(seen(), [2, 2, 0, 0]);
  h.logger.error('skip');
  h.logger.error('c');
  h.logger.error('d'); // out, refused (400)
  await h.settle();
  assert.equal(seen(), [5, 2, 0, 3]);
  for (const m of ['e', 'f', 'g', 'h']) h.logger.error(m); // from the 7th in a minute on, refused by the rate limit
  assert.equal(seen(), [9, 2, 1, 6]);
  const s = h.logger.stats();
  assert.equal(s.droppedBy, { queueFull: 0, rateLimited: 3, storeFull: 0, rejected: 2, tooLarge: 0, network: 0, beforeSend: 1 });
  assert.is(s.status, 'idle');
  await h.clock.tickAsync(60_000);
  assert.equal(seen(), [9, 3, 0, 6], 'e went, with the drop report');
  assert.is(h.logger.stats().restored, 0);
});

test.run();

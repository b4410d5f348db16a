// The public API: levels, console output, configuration and its persistence, life before start().
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LogLevel } from '../../src/constants';
import { memoryStorage } from '../../src/storage';
import { developmentDefaults, productionDefaults } from '../../src/logging';
import { dropCounts, harness, sizes } from './helpers';

test('production and development defaults', () => {
  assert.equal(productionDefaults, {
    level: LogLevel.INFO,
    serverLogLevel: LogLevel.ERROR,
    disableConsoleLogging: true,
    batchSize: 20,
    flushIntervalMs: 10_000,
    withCredentials: true,
    maxQueueSize: 1000,
    maxEntriesPerMinute: 300,
  });
  assert.equal(developmentDefaults, { ...productionDefaults, level: LogLevel.DEBUG, disableConsoleLogging: false });
  assert.equal(harness({ production: true }).logger.getConfig(), productionDefaults);
  assert.equal(harness({ production: false }).logger.getConfig(), developmentDefaults);
});

test('production writes nothing to the console', () => {
  const h = harness({ production: true });
  for (const m of ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const) h.logger[m]('x');
  assert.equal(h.consoleCalls, []);
});

test('console: each level to its method from `level` up (trace → console.debug), with the original arguments', () => {
  const h = harness({ production: false });
  h.logger.updateConfig({ level: LogLevel.TRACE });
  const obj = { a: 1 };
  for (const m of ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const) h.logger[m](m, obj, 2);
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
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['d']);
});

test('server: ERROR and FATAL are sent by default; trace to warn are not', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  for (const m of ['trace', 'debug', 'info', 'log', 'warn'] as const) h.logger[m]('no');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 0);
  h.logger.error('e');
  h.logger.fatal('f');
  await h.settle();
  assert.equal(h.received().map((e) => [e.level, e.message]), [
    [5, 'e'],
    [6, 'f'],
  ]);
});

test('server: serverLogLevel applies; OFF sends nothing, not even FATAL', async () => {
  const h = harness();
  h.begin({ batchSize: 1, serverLogLevel: LogLevel.WARN });
  h.logger.warn('w');
  await h.settle();
  assert.is(h.calls.length, 1);
  h.logger.updateConfig({ serverLogLevel: LogLevel.OFF });
  h.logger.fatal('f');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1);
});

test('console and server thresholds apart: what goes to the server below `level` stays off the console', async () => {
  const h = harness({ production: false });
  h.begin({ level: LogLevel.WARN, serverLogLevel: LogLevel.DEBUG, batchSize: 1 });
  h.logger.info('server only');
  h.logger.warn('both');
  await h.settle();
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['both']);
  assert.equal(h.received().map((e) => e.message), ['server only', 'both']);
});

test('disableConsoleLogging switches the console off and on at once', () => {
  const h = harness({ production: false });
  h.logger.updateConfig({ disableConsoleLogging: true });
  h.logger.error('a');
  h.logger.updateConfig({ disableConsoleLogging: false });
  h.logger.error('b');
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['b']);
});

test('updateConfig applies at once and persists each setting under emweb.logger.', () => {
  const h = harness();
  h.logger.updateConfig({ level: LogLevel.WARN, batchSize: 5, disableConsoleLogging: false });
  assert.is(h.logger.getConfig().level, LogLevel.WARN);
  assert.is(h.session.get('emweb.logger.level'), '4');
  assert.is(h.session.get('emweb.logger.batchSize'), '5');
  assert.is(h.session.get('emweb.logger.disableConsoleLogging'), 'false');
  assert.is(h.session.get('emweb.logger.serverLogLevel'), null, 'only what was changed');
  h.logger.info('hidden');
  h.logger.warn('shown');
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['shown']);
});

test('updateConfig ignores invalid values and unknown keys', () => {
  const h = harness();
  h.logger.updateConfig({ level: 9 as any, batchSize: 0, flushIntervalMs: -1, maxQueueSize: 1.5, withCredentials: 'yes' as any, bogus: 1 } as any);
  assert.equal(h.logger.getConfig(), productionDefaults);
  for (const k of ['level', 'batchSize', 'flushIntervalMs', 'maxQueueSize', 'withCredentials', 'bogus']) {
    assert.is(h.session.get('emweb.logger.' + k), null, k);
  }
});

test('getConfig returns a copy of the live config', () => {
  const h = harness();
  const c = h.logger.getConfig();
  c.level = LogLevel.TRACE;
  assert.is(h.logger.getConfig().level, LogLevel.INFO);
});

test('a reload in the same tab restores saved settings over the defaults and the start options', () => {
  const session = memoryStorage();
  const first = harness({ session });
  first.logger.updateConfig({ level: LogLevel.TRACE, batchSize: 3 });
  // the reload: a new logger over the same sessionStorage, started with options
  const second = harness({ session });
  second.logger.start({ production: true, config: { level: LogLevel.ERROR, batchSize: 10, flushIntervalMs: 500 }, captureErrors: false });
  const c = second.logger.getConfig();
  assert.is(c.level, LogLevel.TRACE, 'saved wins over start options');
  assert.is(c.batchSize, 3);
  assert.is(c.flushIntervalMs, 500, 'start options win over defaults');
  assert.is(c.serverLogLevel, LogLevel.ERROR, 'defaults fill the rest');
});

test('invalid saved values are ignored', () => {
  const session = memoryStorage();
  session.set('emweb.logger.level', '"banana"');
  session.set('emweb.logger.batchSize', '{not json');
  session.set('emweb.logger.maxQueueSize', '-4');
  session.set('emweb.logger.withCredentials', 'false');
  const h = harness({ session });
  h.logger.start({ production: true, captureErrors: false });
  assert.equal(h.logger.getConfig(), { ...productionDefaults, withCredentials: false });
});

test('start() picks the mode given to it', () => {
  const h = harness({ production: true });
  h.logger.start({ production: false, captureErrors: false });
  assert.equal(h.logger.getConfig(), developmentDefaults);
});

test('before start(): the console works and server entries wait for start and an endpoint', async () => {
  const h = harness({ production: false });
  h.logger.error('early');
  assert.is(h.consoleCalls.length, 1);
  h.logger.setEndpoint('https://app.example/api/clientlogger/');
  await h.clock.tickAsync(30_000);
  assert.is(h.calls.length, 0, 'not started');
  h.logger.start({ production: false, captureErrors: false });
  await h.settle();
  assert.equal(h.received().map((e) => e.message), ['early'], 'overdue: sent at once');
});

test('before start(): the early queue is bounded too', async () => {
  const h = harness();
  h.logger.updateConfig({ maxQueueSize: 10 });
  for (let i = 0; i < 25; i++) h.logger.error('e' + i);
  assert.is(h.warnings().length, 1);
  h.begin();
  await h.logger.flush();
  await h.settle();
  const msgs = h.received().map((e) => e.message);
  assert.equal(dropCounts(h.received().slice(0, 1)), [[15, 0]]);
  assert.equal(msgs.slice(1), Array.from({ length: 10 }, (_, i) => 'e' + (15 + i)));
});

test('no endpoint after start: entries wait; setting it sends any full batch at once', async () => {
  const h = harness();
  h.logger.start({ production: true, captureErrors: false });
  for (let i = 0; i < 25; i++) h.logger.error('e' + i);
  await h.settle();
  assert.is(h.calls.length, 0);
  h.logger.setEndpoint('https://app.example/api/web/clientlogger/');
  await h.settle();
  assert.equal(sizes(h.calls), [20]);
  assert.is(h.calls[0]!.url, 'https://app.example/api/web/clientlogger/');
  await h.clock.tickAsync(10_000);
  assert.equal(sizes(h.calls), [20, 5]);
});

test('the endpoint is read at send time', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.setEndpoint('https://other.example/api/clientlogger/');
  h.logger.error('b');
  await h.settle();
  assert.equal(h.calls.map((c) => c.url), ['https://app.example/api/web/clientlogger/', 'https://other.example/api/clientlogger/']);
});

test('request: POST, JSON content type, credentials included unless withCredentials is false', async () => {
  const h = harness();
  h.begin({ batchSize: 1 });
  h.logger.error('a');
  h.logger.updateConfig({ withCredentials: false });
  h.logger.error('b');
  await h.settle();
  const [a, b] = h.calls;
  assert.is(a!.init.method, 'POST');
  assert.equal(a!.init.headers, { 'Content-Type': 'application/json' });
  assert.is(a!.init.credentials, 'include');
  assert.is(b!.init.credentials, 'same-origin');
  assert.ok(a!.init.signal instanceof AbortSignal, 'every send can time out');
});

test('token mode: the POST carries Authorization: Bearer <token> (development token first), read at send time', async () => {
  const local = memoryStorage();
  const h = harness({ local });
  h.begin({ batchSize: 1 });
  h.logger.error('no mode yet');
  await h.settle();
  local.set('authType', 'token');
  local.set('jwt', 'signed.in.jwt');
  h.logger.error('jwt');
  await h.settle();
  local.set('devToken', 'dev.token.x');
  h.logger.error('dev');
  await h.settle();
  local.set('authType', 'secgw');
  h.logger.error('cookies');
  await h.settle();
  assert.equal(
    h.calls.map((c) => (c.init.headers as Record<string, string>).Authorization),
    [undefined, 'Bearer signed.in.jwt', 'Bearer dev.token.x', undefined],
  );
  assert.ok(h.calls.every((c) => (c.init.headers as Record<string, string>)['Content-Type'] === 'application/json'));
});

test('stop(): flushes, then nothing is sent any more; entries logged later still queue', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  await h.logger.stop();
  assert.is(h.calls.length, 1);
  h.logger.error('later');
  await h.clock.tickAsync(60_000);
  assert.is(h.calls.length, 1);
  h.logger.start({ production: true, captureErrors: false });
  await h.clock.tickAsync(10_000);
  assert.equal(h.received().map((e) => e.message), ['a', 'later']);
});

test('a method taken off the logger while enabled follows later config changes', async () => {
  const h = harness({ production: false });
  const { warn } = h.logger;
  h.logger.updateConfig({ level: LogLevel.ERROR });
  warn('now below the level');
  assert.equal(h.consoleCalls, []);
  h.logger.updateConfig({ level: LogLevel.WARN });
  warn('back');
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['back']);
});

test('a filtered level is enabled again by updateConfig, through the logger', () => {
  const h = harness({ production: true });
  h.logger.debug('no');
  h.logger.updateConfig({ level: LogLevel.DEBUG, disableConsoleLogging: false });
  h.logger.debug('yes');
  h.logger.updateConfig({ level: LogLevel.INFO });
  h.logger.debug('no again');
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['yes']);
});

test('a method the host page replaced is left in place by updateConfig', () => {
  const h = harness({ production: false });
  const seen: unknown[] = [];
  const original = h.logger.debug;
  h.logger.debug = (...a: unknown[]) => (seen.push(a[0]), original(...a));
  const wrapper = h.logger.debug;
  h.logger.updateConfig({ level: LogLevel.ERROR });
  h.logger.updateConfig({ level: LogLevel.DEBUG });
  assert.ok(h.logger.debug === wrapper);
  h.logger.debug('through the wrapper');
  assert.equal(seen, ['through the wrapper']);
  assert.equal(h.consoleCalls.map((c) => c.args[0]), ['through the wrapper']);
});

test('a start() made while a stop() is flushing wins', async () => {
  const h = harness();
  h.begin();
  h.logger.error('a');
  const stopping = h.logger.stop();
  h.logger.start({ production: true, captureErrors: false });
  await stopping;
  h.logger.error('b');
  await h.clock.tickAsync(10_000);
  assert.equal(h.received().map((e) => e.message), ['a', 'b']);
  h.target.dispatchEvent(new Event('online')); // listeners still there: no throw, nothing odd
});

test.run();

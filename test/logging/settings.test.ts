// Which settings are valid, and their life in sessionStorage.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { developmentDefaults, productionDefaults } from '../../src/logging/entry/levels';
import { loadSettings, saveSettings, validSettings } from '../../src/logging/settings';
import { LogLevel } from '../../src/product/constants';
import { memoryStorage } from '../fakes';
import { harness, sizes } from '../fakes/logger';

// The defaults as a host would notice them (docs/logger.md's table holds the numbers; test/readme.test.ts
// holds the table to the code): what reaches the console and the server, when a batch goes, with what.
test('production defaults: nothing on the console, ERROR and up to the server, 20 to a batch or one every 10 s, with credentials', async () => {
  const h = harness({ production: true });
  h.begin();
  h.logger.warn('not sent');
  for (let i = 1; i < 20; i++) h.logger.error(`e${i}`);
  await h.settle();
  assert.is(h.calls.length, 0, '19 errors wait for the 20th');
  h.logger.error('e20');
  await h.settle();
  assert.equal(sizes(h.calls), [20], 'the 20th fills a batch, which goes at once; the warning never does');
  assert.is(h.calls[0]!.init.credentials, 'include');
  h.logger.fatal('alone');
  await h.clock.tickAsync(9_999);
  assert.is(h.calls.length, 1, 'an entry alone waits for the interval');
  await h.clock.tickAsync(1);
  assert.equal(sizes(h.calls), [20, 1], 'and goes 10 s after it was queued');
  assert.is(h.consoleCalls.length, 0, 'production writes nothing to the console');
});

test('development defaults: DEBUG and up on the console; the server, the batch and the interval as in production', async () => {
  const h = harness({ production: false });
  h.begin();
  h.logger.trace('quiet');
  h.logger.debug('heard');
  h.logger.info('sent? no');
  for (let i = 0; i < 20; i++) h.logger.error(`e${i}`);
  await h.settle();
  assert.equal(
    h.consoleCalls.slice(0, 2).map((call) => call.args[0]),
    ['heard', 'sent? no'],
    'trace stays off the console, debug and info are on it',
  );
  assert.equal(sizes(h.calls), [20]);
  assert.equal(developmentDefaults, { ...productionDefaults, level: LogLevel.DEBUG, disableConsoleLogging: false });
});

test('validSettings keeps known keys with values of the right kind and range', () => {
  const all = {
    level: 0,
    serverLogLevel: 7,
    disableConsoleLogging: false,
    batchSize: 1,
    flushIntervalMs: 0,
    withCredentials: false,
    maxQueueSize: 0,
    maxEntriesPerMinute: 2 ** 31 - 1,
    groupRepeatsAfter: 0,
  };
  assert.equal(validSettings(all), all);
  assert.equal(validSettings({ ...all, beforeSend: () => false, bogus: 1 }), all, 'unknown keys go');
});

test('validSettings drops what is out of range or of the wrong kind', () => {
  const bad: Record<string, unknown[]> = {
    level: [-1, 8, 1.5, '2', null, Number.NaN],
    serverLogLevel: [8, -1],
    batchSize: [0, -3, 2.5],
    flushIntervalMs: [-1, 2 ** 31, Number.POSITIVE_INFINITY],
    maxQueueSize: [-1, 1e10],
    maxEntriesPerMinute: [-5],
    groupRepeatsAfter: [-1, 0.5, '5', true, 2 ** 31],
    withCredentials: ['yes', 1, 0],
    disableConsoleLogging: ['true'],
  };
  for (const [key, values] of Object.entries(bad))
    for (const value of values) assert.equal(validSettings({ [key]: value }), {}, `${key}: ${String(value)}`);
  for (const nothing of [null, undefined, 5, 'level', []]) assert.equal(validSettings(nothing), {});
});

test('settings are saved one key each under emweb.logger., and read back; what cannot be read is ignored', () => {
  const session = memoryStorage();
  saveSettings(session, { level: LogLevel.WARN, withCredentials: false, groupRepeatsAfter: 0 });
  assert.equal(session.keys().sort(), ['emweb.logger.groupRepeatsAfter', 'emweb.logger.level', 'emweb.logger.withCredentials']);
  assert.equal(loadSettings(session), { level: LogLevel.WARN, withCredentials: false, groupRepeatsAfter: 0 });
  session.set('emweb.logger.batchSize', '{not json');
  session.set('emweb.logger.maxQueueSize', '-4');
  session.set('emweb.logger.serverLogLevel', '"5"');
  assert.equal(loadSettings(session), { level: LogLevel.WARN, withCredentials: false, groupRepeatsAfter: 0 });
});

test.run();

// Which settings are valid, and their life in sessionStorage.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { developmentDefaults, productionDefaults } from '../../src/logging/entry/levels';
import { loadSettings, saveSettings, validSettings } from '../../src/logging/settings';
import { LogLevel } from '../../src/product/constants';
import { memoryStorage } from '../fakes';

// The defaults docs/logger.md's table documents (test/readme.test.ts holds the table to them),
// written out on purpose: changing one must change this test too.
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
    groupRepeatsAfter: 5,
  });
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

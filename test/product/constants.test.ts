import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { version } from '../../package.json';
import { BREAKPOINTS, BUILD_VERSION, DEFAULTS, GRID_COLUMNS, LogLevel, STORAGE_KEYS } from '../../src/product/constants';

test("the build version is the package's, which is the product's build 1.229.0", () => {
  assert.is(BUILD_VERSION, version);
  // The one place the product's number is written down: the specification names it.
  assert.is(version, '1.229.0');
});

test('log levels are numbered trace 0 to off 7', () => {
  assert.equal(LogLevel, { TRACE: 0, DEBUG: 1, INFO: 2, LOG: 3, WARN: 4, ERROR: 5, FATAL: 6, OFF: 7 });
});

test('defaults: USD, "." decimal, "," thousands, 5 speed-dial actions', () => {
  assert.equal(DEFAULTS, { currency: 'USD', decimalSeparator: '.', thousandsSeparator: ',', maxSpeedDialActions: 5 });
});

test('breakpoints start at 768, 992 and 1200 px', () => {
  assert.equal(BREAKPOINTS, { sm: 768, md: 992, lg: 1200 });
});

test('grid column names', () => {
  assert.equal(GRID_COLUMNS, {
    displayRuleIcons: '__displayRuleIcons',
    displayRuleIds: '__displayRuleIds',
    aggregateSuffix: '__aggregate',
    refNameSuffix: '__refName',
  });
});

test("storage keys: the contract's three sign-in keys as they are, and every key of the client's own under the emweb. prefix", () => {
  const { authType, jwt, devToken, ...own } = STORAGE_KEYS;
  assert.equal([authType, jwt, devToken], ['authType', 'jwt', 'devToken']);
  assert.equal(Object.keys(own).sort(), ['drafts', 'loggerPrefix', 'pendingLogs', 'sentLogs']);
  for (const key of Object.values(own)) assert.ok(key.startsWith('emweb.'), key);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCurrency, formatNumber } from '../../src/product/format';

test('formatNumber uses "." for decimals and "," for thousands by default', () => {
  assert.is(formatNumber(1234567.891), '1,234,567.89');
  assert.is(formatNumber(-1234.5), '-1,234.50');
  assert.is(formatNumber(0), '0.00');
});

test('formatNumber rounds a tiny negative to 0.00, not -0.00', () => {
  assert.is(formatNumber(-0.004), '0.00');
});

test('formatNumber takes other separators and decimals', () => {
  assert.is(formatNumber(1234567.891, { decimals: 1, decimalSeparator: ',', thousandsSeparator: '.' }), '1.234.567,9');
  assert.is(formatNumber(1234.5, { decimals: 0 }), '1,235');
});

test('formatNumber of a non-finite value is an empty string', () => {
  assert.is(formatNumber(NaN), '');
  assert.is(formatNumber(Infinity), '');
});

test('formatCurrency defaults to USD', () => {
  assert.is(formatCurrency(1234.5), '$1,234.50');
  assert.is(formatCurrency(-2), '-$2.00');
});

test("formatCurrency keeps the currency's own decimals and the product separators", () => {
  assert.is(formatCurrency(1234, 'JPY'), '¥1,234');
  assert.is(formatCurrency(1234.5, 'EUR', { decimalSeparator: ',', thousandsSeparator: '.' }), '€1.234,50');
});

test('formatCurrency with an unknown code falls back instead of throwing', () => {
  assert.is(formatCurrency(1, 'NOT-A-CODE'), 'NOT-A-CODE 1.00');
});

test.run();

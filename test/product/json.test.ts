// What a draft can hold: what JSON can, refused at once otherwise; and when two values are the same.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertJson, jsonEqual } from '../../src/product/json';

test('values JSON holds pass', () => {
  for (const value of [null, true, 0, -1.5, '', 'text', [], {}, { a: [1, { b: null }] }, Object.create(null)]) assertJson(value);
});

test('anything else is a TypeError', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  for (const value of [
    undefined,
    () => {},
    Symbol('s'),
    10n,
    Number.NaN,
    Infinity,
    new Date(),
    cycle,
    { a: undefined },
    [1, () => {}],
  ]) {
    assert.throws(
      () => assertJson(value),
      (error: unknown) => error instanceof TypeError,
      String(typeof value),
    );
  }
});

test('an object of a class with fields of its own is kept as its JSON, a plain object', () => {
  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  }
  assertJson(new Point(1, 2));
});

test('the same object twice in one value is no cycle', () => {
  const shared = { a: 1 };
  assertJson({ one: shared, two: shared, list: [shared, shared] });
});

test('JSON-equal counts as equal: the order of keys aside', () => {
  assert.ok(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }));
  assert.ok(jsonEqual('', ''));
  assert.not.ok(jsonEqual({ a: 1 }, { a: 1, b: 2 }));
  assert.not.ok(jsonEqual([1], { 0: 1 }));
  assert.not.ok(jsonEqual(null, {}));
  assert.not.ok(jsonEqual('1', 1));
});

test.run();

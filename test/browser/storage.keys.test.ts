// SafeStorage.keys(): what the logger's store for the next page lists its pages' keys with.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeStorage } from '../../src/browser/storage';
import { memoryStorage } from '../fakes';

test('memory storage lists the keys it holds', () => {
  const s = memoryStorage();
  assert.equal(s.keys(), []);
  s.set('a', '1');
  s.set('b', '2');
  s.remove('a');
  assert.equal(s.keys(), ['b']);
});

test('Web Storage: its keys; none when it cannot be read', () => {
  const held = new Map([
    ['x', '1'],
    ['y', '2'],
  ]);
  const area = { length: held.size, key: (i: number) => [...held.keys()][i] ?? null } as unknown as Storage;
  assert.equal(safeStorage(() => area).keys(), ['x', 'y']);
  const throwing = () => {
    throw new Error('SecurityError');
  };
  assert.equal(safeStorage(throwing).keys(), []);
  assert.equal(safeStorage(() => null).keys(), []);
});

test.run();

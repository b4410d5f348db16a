import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeStorage } from '../../src/browser/storage';
import { memoryStorage } from '../fakes';

/** A Web Storage over a Map, with every method replaceable. */
function fakeStorage(overrides: Partial<Storage> = {}): Storage {
  const map = new Map<string, string>();
  const s = {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    ...overrides,
  };
  return s as Storage;
}

const securityError = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

test('reads, writes, removes and lists keys of a working storage', () => {
  const area = fakeStorage();
  const store = safeStorage(() => area);
  assert.is(store.get('a'), null);
  assert.is(store.set('a', '1'), true);
  assert.is(store.set('emweb.logger.level', '2'), true);
  assert.is(store.get('a'), '1');
  assert.is(store.get('emweb.logger.level'), '2');
  store.remove('a');
  assert.is(store.get('a'), null);
});

test('storage whose very access throws SecurityError: reads null, writes skipped, nothing throws', () => {
  const store = safeStorage(securityError);
  assert.is(store.get('authType'), null);
  assert.is(store.set('authType', 'secgw'), false);
  store.remove('authType');
});

test('storage whose every method throws: reads null, writes skipped, nothing throws', () => {
  const area = fakeStorage({ getItem: securityError, setItem: securityError, removeItem: securityError, key: securityError });
  const store = safeStorage(() => area);
  assert.is(store.get('authType'), null);
  assert.is(store.set('authType', 'secgw'), false);
  store.remove('authType');
});

test('a full quota makes a write report false', () => {
  const store = safeStorage(() =>
    fakeStorage({
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    }),
  );
  assert.is(store.set('k', 'v'), false);
});

test('missing storage (null or undefined) behaves like an empty one that keeps nothing', () => {
  for (const area of [() => null, () => undefined]) {
    const store = safeStorage(area);
    assert.is(store.get('jwt'), null);
    assert.is(store.set('jwt', 'x'), false);
    store.remove('jwt');
  }
});

test('memoryStorage keeps values for the page', () => {
  const store = memoryStorage();
  assert.is(store.set('emweb.logger.a', '1'), true);
  store.set('other', '2');
  assert.is(store.get('emweb.logger.a'), '1');
  store.remove('other');
  assert.is(store.get('other'), null);
});

test.run();

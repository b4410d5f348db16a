import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { effect, signal } from '../../src/state/signal';

test('a signal holds a value that is read and written through .value', () => {
  const s = signal(1);
  assert.is(s.value, 1);
  s.value = 2;
  assert.is(s.value, 2);
  assert.is(s.peek(), 2);
});

test('subscribe calls at once and on every change, not for an equal value, and stops', () => {
  const s = signal('a');
  const seen: string[] = [];
  const stop = s.subscribe((v) => seen.push(v));
  s.value = 'b';
  s.value = 'b';
  stop();
  s.value = 'c';
  assert.equal(seen, ['a', 'b']);
});

test('effect re-runs when a signal it read changes, and only those', () => {
  const a = signal(1);
  const b = signal(10);
  const runs: number[] = [];
  const stop = effect(() => runs.push(a.value));
  a.value = 2;
  b.value = 11;
  assert.equal(runs, [1, 2], 'b was never read, so changing it does not re-run');
  stop();
  a.value = 3;
  assert.equal(runs, [1, 2], 'stopped');
});

test('effect follows the signals read in its latest run', () => {
  const which = signal(true);
  const a = signal('a');
  const b = signal('b');
  const runs: string[] = [];
  effect(() => runs.push(which.value ? a.value : b.value));
  which.value = false;
  a.value = 'A';
  assert.equal(runs, ['a', 'b'], 'a is no longer read');
  b.value = 'B';
  assert.equal(runs, ['a', 'b', 'B']);
});

test('peek inside an effect does not subscribe it', () => {
  const s = signal(0);
  let runs = 0;
  effect(() => {
    runs++;
    s.peek();
  });
  s.value = 1;
  assert.is(runs, 1);
});

test('a listener that unsubscribes while being called does not disturb the others', () => {
  const s = signal(0);
  const seen: string[] = [];
  const stopA = s.subscribe((v) => {
    seen.push('a' + v);
    if (v === 1) stopA();
  });
  s.subscribe((v) => seen.push('b' + v));
  s.value = 1;
  s.value = 2;
  assert.equal(seen, ['a0', 'b0', 'a1', 'b1', 'b2']);
});

test.run();

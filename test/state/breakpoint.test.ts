import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { breakpointOf, watchBreakpoint } from '../../src/state/breakpoint';

test('breakpoint of a width: exact at 767/768, 991/992, 1199/1200', () => {
  const cases: [number, string][] = [
    [0, 'xs'],
    [320, 'xs'],
    [767, 'xs'],
    [767.9, 'xs'],
    [768, 'sm'],
    [991, 'sm'],
    [992, 'md'],
    [1199, 'md'],
    [1200, 'lg'],
    [2560, 'lg'],
  ];
  for (const [width, bp] of cases) assert.is(breakpointOf(width), bp, `${width}px`);
});

// A stand-in for window.matchMedia whose width can be changed, firing `change` like a browser.
function fakeViewport(width: number) {
  const lists: { query: string; min: number; matches: boolean; listeners: Set<() => void> }[] = [];
  const matchMedia = (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)![1]);
    const list = { query, min, matches: width >= min, listeners: new Set<() => void>() };
    lists.push(list);
    return {
      get matches() {
        return list.matches;
      },
      addEventListener: (_: string, fn: () => void) => list.listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => list.listeners.delete(fn),
    } as unknown as MediaQueryList;
  };
  const resize = (to: number) => {
    for (const list of lists) {
      const next = to >= list.min;
      if (next !== list.matches) {
        list.matches = next;
        for (const listener of list.listeners) listener();
      }
    }
  };
  const listenerCount = () => lists.reduce((n, l) => n + l.listeners.size, 0);
  return { matchMedia, resize, listenerCount };
}

test('watchBreakpoint reports the current breakpoint and follows resizes across each boundary', () => {
  const vp = fakeViewport(1024);
  const seen: string[] = [];
  const stop = watchBreakpoint(vp.matchMedia, (bp) => seen.push(bp));
  assert.equal(seen, ['md']);
  for (const w of [767, 768, 991, 992, 1199, 1200]) vp.resize(w);
  assert.equal(seen.slice(-1), ['lg']);
  assert.ok(seen.includes('xs') && seen.includes('sm'));
  stop();
  assert.is(vp.listenerCount(), 0, 'stop removes every listener');
  vp.resize(300);
  assert.is(seen.at(-1), 'lg', 'no report after stop');
});

test('watchBreakpoint without matchMedia does nothing and does not throw', () => {
  const stop = watchBreakpoint(undefined, () => assert.unreachable('no report expected'));
  stop();
});

test.run();

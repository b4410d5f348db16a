// '@preact/signals' in the React 18 build of the shell. Preact's integration re-renders a
// component when a signal it read changes; under React (without @preact/signals-react and its
// Babel transform) the stand-in is coarser: every signal made here is watched by the root, and
// any change re-renders the tree. The shell is small enough for that to be the honest port.
import { computed, signal as coreSignal, effect } from '@preact/signals-core';
import { useMemo } from 'react18';

export { batch, computed, effect, Signal, untracked } from '@preact/signals-core';

const all = [];
const watchers = new Set();

export function signal(value, options) {
  const s = coreSignal(value, options);
  all.push(s);
  for (const w of watchers) w();
  return s;
}

export const useSignal = (value) => useMemo(() => signal(value), []);
export const useComputed = (fn) => useMemo(() => computed(fn), []);

/** Calls onChange whenever any signal made here changes; returns the unsubscribe. */
function subscribeAll(onChange) {
  let dispose = () => {};
  const watch = () => {
    dispose();
    let first = true;
    dispose = effect(() => {
      for (const s of all) s.value;
      if (first) first = false;
      else onChange();
    });
  };
  watchers.add(watch);
  watch();
  return () => {
    watchers.delete(watch);
    dispose();
  };
}

// react-dom.mjs wraps the tree in a root that uses this (a global, so it costs nothing when unused).
globalThis[Symbol.for('emweb.bench.subscribeAllSignals')] = subscribeAll;

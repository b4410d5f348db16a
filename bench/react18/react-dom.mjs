// 'react-dom' (and the render of 'preact'/'preact/compat') in the React 18 build of the shell.
// The shell calls Preact's render(vnode, container) and render(null, container) to unmount;
// React 18's own way is createRoot, which is what a React 18 user would run, so use it.

import { createRoot } from 'react-dom18/client';
import { cloneElement, createElement, useLayoutEffect, useReducer } from 'react18';

export { createPortal, flushSync, unstable_batchedUpdates } from 'react-dom18';

const roots = new WeakMap();

// Set by the '@preact/signals' stand-in (signals.mjs) when the shell imports it; not imported
// from here, so that a shell whose signals need no integration (it subscribes itself) carries none of it.
const SUBSCRIBE_ALL = Symbol.for('emweb.bench.subscribeAllSignals');

// Re-renders the tree whenever a signal made through the stand-in changes. The child is cloned on
// every render: React skips a child element it has seen before, so returning the same one would
// re-render nothing below this root.
function SignalRoot({ subscribe, children }) {
  const [, rerender] = useReducer((n) => n + 1, 0);
  useLayoutEffect(() => subscribe(rerender), []);
  return cloneElement(children);
}

export function render(vnode, container) {
  let root = roots.get(container);
  if (vnode == null) {
    if (root) {
      root.unmount();
      roots.delete(container);
    }
    return;
  }
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  const subscribe = globalThis[SUBSCRIBE_ALL];
  root.render(subscribe ? createElement(SignalRoot, { subscribe }, vnode) : vnode);
}

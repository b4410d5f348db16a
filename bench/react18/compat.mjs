// 'preact/compat' in the React 18 build of the shell: React itself, with the Preact-style render.
export * from 'react18';
export { createPortal, flushSync, hydrate, render, unstable_batchedUpdates } from './react-dom.mjs';

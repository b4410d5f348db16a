// A host's project folder as npm would install it, made from this checkout's node_modules without
// the network: EMWeb as the packed build holds it, Preact, TanStack Table, the bundlers, and the
// real React that TanStack Table's peer dependency brings in (this checkout's `react` is already
// Preact's, so a recipe that forgot the alias would pass here without it).
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ours = resolve('node_modules');

/** Where each package of the host's node_modules comes from, in this checkout. */
const LINKED = {
  preact: 'preact',
  '@preact/signals': '@preact/signals',
  '@preact/signals-core': '@preact/signals-core',
  react: 'react18',
  'react-dom': 'react-dom18',
  esbuild: 'esbuild',
  vite: 'vite',
  rollup: 'rollup',
  '@rollup/plugin-node-resolve': '@rollup/plugin-node-resolve',
  '@rollup/plugin-replace': '@rollup/plugin-replace',
  '@rollup/plugin-typescript': '@rollup/plugin-typescript',
  tslib: 'tslib',
  typescript: 'typescript',
};
// Copied, not linked: a package resolves its own imports from where it really lies, and TanStack
// Table's `react` must be the host's (real) React, not this checkout's.
const COPIED = ['@tanstack/react-table', '@tanstack/table-core'];

/** A fresh folder holding `node_modules/` as a host's install has it; `emweb` is the build in dist/. */
export function makeHostProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'emweb-host-'));
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '@preact'), { recursive: true });
  mkdirSync(join(modules, '@rollup'));
  mkdirSync(join(modules, '.bin'));
  for (const [name, from] of Object.entries(LINKED)) symlinkSync(join(ours, from), join(modules, name), 'dir');
  for (const name of COPIED) cpSync(join(ours, name), join(modules, name), { recursive: true, dereference: true });
  cpSync('dist', join(modules, 'emweb', 'dist'), { recursive: true });
  cpSync('package.json', join(modules, 'emweb', 'package.json'));
  symlinkSync(join(modules, 'esbuild', 'bin', 'esbuild'), join(modules, '.bin', 'esbuild'));
  return project;
}

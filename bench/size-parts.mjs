// What each part of src/ adds to dist/emweb.js, gzipped: the bundle is built again, with the
// settings of rollup.config.mjs, with that part replaced by a stand-in that does nothing, and the
// difference is the part's cost. The libraries' share is what is left when every part of ours is
// stood in for. A maintainer's tool for the 36,864-byte limit:
//
//   node bench/size-parts.mjs            every part
//   node bench/size-parts.mjs logger ui  some parts
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import { minify } from 'terser';
import config, { terserOptions } from '../rollup.config.mjs';

const shipped = config.find((c) => c.output.file === 'dist/emweb.js');

/** Stand-ins by module path ending: each exports the names its importers use, doing nothing. */
export const PARTS = {
  logger: {
    '/logging/index.ts': `export const createLogger = () => ({ _start() {}, _setEndpoint() {}, _stop: async () => {},
      _logger: { flush: async () => ({ sent: 0, kept: 0, dropped: 0 }), stats: () => ({}), error() {}, trace() {} } });`,
  },
  styles: { '/ui/styles.ts': 'export const adoptStyles = () => {};' },
  strings: {
    '/ui/strings.ts': `export const DEFAULT_STRINGS = {}; export const mergeStrings = () => new Proxy({}, { get: (_, key) => key });
      export const fill = (text) => text; export const fillTime = (text) => text; export const authTypeName = (authType) => authType;`,
  },
  'ui (components)': { '/ui/App.tsx': 'export const App = () => null;' },
  'speed-dial actions': {
    '/ui/actions.ts': 'export const builtInActions = () => []; export const runAction = () => {};',
    '/ui/actionList.ts': 'export const resolveActions = (option, builtIns) => builtIns;',
  },
  'start-up (probe, calls, claims)': {
    '/client/startup.ts':
      'export const runStartup = async () => ({}); export const sendStartup = async () => async () => {}; export const loadConfiguration = async () => ({});',
  },
  client: {
    '/client/client.ts':
      'export const createClient = (deps) => deps; export const known = (value) => value; export const openScreen = (client) => ({ _client: client, _close() {} });',
  },
  probe: {
    '/auth/probe.ts':
      'export const createAuthTypeResolver = () => async () => ({}); export const rememberedAuthType = () => null;',
  },
  claims: { '/auth/claims.ts': 'export const readClaims = () => null; export const claimsOf = () => null;' },
  // The whole feature: the store, the writes, the hook and its notice (the notice's button stays).
  'drafts (useDraft, store, writes)': {
    '/session/drafts.ts':
      'export const DRAFT_WRITE_MS = 500; export const createDrafts = () => ({ _open: () => ({ _kept: null, _keep() {}, _forget() {}, _close() {} }), _left() {}, _signedOut() {}, _stop() {} });',
    '/ui/useDraft.ts': `import { createContext } from 'preact'; export const DraftContext = createContext(null);
      export const draftScope = (drafts) => ({ ...drafts, _restored() {}, _close() {} });
      export const useDraft = (key, initial) => [initial, () => {}, { restoredAt: null, clear() {}, discard() {} }];`,
  },
  'api calls': {
    '/api/configuration.ts': 'export const requestConfiguration = async () => ({});',
    '/api/info.ts': 'export const loadVersion = async () => ""; export const createCloudCheck = () => async () => false;',
  },
  'breakpoint watch': { '/state/breakpoint.ts': 'export const watchBreakpoint = () => () => {};' },
  'speed dial (button and menu)': { '/ui/SpeedDial.tsx': 'export const SpeedDial = () => null;' },
  'home view': { '/ui/Home.tsx': 'export const Home = () => null;' },
  'host screens (boundary)': { '/ui/HostScreen.tsx': 'export const HostScreen = () => null;' },
  'routes (routing, links, lazy, routed screen)': {
    '/routes/option.ts': 'export const checkRoutesOption = () => {};',
    '/routes/routing.ts': 'export const createRouting = () => undefined;',
    '/routes/lazy.ts':
      'import { createContext } from "preact"; export const lazy = (f) => f; export const LoadingText = createContext("");',
    '/ui/RoutedScreen.tsx': 'export const RoutedScreen = () => null;',
  },

  'window.EMWeb.html (htm)': { '/node_modules/htm/mini/index.mjs': 'export default { bind: () => () => null };' },
};

/** The plugin that stands in for `parts`, and which of their module endings it never met. */
function standIns(parts) {
  const table = Object.assign({}, ...parts.map((name) => PARTS[name]));
  const match = (id) => Object.keys(table).find((ending) => id.endsWith(ending));
  const met = new Set();
  const plugin = {
    name: 'stand-ins',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const ending = resolved && match(resolved.id);
      if (ending) met.add(ending);
      return ending ? `\0stand-in:${resolved.id}` : null;
    },
    load: (id) => (id.startsWith('\0stand-in:') ? table[match(id.slice(10))] : null),
  };
  return { plugin, unmet: () => Object.keys(table).filter((ending) => !met.has(ending)) };
}

async function gzipped(parts = []) {
  const stand = standIns(parts);
  const bundle = await rollup({ input: shipped.input, onwarn() {}, plugins: [stand.plugin, ...shipped.plugins] });
  // A stand-in for a module that moved would measure nothing and say 0 B: it fails instead. (With
  // every part stood in at once, some modules are only imported by other stand-ins.)
  if (parts.length === 1 && stand.unmet().length)
    throw new Error(`no module of the bundle ends with ${stand.unmet().join(', ')}: update PARTS`);
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  const { code } = await minify(output[0].code, terserOptions);
  return gzipSync(code, { level: 9 }).length;
}

// The libraries alone, imported as EMWeb imports them, each measured by leaving it out.
const LIBRARIES = {
  'preact (core, hooks)': `import { render, createContext, h, Fragment } from 'preact';
    import { useState, useEffect, useMemo, useRef, useCallback, useReducer, useContext, useLayoutEffect, useErrorBoundary } from 'preact/hooks';
    window.preact = { render, createContext, useState, useEffect, useMemo, useRef, useCallback, useReducer, useContext, useLayoutEffect, useErrorBoundary, h, Fragment };`,
  'preact/compat (react, react-dom)': `import * as compat from 'preact/compat'; window.compat = [compat.createElement, compat.useState, compat.render];`,
  '@preact/signals (with signals-core)': `import { signal, computed, batch } from '@preact/signals'; window.signals = { signal, computed, batch };`,
  'htm/mini': `import htm from 'htm/mini'; window.htm = htm;`,
};

async function librariesGzipped(names) {
  const code = names.map((name) => LIBRARIES[name]).join('\n');
  const entry = {
    name: 'entry',
    resolveId: (id) => (id === '\0libraries' ? id : null),
    load: (id) => (id === '\0libraries' ? code : null),
  };
  const bundle = await rollup({
    input: '\0libraries',
    onwarn() {},
    plugins: [entry, ...shipped.plugins.filter((p) => p.name === 'node-resolve')],
  });
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  const minified = await minify(output[0].code, terserOptions);
  return gzipSync(minified.code, { level: 9 }).length;
}

/**
 * What each part costs (`asked`: the parts whose names start so; all when empty), what is left
 * (ours unmeasured and the libraries), and the libraries alone, each adding to the ones before it
 * (compat and signals build on Preact's core).
 */
export async function sizeByPart(asked = []) {
  const whole = await gzipped();
  const parts = [];
  for (const name of Object.keys(PARTS)) {
    if (asked.length && !asked.some((start) => name.startsWith(start))) continue;
    parts.push({ name, bytes: whole - (await gzipped([name])) });
  }
  const rest = asked.length ? null : await gzipped(Object.keys(PARTS));
  const libraries = [];
  if (!asked.length || asked.includes('libraries')) {
    const names = Object.keys(LIBRARIES);
    for (let i = 1; i <= names.length; i++) {
      const total = await librariesGzipped(names.slice(0, i));
      libraries.push({ name: names[i - 1], adds: total - (libraries.at(-1)?.total ?? 0), total });
    }
  }
  return { whole, parts, rest, libraries };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await sizeByPart(process.argv.slice(2));
  console.log(
    `dist/emweb.js: ${r.whole} B gzipped by node:zlib at level 9 (the budget is checked with gzip -9, some 50 B tighter: npm run size)`,
  );
  for (const part of r.parts) console.log(`${part.name.padEnd(34)} ${String(part.bytes).padStart(6)} B`);
  if (r.rest !== null) console.log(`${'everything else, libraries included'.padEnd(34)} ${String(r.rest).padStart(6)} B`);
  if (r.libraries.length) console.log('\nthe libraries alone, as EMWeb imports them, each adding to the ones above:');
  for (const l of r.libraries) console.log(`${l.name.padEnd(38)} +${String(l.adds).padStart(5)} B  (${l.total} B)`);
}

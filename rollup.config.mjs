import { readFileSync } from 'node:fs';
import { dirname, relative, resolve as resolvePath, sep } from 'node:path';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import dts from 'rollup-plugin-dts';

// `react` and `react-dom` are npm aliases of @preact/compat (package.json), so node-resolve finds
// preact/compat under those names in every build, with the one preact copy it shares.
const ts = () =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*'],
    noEmit: false,
    declaration: false,
    outDir: undefined,
    sourceMap: true,
    inlineSources: true,
  });

// Every bundle gets a map with the sources inside, their paths relative to the package (`src/…`,
// `node_modules/<package>/…`), so the map reads the same wherever it is stored. A library's path
// starts at its `node_modules`: the folder may be a link to another checkout's.
const root = dirname(new URL(import.meta.url).pathname);
const packagePath = (source, mapFile) => {
  const path = relative(root, resolvePath(dirname(mapFile), source))
    .split(sep)
    .join('/');
  const library = path.lastIndexOf('node_modules/');
  return library === -1 ? path : path.slice(library);
};
const sourceMaps = { sourcemapPathTransform: packagePath };

// BUILD_VERSION is package.json's version: only that field is kept in the bundles.
const packageVersion = () => json({ preferConst: true, compact: true });

const mode = (production) =>
  replace({ preventAssignment: true, values: { __EMWEB_PRODUCTION__: String(production), __EMWEB_SCRIPT_TAG__: 'true' } });

// Shortening is the build's job, not the source's: as in Preact, every member named `_like` this
// (one underscore) is renamed, except mangle.json's reserved few. Never give a field that is stored
// or sent an underscore name: builds would disagree on it.
const { regex, reserved } = JSON.parse(readFileSync(new URL('./mangle.json', import.meta.url), 'utf8'));
// unsafe_arrows: no function expression of ours or of the libraries is called with `new`. Not
// pure_getters: reading a signal's `.value` subscribes, a side effect that must not be dropped.
export const terserOptions = {
  ecma: 2020,
  compress: { passes: 5, unsafe_arrows: true },
  mangle: { properties: { regex: new RegExp(regex), reserved } },
  // ASCII only: a host page of any charset reads the bundle alike when it is served without one.
  format: { comments: false, ascii_only: true },
};
const minify = terser(terserOptions);

// The stylesheet is written to be read (src/ui/styles.ts); the production bundle carries it without
// the layout: whitespace runs become one space, and none is kept around braces, colons, semicolons
// and commas (the stylesheet uses no selector whose meaning depends on such a space). Its own custom
// properties (`--surface`, `--muted`…) get one-letter names: only the stylesheet reads them, while
// the `--emweb-*` ones a host themes with keep theirs.
const shortCustomProperties = (css) => {
  const own = [...new Set(css.match(/--(?!emweb-)[\w-]+(?=:)/g))];
  const short = new Map(own.map((name, i) => [name, `--${String.fromCharCode(97 + i)}`]));
  return css.replace(/--(?!emweb-)[\w-]+/g, (name) => short.get(name) ?? name);
};
const compactCss = {
  name: 'compact-css',
  transform(code, id) {
    if (!id.endsWith('/src/ui/styles.ts')) return null;
    const compacted = code.replace(/const CSS = `([^`]*)`/, (_, css) => {
      const tight = shortCustomProperties(css)
        .replace(/\s+/g, ' ')
        .replace(/ ?([{}:;,]) ?/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      // The lines the stylesheet took stay (as line breaks outside the string, which the minifier
      // drops), so the rest of the file keeps its line numbers in the source map.
      const lineBreaks = '\n'.repeat(css.split('\n').length - 1);
      return `const CSS = \`${tight}\`${lineBreaks}`;
    });
    return { code: compacted, map: null };
  },
};

// The production bundle names no map (`hidden`): its map is private, read where the logs are read.
const iife = (file, production) => ({
  input: 'src/embed.ts',
  output: { file, format: 'iife', sourcemap: production ? 'hidden' : true, ...sourceMaps, plugins: production ? [minify] : [] },
  plugins: [mode(production), ...(production ? [compactCss] : []), packageVersion(), resolve(), ts()],
});

// Bundler users bring their own preact and signals: react/react-dom become preact/compat, so they need no alias.
const peers = {
  name: 'peers',
  resolveId(id) {
    if (id === 'react' || id === 'react-dom') return { id: 'preact/compat', external: true };
    if (id === 'preact' || id.startsWith('preact/') || id.startsWith('@preact/') || id === 'htm') return { id, external: true };
    return null;
  },
};

export default [
  iife('dist/emweb.js', true),
  iife('dist/emweb.dev.js', false),
  // The library and its test kit, in one build so that they share one page (one logger, one
  // registry of mounted clients): what the kit's resetPage() forgets is what the library uses.
  {
    input: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].mjs',
      chunkFileNames: 'shared-[hash].mjs',
      sourcemap: true,
      ...sourceMaps,
    },
    plugins: [peers, packageVersion(), resolve(), ts()],
  },
  {
    input: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'shared-[hash].d.ts' },
    plugins: [peers, dts({ tsconfig: './tsconfig.json' })],
  },
  // The log reader (Node only): `emweb/symbolicate` and the `emweb-symbolicate` command. Its one
  // dependency stays a dependency; the browser bundles never import it.
  {
    input: { index: 'src/symbolicate/index.ts', cli: 'src/symbolicate/cli.ts' },
    external: (id) => id.startsWith('node:') || id.startsWith('@jridgewell/'),
    output: {
      dir: 'dist/symbolicate',
      format: 'es',
      entryFileNames: '[name].mjs',
      chunkFileNames: 'shared-[hash].mjs',
      sourcemap: true,
      ...sourceMaps,
      banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    },
    plugins: [ts()],
  },
  {
    input: 'src/symbolicate/index.ts',
    external: (id) => id.startsWith('node:') || id.startsWith('@jridgewell/'),
    output: { file: 'dist/symbolicate/index.d.ts', format: 'es' },
    plugins: [dts({ tsconfig: './tsconfig.json' })],
  },
  // The script-tag bundles' types: `window.EMWeb`, for a host's own TypeScript.
  {
    input: 'src/embed.ts',
    output: { file: 'dist/emweb.d.ts', format: 'es' },
    plugins: [peers, dts({ tsconfig: './tsconfig.json' })],
  },
];

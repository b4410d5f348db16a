import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import dts from 'rollup-plugin-dts';

const ts = () =>
  typescript({ tsconfig: './tsconfig.json', include: ['src/**/*'], noEmit: false, declaration: false, outDir: undefined });

const mode = (production) =>
  replace({ preventAssignment: true, values: { __EMWEB_PRODUCTION__: String(production) } });

// The script-tag bundles carry everything, with react/react-dom resolved to the React API the
// shell uses straight from Preact (src/react-lite.ts says why); one Preact copy either way.
const reactLite = {
  name: 'react-lite',
  resolveId: (id) => (id === 'react' || id === 'react-dom' ? new URL('./src/react-lite.ts', import.meta.url).pathname : null),
};

const iife = (file, production) => ({
  input: 'src/embed.ts',
  output: {
    file,
    format: 'iife',
    sourcemap: false,
    plugins: production
      ? [terser({ ecma: 2020, compress: { passes: 3 }, format: { comments: false } })]
      : [],
  },
  plugins: [mode(production), reactLite, resolve({ browser: true }), ts()],
});

// Bundler users bring their own preact: react/react-dom become preact/compat so they need no alias.
const preactPeer = {
  name: 'preact-peer',
  resolveId(id) {
    if (id === 'react' || id === 'react-dom') return { id: 'preact/compat', external: true };
    if (id === 'preact' || id.startsWith('preact/') || id.startsWith('@preact/')) return { id, external: true };
    return null;
  },
};

export default [
  iife('dist/emweb.js', true),
  iife('dist/emweb.dev.js', false),
  {
    input: 'src/index.ts',
    output: { file: 'dist/index.mjs', format: 'es' },
    plugins: [preactPeer, resolve(), ts()],
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/index.d.ts', format: 'es' },
    plugins: [preactPeer, dts({ tsconfig: './tsconfig.json' })],
  },
];

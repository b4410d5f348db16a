// What each part of src/ adds to dist/emweb.js, gzipped: the bundle is built again with that part
// replaced by an empty stand-in, and the difference is the part's cost. A maintainer's tool for the
// 14,336-byte budget: `node bench/size-parts.mjs`.

import { gzipSync } from 'node:zlib';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';
import { minify } from 'terser';

const STUBS = {
  logger: {
    '/logging':
      'export const createLogger=()=>({start(){},setEndpoint(){},stop:async()=>{},flush:async()=>{},error(){},trace(){}})',
  },
  styles: { '/ui/styles': 'export const adoptStyles=()=>{}' },
  ui: { '/ui/App': 'export const App=()=>null' },
  actions: { '/ui/actions': 'export const builtInActions=()=>[]' },
  core: {
    '/startup': 'export const runStartup=async()=>({})',
    '/api/configuration': 'export const loadConfiguration=async()=>false',
    '/auth/token': 'export const authHeaders=()=>({})',
    '/auth/authType': 'export const createAuthTypeResolver=()=>0',
  },
};

async function gzipped(stubs = {}) {
  const bundle = await rollup({
    input: 'src/embed.ts',
    onwarn() {},
    plugins: [
      {
        name: 'stub',
        resolveId: (id) => (Object.keys(stubs).find((k) => id.endsWith(k)) ? '\0stub:' + id : null),
        load: (id) => (id.startsWith('\0stub:') ? stubs[Object.keys(stubs).find((k) => id.endsWith(k))] : null),
      },
      replace({ preventAssignment: true, values: { __EMWEB_PRODUCTION__: 'true' } }),
      resolve({ browser: true }),
      typescript({
        tsconfig: './tsconfig.json',
        include: ['src/**/*'],
        noEmit: false,
        declaration: false,
        outDir: undefined,
        noEmitOnError: false,
      }),
    ],
  });
  const { output } = await bundle.generate({ format: 'iife' });
  // As rollup.config.mjs minifies emweb.js (react/react-dom are npm aliases of @preact/compat, found by node-resolve).
  const { code } = await minify(output[0].code, {
    ecma: 2020,
    compress: { passes: 3 },
    mangle: { properties: { regex: /^_[a-zA-Z]/ } },
    format: { comments: false },
  });
  return gzipSync(code, { level: 9 }).length;
}

const only = process.argv.slice(2);
const whole = await gzipped();
console.log(`dist/emweb.js (as built): ${whole} B gzipped`);
for (const [part, stubs] of Object.entries(STUBS)) {
  if (only.length && !only.includes(part)) continue;
  console.log(`${part.padEnd(8)} ${String(whole - (await gzipped(stubs))).padStart(6)} B`);
}

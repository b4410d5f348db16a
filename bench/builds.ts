/**
 * The bundles the size and boot benchmarks compare, all built with the settings `npm run build`
 * uses for dist/emweb.js: its rollup config is imported (a fresh copy per build, so each build
 * gets its own plugin instances), and only what a build must add goes in front of its plugins.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { type OutputOptions, type Plugin, type RollupOptions, rollup } from 'rollup';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = join(ROOT, 'bench');
/** Scratch output (ignored by git through bench/.gitignore). */
export const OUT = join(BENCH, '.out');

let configCopies = 0;

/** The config `npm run build` uses for dist/emweb.js, with plugin instances of its own. */
async function emwebConfig(): Promise<RollupOptions & { output: OutputOptions; plugins: Plugin[] }> {
  const url = `${pathToFileURL(join(ROOT, 'rollup.config.mjs')).href}?copy=${++configCopies}`;
  const configs = (await import(url)).default as RollupOptions[];
  const found = configs.find((c) => !Array.isArray(c.output) && c.output?.file === 'dist/emweb.js');
  if (!found) throw new Error('rollup.config.mjs has no build writing dist/emweb.js');
  return found as RollupOptions & { output: OutputOptions; plugins: Plugin[] };
}

// A bundled CommonJS or ESM dependency's own process.env checks, settled as a production build does.
const productionEnv = () =>
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } });

export interface Built {
  code: string;
  /** The node_modules packages that ended up in the bundle, to check what went in. */
  packages: string[];
}

async function build(input: string, extraPlugins: Plugin[], useEmwebPlugins: boolean): Promise<Built> {
  const config = await emwebConfig();
  const plugins = useEmwebPlugins
    ? [...extraPlugins, ...config.plugins]
    : // third-party bundles get what a bundler user's build does: resolution for the browser, CJS, production.
      [...extraPlugins, productionEnv(), nodeResolve({ browser: true }), commonjs()];
  const warnings: string[] = [];
  const bundle = await rollup({
    input,
    plugins,
    onwarn(w) {
      if (w.code !== 'CIRCULAR_DEPENDENCY' && w.code !== 'THIS_IS_UNDEFINED') warnings.push(w.message);
    },
  });
  try {
    const { output } = await bundle.generate({ ...config.output, file: undefined, name: undefined, inlineDynamicImports: true });
    const chunk = output[0];
    const packages = new Set<string>();
    for (const id of Object.keys(chunk.modules)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
      if (m) packages.add(m[1]!);
    }
    return { code: chunk.code, packages: [...packages].sort() };
  } finally {
    await bundle.close();
  }
}

/** dist/emweb.js as `npm run build` wrote it (the artifact that ships). */
export function shippedEmweb(): Built {
  const file = join(ROOT, 'dist', 'emweb.js');
  if (!existsSync(file)) throw new Error('dist/emweb.js is missing: run `npm run build` first (`npm run bench` does)');
  return { code: readFileSync(file, 'utf8'), packages: [] };
}

/** The logger alone (createLogger, started, capturing errors): what EMWeb weighs as an error reporter only. */
export const emwebLoggerOnly = () => build(join(BENCH, 'entries', 'emweb-logger.mjs'), [], true);

export const datadog = () => build(join(BENCH, 'entries', 'datadog.mjs'), [], false);
export const sentry = () => build(join(BENCH, 'entries', 'sentry.mjs'), [], false);

/**
 * The same job from the libraries a host would otherwise assemble (Preact, @preact/signals,
 * preact-iso, htm, @datadog/browser-logs): bench/entries/libraries.mjs, one bundle, our settings.
 */
export const libraries = () => build(join(BENCH, 'entries', 'libraries.mjs'), [], false);

/** preact-iso alone with the navigate benchmark's two screens (bench/navigate.ts). */
export const navigateIso = () => build(join(BENCH, 'entries', 'navigate-iso.mjs'), [], false);

/**
 * The same shell (src/embed.ts, same rollup/terser settings) on real React 18 + react-dom 18 in
 * place of preact/compat. Preact-only imports go to the small stand-ins in bench/react18/.
 */
export async function reactShell(): Promise<Built> {
  const shim = (f: string) => join(BENCH, 'react18', f);
  const map: Record<string, string> = {
    react: 'react18',
    'react/jsx-runtime': 'react18/jsx-runtime',
    'react-dom': shim('react-dom.mjs'),
    'react-dom/client': 'react-dom18/client',
    preact: shim('preact.mjs'),
    'preact/hooks': shim('hooks.mjs'),
    'preact/compat': shim('compat.mjs'),
    'preact/jsx-runtime': shim('jsx-runtime.mjs'),
    '@preact/signals': shim('signals.mjs'),
  };
  // React's own packages require('react') and require('react-dom'): those mean React 18 itself
  // (node_modules/react and react-dom are the preact/compat aliases of the real build).
  const forReact: Record<string, string> = { react: 'react18', 'react-dom': 'react-dom18' };
  const toReact: Plugin = {
    name: 'emweb-bench-react18',
    async resolveId(id, importer) {
      const inPackage = !!importer && /[\\/]node_modules[\\/]/.test(importer);
      if (inPackage && id in forReact) return this.resolve(forReact[id]!, importer, { skipSelf: true });
      if (id in map) {
        const target = map[id]!;
        if (target.startsWith('/')) return target;
        return this.resolve(target, importer, { skipSelf: true });
      }
      // A Preact import with no React counterpart here would silently pull Preact in: stop instead.
      if (/^(preact|@preact\/signals)(\/|$)/.test(id) && id !== '@preact/signals-core') {
        this.error(`bench/builds.ts: no React 18 stand-in for "${id}" (imported by ${importer}); add one to reactShell()`);
      }
      return null;
    },
  };
  const built = await build(join(ROOT, 'src', 'embed.ts'), [toReact, productionEnv(), commonjs()], true);
  const preactInside = built.packages.filter((p) => p === 'preact' || p === 'react' || p === 'react-dom');
  if (preactInside.length) throw new Error(`the React 18 build still contains ${preactInside.join(', ')}`);
  return built;
}

/**
 * The commit the boot benchmark measures this build against: the last build before the working day
 * (the session's end mid-day, the names and who is signed in), so that what those added before the
 * first request and before ready is read in one run. `BENCH_BASELINE=<git ref>` measures against another.
 */
const BASELINE_REF = process.env.BENCH_BASELINE || 'ba0c1c5';

/**
 * dist/emweb.js as `BASELINE_REF` built it: its tree (git archive) with this checkout's
 * node_modules, built with its own rollup config.
 */
export async function baselineEmweb(): Promise<Built & { ref: string }> {
  const dir = join(OUT, 'baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ref = execFileSync('git', ['rev-parse', '--short', BASELINE_REF], { cwd: ROOT, encoding: 'utf8' }).trim();
  const archive = execFileSync('git', ['archive', '--format=tar', ref], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'rollup', 'dist', 'bin', 'rollup'), '-c', '--silent'], { cwd: dir });
  return { code: readFileSync(join(dir, 'dist', 'emweb.js'), 'utf8'), packages: [], ref };
}

/**
 * A server root for the demo server that serves another build as /web/emweb.js: its own dist/
 * beside a link to the real demo/ (the host page and its assets stay the same).
 */
export function serverRootFor(name: string, code: string): string {
  const root = join(OUT, `${name}-root`);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', 'emweb.js'), code);
  // Made afresh each run: a link left by a checkout elsewhere would point at the wrong demo/.
  rmSync(join(root, 'demo'), { force: true });
  symlinkSync(join(ROOT, 'demo'), join(root, 'demo'), 'dir');
  return root;
}

export function packageVersion(name: string): string {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

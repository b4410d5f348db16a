// Checks on what `npm run build` wrote. `npm test` builds first; run `npm run build` before running this alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP = 14_336;
const dist = (f: string) => {
  const path = join('dist', f);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return readFileSync(path, 'utf8');
};

test(`dist/emweb.js is within ${BUDGET_GZIP} bytes gzipped`, () => {
  const size = gzipSync(dist('emweb.js'), { level: 9 }).length;
  assert.ok(size <= BUDGET_GZIP, `dist/emweb.js is ${size} bytes gzipped, over the ${BUDGET_GZIP} budget`);
});

test('every artifact of the contract is built', () => {
  for (const f of ['emweb.js', 'emweb.dev.js', 'index.mjs', 'index.d.ts']) assert.ok(dist(f).length > 0, f);
});

test('emweb.js is one minified, self-contained IIFE', () => {
  const js = dist('emweb.js');
  assert.not.match(js, /^\s*(import|export)\b/m, 'no ESM syntax');
  assert.not.match(js, /\brequire\(/, 'no CommonJS require');
  assert.ok(js.split('\n').length < 10, 'minified');
  assert.match(js, '1.229.0');
});

test('emweb.dev.js is readable and built for development', () => {
  const js = dist('emweb.dev.js');
  assert.ok(js.split('\n').length > 200, 'not minified');
  assert.not.match(js, '__EMWEB_PRODUCTION__');
});

test('the ESM build leaves preact to the host (peer dependency) and never imports react', () => {
  const js = dist('index.mjs');
  const specifiers = [...js.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  assert.ok(specifiers.includes('preact'), 'imports preact');
  for (const s of specifiers) assert.match(s, /^preact(\/[\w-]+)?$/, `unexpected import ${s}`);
  const types = dist('index.d.ts');
  for (const name of ['bootstrap', 'BUILD_VERSION', 'LogLevel', 'useClient', 'useBreakpoint', 'Client', 'BootstrapOptions']) {
    assert.match(types, name);
  }
});

test('no eval or new Function in the built bundles', () => {
  for (const f of ['emweb.js', 'emweb.dev.js', 'index.mjs']) {
    const js = dist(f);
    assert.not.match(js, /\beval\s*\(/, `${f}: eval`);
    assert.not.match(js, /new\s+Function\s*\(/, `${f}: new Function`);
  }
});

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : [path];
  });

test('no innerHTML or dangerouslySetInnerHTML in the project\'s own source', () => {
  for (const file of sources('src')) {
    const code = readFileSync(file, 'utf8');
    assert.not.match(code, /innerHTML|dangerouslySetInnerHTML|outerHTML|insertAdjacentHTML|document\.write/, file);
  }
});

test.run();

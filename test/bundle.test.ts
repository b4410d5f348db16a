// Checks on what `npm run build` wrote. `npm test` builds first; run `npm run build` before running this alone.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const dist = (f: string) => {
  const path = join('dist', f);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return readFileSync(path, 'utf8');
};

test('every artifact is built: the two script-tag bundles with their types, the ESM build with its types', () => {
  for (const f of ['emweb.js', 'emweb.dev.js', 'emweb.d.ts', 'index.mjs', 'index.d.ts']) assert.ok(dist(f).length > 0, f);
});

test('the script-tag bundle carries the real libraries: preact/compat, @preact/signals with its Preact integration, htm', () => {
  // Each library leaves a mark of its own in the bundle.
  const js = dist('emweb.dev.js');
  assert.match(js, 'Symbol.for("react.element")', 'preact/compat');
  assert.match(js, 'Symbol.for("preact-signals")', '@preact/signals-core');
  assert.match(js, '.__$f', "@preact/signals' Preact integration");
  assert.match(js, '"!--"', 'htm');
  assert.is(js.split('{__e:function').length - 1, 1, 'one copy of preact: two would break hooks and signals');
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

test('the ESM build leaves preact and signals to the host (peer dependencies), with react as preact/compat', () => {
  const js = dist('index.mjs');
  const specifiers = [...js.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  assert.ok(specifiers.includes('preact'), 'imports preact');
  assert.ok(specifiers.includes('@preact/signals'), 'imports @preact/signals');
  for (const s of specifiers) assert.match(s, /^(preact(\/[\w-]+)?|@preact\/signals)$/, `unexpected import ${s}`);
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

test("no innerHTML or dangerouslySetInnerHTML in the project's own source", () => {
  for (const file of sources('src')) {
    const code = readFileSync(file, 'utf8');
    assert.not.match(code, /innerHTML|dangerouslySetInnerHTML|outerHTML|insertAdjacentHTML|document\.write/, file);
  }
});

test.run();

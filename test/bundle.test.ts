// Checks on what `npm run build` wrote. `npm test` builds first; run `npm run build` before running this alone.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { version } from '../package.json';
import { DEFAULT_VERSION } from '../src/testing';

const dist = (f: string) => {
  const path = join('dist', f);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return readFileSync(path, 'utf8');
};

test('every artifact is built: the two script-tag bundles with their types, the ESM build and the test kit with theirs', () => {
  for (const f of ['emweb.js', 'emweb.dev.js', 'emweb.d.ts', 'index.mjs', 'index.d.ts', 'testing.mjs', 'testing.d.ts']) {
    assert.ok(dist(f).length > 0, f);
  }
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
  assert.match(js, `"${version}"`, 'the build version, from package.json');
});

test('emweb.js is ASCII only, so a host page of any charset reads it alike when it is served without one', () => {
  const js = dist('emweb.js');
  const at = js.split('').findIndex((char) => char.charCodeAt(0) > 0x7f);
  assert.is(at, -1, `not ASCII at ${at}: ${JSON.stringify(js.slice(Math.max(0, at - 40), at + 10))}`);
});

test('emweb.dev.js is readable and built for development', () => {
  const js = dist('emweb.dev.js');
  assert.ok(js.split('\n').length > 200, 'not minified');
  assert.not.match(js, '__EMWEB_PRODUCTION__');
});

const esmFiles = () => readdirSync('dist').filter((name) => name.endsWith('.mjs'));

test('the ESM build leaves preact and signals to the host (peer dependencies), with react as preact/compat', () => {
  assert.ok(esmFiles().includes('index.mjs') && esmFiles().includes('testing.mjs'), esmFiles().join());
  const specifiers = esmFiles().flatMap((name) =>
    [...dist(name).matchAll(/^(?:import|export)\b[^'"]*from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm)].map(
      (m) => (m[1] ?? m[2])!,
    ),
  );
  assert.ok(specifiers.includes('preact'), 'imports preact');
  assert.ok(specifiers.includes('@preact/signals'), 'imports @preact/signals');
  // Its own files aside (the library and the test kit share one chunk, so they share one page).
  for (const s of specifiers)
    assert.match(s, /^(preact(\/[\w-]+)?|@preact\/signals|\.\/shared-[\w-]+\.mjs)$/, `unexpected import ${s}`);
  const types = dist('index.d.ts');
  for (const name of ['bootstrap', 'BUILD_VERSION', 'LogLevel', 'useClient', 'useBreakpoint', 'Client', 'BootstrapOptions']) {
    assert.match(types, name);
  }
});

test('the script-tag bundles carry none of the test kit', () => {
  for (const f of ['emweb.js', 'emweb.dev.js']) {
    const js = dist(f);
    assert.not.match(js, 'fake product server', f);
    assert.not.match(js, DEFAULT_VERSION, f);
  }
});

test('no eval or new Function in the built bundles', () => {
  for (const f of ['emweb.js', 'emweb.dev.js', ...esmFiles()]) {
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

// The build shortens property names as Preact does: every `_name` (one underscore) is renamed, bar
// mangle.json's reserved few. That is safe only while no name a browser API or a library reads, and
// no field that is stored or sent, starts with an underscore: these tests say so, and run the
// minified bundle to show it still works. `npm test` builds first; run `npm run build` before this alone.
import './setup';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createProductServer } from '../src/testing';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

/** Every `_name` the source uses as a property: written `._name`, declared `_name:` / `_name(` / `_name?`, destructured `{ _name }`. */
function sourceNames(): Set<string> {
  const used = new Set<string>();
  for (const file of files('src')) {
    const source = readFileSync(file, 'utf8');
    for (const [, name] of source.matchAll(/(?:\.|[{,]\s*|^\s*)(_[a-zA-Z]\w*)\b(?=\s*[:(?,}=;]|\s*$|\))/gm)) used.add(name!);
    for (const [, name] of source.matchAll(/\.(_[a-zA-Z]\w*)/g)) used.add(name!);
  }
  return used;
}

const { regex, reserved } = JSON.parse(readFileSync('mangle.json', 'utf8')) as { regex: string; reserved: string[] };

test("the build mangles Preact's way: one regex for single-underscore names, a short reserved list", async () => {
  assert.is(regex, '^_[^_]');
  assert.ok(reserved.length <= 10);
  const config: string = '../rollup.config.mjs';
  const { terserOptions } = (await import(config)) as { terserOptions: { mangle: { properties: unknown } } };
  assert.equal(terserOptions.mangle.properties, { regex: new RegExp(regex), reserved });
});

test('no library in the bundle reads a property the regex would rename: every `_name` in it is our own', () => {
  const ours = sourceNames();
  const inBundle = new Set([...readFileSync('dist/emweb.dev.js', 'utf8').matchAll(/\.(_[a-zA-Z0-9$]\w*)/g)].map((m) => m[1]!));
  assert.equal(
    [...inBundle].filter((name) => new RegExp(regex).test(name) && !ours.has(name) && !reserved.includes(name)),
    [],
  );
});

test('no `_name` of ours is a name the browser gives its objects', () => {
  const { document, navigator, location, localStorage, history } = window;
  const builtIns: object[] = [window, document, document.createElement('div'), navigator, location, localStorage, history];
  builtIns.push(
    Object.prototype,
    Function.prototype,
    Promise.prototype,
    Array.prototype,
    new Response(''),
    new Request('http://x/'),
  );
  const clashes = [...sourceNames()].filter((name) => builtIns.some((object) => name in object));
  assert.equal(clashes, []);
});

test('the minified bundle still works, and what the logger sends and stores has no `_` field', async () => {
  const page = new Window({ url: 'http://localhost/web/' });
  const server = createProductServer();
  Object.assign(page, { fetch: server.fetch });
  page.document.body.innerHTML = '<div id="emweb"></div>';
  page.eval(readFileSync('dist/emweb.js', 'utf8'));
  const { EMWeb } = page as unknown as { EMWeb: import('../src/embed').EMWebGlobal };
  const client = await EMWeb.bootstrap({ mount: '#emweb', production: true, captureErrors: false });
  assert.ok(client);
  EMWeb.logger.error('kept', new Error('boom'), { nested: { deep: [1] } });
  // The page's realm made the result: its fields are compared, not its prototype.
  assert.equal({ ...(await EMWeb.logger.flush()) }, { sent: 1, kept: 0, dropped: 0 });
  assert.equal(Object.keys(server.logs[0]!).sort(), ['additional', 'level', 'message', 'timestamp']);
  assert.not.match(JSON.stringify(server.logs), /"_/);
  server.update({ routes: { 'POST /api/web/clientlogger/': { status: 503 } } });
  EMWeb.logger.error('stored');
  page.document.dispatchEvent(new page.Event('visibilitychange'));
  page.dispatchEvent(new page.Event('pagehide'));
  const stored = Object.keys(page.localStorage).filter((key) => key.startsWith('emweb.logger.pending.'));
  assert.is(stored.length, 1);
  assert.not.match(page.localStorage.getItem(stored[0]!)!, /"_/);
  await EMWeb.unmount('#emweb');
  await page.happyDOM.close();
});

test.run();

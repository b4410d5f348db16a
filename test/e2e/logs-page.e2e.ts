// The demo's /logs/ page: what the backend received, newest first, each stack in its original
// sources, following by itself under the strict CSP, in light and dark, with the keyboard.
import * as assert from 'uvu/assert';
import { type DemoServer, startDemoServer } from '../../demo/server.mjs';
import { browserSuite, nodeSuite, runAxe, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('logs page');
const VIEWPORT = { width: 1280, height: 900 };

const entry = (message: string, extra: Record<string, unknown> = {}) => ({
  level: 5,
  message,
  additional: [],
  timestamp: '2026-11-25T10:00:00.000Z',
  ...extra,
});

function post(server: DemoServer, body: unknown, key: string): Promise<Response> {
  return fetch(`${server.url}/api/web/clientlogger/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
}

/** The headings of the batches the page shows, top first. */
const batchHeadings = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('main section h2')].map((h) => h.textContent));
const shows = (page: Page, text: string) =>
  page.waitFor((wanted) => document.querySelector('main')!.textContent!.includes(wanted), text, {
    what: `the page to show "${text}"`,
  });

test('a stack the client sent shows in its original sources, as it arrives, with no CSP violation', () =>
  withPage({ auth: 'secgw' }, VIEWPORT, async ({ page, open, server }) => {
    await open('/logs/');
    await page.locator('text=Nothing received yet').waitFor();
    // Another window runs a host whose onSignInRequired throws: the client sends that error.
    const host = await page.newPage(VIEWPORT);
    await host.goto(`${server.url}/e2e/throwing-signin.html`);
    await shows(page, 'EMWeb: onSignInRequired failed');
    const stack = await page.evaluate(() => document.querySelector('main details pre')!.textContent!);
    assert.match(stack, /src\/client\/start\.ts:\d+:\d+/);
    assert.not.match(stack, /emweb\.js:\d/, 'no frame of the bundle is left minified');
    const key = server.accepted[0]!.key!;
    await shows(page, key);
    assert.equal(await page.problems(), []);
  }));

test('newest first: grouped entries with their count and first time, context, and a duplicate batch marked', () =>
  withPage({}, VIEWPORT, async ({ page, open, server }) => {
    await open('/logs/');
    await post(server, [entry('first batch')], 'key-1');
    await shows(page, 'first batch');
    const grouped = entry('Grid refresh failed', {
      repeated: 7,
      firstTimestamp: '2026-11-25T09:58:00.000Z',
      context: { screen: 'tickets' },
    });
    await post(server, [entry('older in batch 2'), grouped], 'key-2');
    await post(server, [entry('first batch')], 'key-1');
    await shows(page, 'Duplicate');
    const headings = await batchHeadings(page);
    assert.is(headings.length, 3);
    assert.match(headings[0]!, /→ 200, 1 entry$/, 'the duplicate, newest, on top');
    assert.match(headings[1]!, /2 entries$/);
    const second = await page.evaluate(() => document.querySelectorAll('main section')[1]!.textContent!);
    assert.match(second, 'key-2');
    assert.match(second, 'Grouped: 7 occurrences, the first at 2026-11-25 09:58:00 UTC');
    assert.match(second, '{"screen":"tickets"}');
    assert.ok(second.indexOf('Grid refresh failed') < second.indexOf('older in batch 2'), 'the newer entry first');
    const duplicate = await page.evaluate(() => document.querySelector('main section')!.textContent!);
    assert.match(duplicate, 'key-1');
    assert.match(duplicate, 'Duplicate: answered 2xx, not stored again');
    assert.is(server.accepted.length, 2, 'stored once');
  }));

test('after a lost connection the page catches up on what came meanwhile, without showing a batch twice', () =>
  withPage({}, VIEWPORT, async ({ page, open, server, url }) => {
    await open('/logs/');
    await post(server, [entry('before the reload')], 'key-a');
    await shows(page, 'before the reload');
    await page.goto(`${url}/e2e/blank.html`);
    await post(server, [entry('while away')], 'key-b');
    await open('/logs/');
    await shows(page, 'while away');
    assert.is((await batchHeadings(page)).length, 2);
  }));

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: readable (axe finds nothing) and a stack folds with the keyboard`, () =>
    withPage(
      {},
      VIEWPORT,
      async ({ page, open, server }) => {
        await open('/logs/');
        const error = {
          name: 'TypeError',
          message: 'x is undefined',
          stack: 'TypeError: x is undefined\n    at https://example.test/other.js:1:2',
        };
        await post(server, [entry('with a stack', { additional: [error] })], 'key-k');
        await shows(page, 'with a stack');
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
        assert.ok(
          scheme === 'dark' ? Math.max(...channels) < 60 : Math.min(...channels) > 200,
          `${scheme} background: ${background}`,
        );
        assert.equal(await runAxe(page, 'body'), []);
        // Tab: the link back to the demo, then the stack's summary; Enter folds it.
        await page.press('Tab');
        await page.press('Tab');
        assert.is((await page.focused())?.tag, 'summary');
        await page.press('Enter');
        await page.waitFor(() => !document.querySelector<HTMLDetailsElement>('main details')!.open, undefined, {
          what: 'the stack to fold',
        });
      },
      { colorScheme: scheme },
    ));
}

test.run();

const node = nodeSuite('demo server: source maps, the live page');

node('the source maps stay private: the demo serves no map to browsers', async () => {
  const server = await startDemoServer({ quiet: true });
  try {
    for (const path of ['/web/emweb.js.map', '/web/emweb.dev.js.map', '/web/index.mjs.map', '/logs/emweb.js.map']) {
      assert.is((await fetch(server.url + path)).status, 404, path);
    }
    const bundle = await (await fetch(`${server.url}/web/emweb.js`)).text();
    assert.not.match(bundle, 'sourceMappingURL', 'the production bundle names no map');
  } finally {
    await server.close();
  }
});

node('reset() forgets what the live page shows: a page opened after it starts with what came since', async () => {
  const server = await startDemoServer({ quiet: true });
  const follow = new AbortController();
  try {
    await post(server, [entry('before the reset')], 'key-before');
    server.reset();
    await post(server, [entry('after the reset')], 'key-after');
    const events = await fetch(`${server.url}/logs/events`, { signal: follow.signal });
    const reader = events.body!.getReader();
    let text = '';
    while (!text.includes('after the reset')) text += new TextDecoder().decode((await reader.read()).value);
    assert.not.match(text, 'before the reset');
  } finally {
    follow.abort();
    await server.close();
  }
});

node.run();

// Layout in a real browser: breakpoints and resizes, the compact header at xs, the floating action
// button inside the viewport, host styles neither in nor out, and the screenshots in docs/.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { assertInViewport, breakpoint, clientReady, fab, header } from './client';
import { browserSuite, computedStyle, ROOT, withPage } from './harness';

const test = browserSuite('layout');

const VERSION = 'Layout Server 8.1 (build 4242)';
const EXPECTED: [number, string][] = [
  [767, 'xs'],
  [768, 'sm'],
  [991, 'sm'],
  [992, 'md'],
  [1199, 'md'],
  [1200, 'lg'],
];
const HEIGHT = 800;
const signedIn = { signedIn: true, localStorage: { jwt: demoJwt() } };

test('the breakpoint at start-up: 767 xs, 768 sm, 991 sm, 992 md, 1199 md, 1200 lg', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    const seen: string[] = [];
    for (const [width] of EXPECTED) {
      await page.setViewportSize({ width, height: HEIGHT });
      await open('/web/');
      seen.push(`${width} ${(await clientReady(page)).breakpoint}`);
    }
    assert.equal(seen, EXPECTED.map(([w, bp]) => `${w} ${bp}`));
  }));

test('the breakpoint follows resizes without a reload', () =>
  withPage({ auth: 'oracle' }, { width: 1280, height: HEIGHT }, async ({ page, open }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => ((window as any).__sameDocument = true));
    const steps: [number, string][] = [...EXPECTED, [991, 'sm'], [767, 'xs'], [1200, 'lg']];
    for (const [width, expected] of steps) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page
        .waitForFunction(
          async (bp) => (await (window as any).EMWeb.bootstrap()).state.breakpoint.value === bp,
          expected,
          { timeout: 3_000, polling: 50 },
        )
        .catch(async () => assert.unreachable(`at ${width}px: ${await breakpoint(page)}, expected ${expected}`));
    }
    assert.ok(await page.evaluate(() => (window as any).__sameDocument === true), 'no reload');
  }));

test('the header compacts at xs: server version line and mode badge hidden, name and user still shown', () =>
  withPage({ auth: 'secgw', version: VERSION }, { width: 1280, height: HEIGHT }, async ({ page, open }) => {
    await open('/web/');
    await clientReady(page);
    const h = header(page);
    const version = h.getByText(VERSION);
    const mode = h.getByText(/gateway|secgw/i);
    const visible = async () => ({
      version: await version.isVisible(),
      mode: await mode.isVisible(),
      name: await h.locator('h1').isVisible(),
      user: await h.getByText('1042').isVisible(),
    });
    for (const [width, bp] of EXPECTED) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.waitForFunction(async (b) => (await (window as any).EMWeb.bootstrap()).state.breakpoint.value === b, bp);
      const wide = bp !== 'xs';
      assert.equal(await visible(), { version: wide, mode: wide, name: true, user: true }, `at ${width}px (${bp})`);
    }
  }, signedIn));

test('the floating action button stays inside the viewport at every width', () =>
  withPage({ auth: 'secgw' }, { width: 1280, height: HEIGHT }, async ({ page, open }) => {
    await open('/web/');
    await clientReady(page);
    for (const width of [320, 375, ...EXPECTED.map(([w]) => w), 1440, 1920]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.waitForTimeout(50);
      assertInViewport(await fab(page).boundingBox(), width, HEIGHT, `the button at ${width}px`);
    }
  }, signedIn));

// ---------------------------------------------------------------------------------------------
// Host styles: hostile.html against plain.html (the same script tag, no host styles at all).

const PROPS = [
  'color',
  'background-color',
  'font-size',
  'font-family',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-align',
  'white-space',
  'margin-top',
  'padding-top',
  'border-top-style',
  'display',
];

async function clientLook(page: import('playwright-core').Page) {
  const parts = {
    heading: header(page).locator('h1'),
    header: header(page),
    versionLine: header(page).getByText(VERSION).first(),
    fab: fab(page),
  };
  const look: Record<string, unknown> = {};
  for (const [name, locator] of Object.entries(parts)) look[name] = await computedStyle(locator, PROPS);
  look.fabBox = await fab(page).boundingBox();
  return look;
}

test('hostile host styles do not leak in: colour, font and spacing inside the shadow root are the client\'s own', () =>
  withPage({ auth: 'secgw', version: VERSION }, null, async ({ page, open }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    const own = await clientLook(page);
    await open('/e2e/hostile.html');
    await clientReady(page);
    const hostile = await clientLook(page);
    for (const key of Object.keys(own)) assert.equal(hostile[key], own[key], key);
    const heading = hostile.heading as Record<string, string>;
    assert.is.not(heading.color, 'rgb(255, 0, 0)');
    assert.is.not(heading['font-size'], '31px');
  }, signedIn));

test('client styles do not leak out: the host probes keep their computed styles', () =>
  withPage({ auth: 'secgw' }, null, async ({ page, open }) => {
    await open('/e2e/hostile.html');
    await clientReady(page);
    assert.equal(await computedStyle(page.locator('#host-probe-text'), ['color', 'font-size', 'margin-top']), {
      color: 'rgb(0, 0, 128)',
      'font-size': '14px',
      'margin-top': '17px',
    });
    assert.equal(
      await computedStyle(page.locator('#host-probe-button'), ['color', 'background-color', 'font-size', 'padding-top', 'padding-left']),
      { color: 'rgb(255, 255, 255)', 'background-color': 'rgb(0, 128, 0)', 'font-size': '13px', 'padding-top': '2px', 'padding-left': '6px' },
    );
    assert.equal(await computedStyle(page.locator('#host-probe-heading'), ['color', 'font-size']), {
      color: 'rgb(128, 0, 128)',
      'font-size': '22px',
    });
    // The client's own look did not land on the host's elements of the same tags either.
    assert.is(await page.evaluate(() => document.adoptedStyleSheets.length), 0, 'no stylesheet adopted by the document');
  }, signedIn));

// ---------------------------------------------------------------------------------------------
// Screenshots for docs/ (a person looks at them; the test only checks they were written).

const DOCS = join(ROOT, 'docs');

test('screenshots of the demo (secgw, signed in) at xs 375×812 and lg 1440×900, and lg with the speed dial open', () =>
  withPage({ auth: 'secgw' }, { width: 375, height: 812 }, async ({ page, open }) => {
    mkdirSync(DOCS, { recursive: true });
    await open('/web/');
    await clientReady(page);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(DOCS, 'screenshot-xs.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForFunction(async () => (await (window as any).EMWeb.bootstrap()).state.breakpoint.value === 'lg');
    await page.screenshot({ path: join(DOCS, 'screenshot-lg.png') });
    await fab(page).click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(400); // let the button's transition finish
    await page.screenshot({ path: join(DOCS, 'screenshot-lg-menu.png') });
    for (const name of ['screenshot-xs.png', 'screenshot-lg.png', 'screenshot-lg-menu.png']) {
      assert.ok(statSync(join(DOCS, name)).size > 5_000, name);
    }
  }, signedIn));

test.run();

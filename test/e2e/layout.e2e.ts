// Layout in a real browser: breakpoints and resizes, the compact header at xs, the floating action
// button inside the viewport, host styles neither in nor out. (The README screenshots: scripts/screenshots.mjs.)
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, demoJwt } from '../../demo/server.mjs';
import { assertInViewport, breakpoint, breakpointOf, clientReady, fab, header, shownAt } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('layout');

const VERSION = 'Layout Server 8.1 (build 4242)';
const WIDTHS = [767, 768, 991, 992, 1199, 1200];
const HEIGHT = 800;
const signedIn = { signedIn: true, localStorage: { jwt: demoJwt() } };

test('the breakpoint at start-up: 767 xs, 768 sm, 991 sm, 992 md, 1199 md, 1200 lg', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    const seen: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewport({ width, height: HEIGHT });
      await open('/web/');
      seen.push(`${width} ${(await clientReady(page)).breakpoint}`);
    }
    assert.equal(
      seen,
      WIDTHS.map((w) => `${w} ${breakpointOf(w)}`),
    );
    assert.equal(seen, ['767 xs', '768 sm', '991 sm', '992 md', '1199 md', '1200 lg']);
  }));

test('the breakpoint follows resizes without a reload', () =>
  withPage({ auth: 'oracle' }, { width: 1280, height: HEIGHT }, async ({ page, open }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => {
      (window as any).__sameDocument = true;
    });
    for (const width of [...WIDTHS, 991, 767, 1200]) {
      await page.setViewport({ width, height: HEIGHT });
      const expected = breakpointOf(width);
      await page
        .waitFor(async (bp) => (await (window as any).EMWeb.bootstrap()).state.breakpoint.value === bp, expected, {
          timeoutMs: 3_000,
        })
        .catch(async () => assert.unreachable(`at ${width}px: ${await breakpoint(page)}, expected ${expected}`));
    }
    assert.ok(await page.evaluate(() => (window as any).__sameDocument === true), 'no reload');
  }));

test('the header compacts at xs: server version line and mode badge hidden, name and user still shown', () =>
  withPage(
    { auth: 'secgw', version: VERSION },
    { width: 1280, height: HEIGHT },
    async ({ page, open }) => {
      await open('/web/');
      await clientReady(page);
      const h = header(page);
      const visible = async () => ({
        version: await h.locator(`text=${VERSION}`).isVisible(),
        mode: await h.locator('text=Security gateway').isVisible(),
        name: await h.locator('h1').isVisible(),
        user: await h.locator(`text=${DEMO_USER_NAME}`).isVisible(),
      });
      for (const width of WIDTHS) {
        await page.setViewport({ width, height: HEIGHT });
        const bp = breakpointOf(width);
        const wide = bp !== 'xs';
        const want = { version: wide, mode: wide, name: true, user: true };
        // md and lg show the same header, so first wait on the breakpoint itself, then on what is shown.
        await shownAt(page, bp);
        let seen = await visible();
        await waitFor(
          async () => {
            seen = await visible();
            return JSON.stringify(seen) === JSON.stringify(want);
          },
          { timeoutMs: 3_000, what: `the header at ${width}px` },
        ).catch(() => {});
        assert.equal(seen, want, `at ${width}px (${bp})`);
      }
    },
    signedIn,
  ));

/** The demo, signed in, at each width in turn: `check` runs once the client shows that width's breakpoint. */
const atEachWidth = (widths: number[], check: (page: Page, width: number) => Promise<void>) =>
  withPage(
    { auth: 'secgw' },
    { width: 1280, height: HEIGHT },
    async ({ page, open }) => {
      await open('/web/');
      await clientReady(page);
      for (const width of widths) {
        await page.setViewport({ width, height: HEIGHT });
        await shownAt(page, breakpointOf(width));
        await check(page, width);
      }
    },
    signedIn,
  );

/** How many lines the header's product name and signed-in user take. */
const headerLines = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('#emweb')?.shadowRoot;
    const lineCount = (element: Element | null | undefined) => {
      if (!element?.firstChild) return 0;
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const user = [...(root?.querySelectorAll('header span') ?? [])].find((span) => /Signed in as/.test(span.textContent ?? ''));
    return { name: lineCount(root?.querySelector('h1')), user: lineCount(user) };
  });

// A long user name once squeezed the product's name into a column a syllable wide at xs.
test("the product's name reads on one line at every width, the signed-in user's name beside or below it", () =>
  atEachWidth([320, 375, ...WIDTHS, 1440], async (page, width) => {
    assert.equal(await headerLines(page), { name: 1, user: 1 }, `at ${width}px`);
  }));

test('the floating action button stays inside the viewport at every width', () =>
  atEachWidth([320, 375, ...WIDTHS, 1440, 1920], async (page, width) => {
    assertInViewport(await fab(page).box(), width, HEIGHT, `the button at ${width}px`);
  }));

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

async function clientLook(page: Page) {
  const parts = {
    heading: header(page).locator('h1'),
    header: header(page),
    versionLine: header(page).locator(`text=${VERSION}`),
    fab: fab(page),
  };
  const look: Record<string, unknown> = {};
  for (const [name, locator] of Object.entries(parts)) look[name] = await locator.style(PROPS);
  look.fabBox = await fab(page).box();
  return look;
}

test("hostile host styles do not leak in: colour, font and spacing inside the shadow root are the client's own", () =>
  withPage(
    { auth: 'secgw', version: VERSION },
    null,
    async ({ page, open }) => {
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
    },
    signedIn,
  ));

test('client styles do not leak out: the host probes keep their computed styles', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open }) => {
      await open('/e2e/hostile.html');
      await clientReady(page);
      assert.equal(await page.locator('#host-probe-text').style(['color', 'font-size', 'margin-top']), {
        color: 'rgb(0, 0, 128)',
        'font-size': '14px',
        'margin-top': '17px',
      });
      assert.equal(
        await page.locator('#host-probe-button').style(['color', 'background-color', 'font-size', 'padding-top', 'padding-left']),
        {
          color: 'rgb(255, 255, 255)',
          'background-color': 'rgb(0, 128, 0)',
          'font-size': '13px',
          'padding-top': '2px',
          'padding-left': '6px',
        },
      );
      assert.equal(await page.locator('#host-probe-heading').style(['color', 'font-size']), {
        color: 'rgb(128, 0, 128)',
        'font-size': '22px',
      });
      // The client's own look did not land on the host's elements of the same tags either.
      assert.is(await page.evaluate(() => document.adoptedStyleSheets.length), 0, 'no stylesheet adopted by the document');
    },
    signedIn,
  ));

test.run();

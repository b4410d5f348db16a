// Themes in a real browser: the host's --emweb-* custom properties land (floating button inset,
// accent, background, text, font), and the client stays readable (WCAG AA) on a dark host page in
// the light and the dark colour scheme, in every state a user meets: ready, speed dial open, a
// notice, a failed start. Contrast is measured from computed styles (contrast.ts) and by axe-core.
import * as assert from 'uvu/assert';
import { byRole, clientReady, fab, header, menu, notice } from './client';
import { belowAA, measureTextContrast, type TextContrast } from './contrast';
import { browserSuite, runAxe, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('themes');

const VIEWPORT = { width: 1280, height: 800 };

const report = (list: TextContrast[]) => list.map((m) => `${m.ratio}:1 "${m.text}" ${m.fg} on ${m.bg}`).join('\n');

/** The floating button's gap to the viewport's right and bottom edges. */
async function fabInset(page: Page): Promise<{ right: number; bottom: number }> {
  const box = await fab(page).box();
  assert.ok(box, 'the button has a box');
  return { right: Math.round(VIEWPORT.width - box.x - box.width), bottom: Math.round(VIEWPORT.height - box.y - box.height) };
}

test('--emweb-fab-inset moves the floating button: 40 px from the bottom right corner (16 px without it)', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    assert.equal(await fabInset(page), { right: 16, bottom: 16 }, 'the default');
    await open('/e2e/themed.html');
    await clientReady(page);
    assert.equal(await fabInset(page), { right: 40, bottom: 40 }, "the host's inset");
  }));

test('--emweb-accent colours the floating button and the primary button; --emweb-bg, --emweb-fg and --emweb-font reach the client', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open, server }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    const plain = await fab(page).style(['background-color']);
    assert.is.not(plain['background-color'], 'rgb(122, 31, 162)', 'not the accent by chance');

    await open('/e2e/themed.html');
    await clientReady(page);
    assert.is((await fab(page).style(['background-color']))['background-color'], 'rgb(122, 31, 162)');
    const heading = await header(page).locator('h1').style(['color', 'font-family']);
    assert.is(heading.color, 'rgb(40, 20, 10)');
    assert.match(heading['font-family']!, /^Georgia/);
    // The client's outermost box paints the host's background.
    const painted = await page.evaluate(() => {
      const root = document.getElementById('emweb')?.shadowRoot?.firstElementChild;
      return root ? getComputedStyle(root).backgroundColor : '';
    });
    assert.is(painted, 'rgb(255, 250, 240)');

    server.setOptions({ probeStatus: 503 });
    await page.evaluate(() => localStorage.clear()); // no remembered mode: the probe runs, and fails
    await open('/e2e/themed.html');
    const retry = byRole(page, 'button', 'Retry');
    await retry.waitFor();
    assert.is((await retry.style(['background-color']))['background-color'], 'rgb(122, 31, 162)');
  }));

// ---------------------------------------------------------------------------------------------
// Readable on a dark host page, and on a light one (plain.html: a host with no styles of its own)

/** Measures every visible text of the client now; fails with the list of those below AA. */
async function assertReadable(page: Page, state: string): Promise<number> {
  const measured = await measureTextContrast(page);
  assert.ok(measured.length > 0, `${state}: some text was measured`);
  const low = belowAA(measured);
  assert.equal(report(low), '', `${state}: text below WCAG AA`);
  return measured.length;
}

for (const [host, path] of [
  ['a dark host page', '/e2e/dark-host.html'],
  ['a light host page', '/e2e/plain.html'],
] as const)
  for (const scheme of ['light', 'dark'] as const) {
    test(`on ${host}, colour scheme ${scheme}: every text of the client reaches WCAG AA contrast (ready, speed dial open, notice, failed start), and axe agrees`, () =>
      withPage(
        { auth: 'oracle' },
        VIEWPORT,
        async ({ page, open, server }) => {
          await open(path);
          assert.is(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
          await clientReady(page);
          await assertReadable(page, 'ready');
          assert.equal(await runAxe(page), [], 'axe, ready');

          await fab(page).click();
          await menu(page).waitFor();
          await assertReadable(page, 'speed dial open');
          assert.equal(await runAxe(page), [], 'axe, speed dial open');

          await byRole(page, 'menuitem', 'Reload configuration').click();
          await notice(page, 'Configuration reloaded').waitFor();
          await assertReadable(page, 'notice');

          server.setOptions({ probeStatus: 503 });
          await page.evaluate(() => localStorage.clear()); // no remembered mode: the probe runs, and fails
          await open(path);
          await byRole(page, 'button', 'Retry').waitFor();
          await assertReadable(page, 'failed start');
          assert.equal(await runAxe(page), [], 'axe, failed start');
        },
        { colorScheme: scheme },
      ));
  }

test('the contrast measurement itself catches grey on grey (a host theme with too little contrast)', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open('/e2e/low-contrast.html');
    await clientReady(page);
    const measured = await measureTextContrast(page);
    const low = belowAA(measured);
    assert.ok(low.length > 0 && low.some((m) => m.text === 'Acme Service Desk'), report(measured));
    assert.ok(
      (await runAxe(page)).some((v) => v.id === 'color-contrast'),
      'axe reports color-contrast too',
    );
  }));

test.run();

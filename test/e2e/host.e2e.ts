// Host screens in a real browser, as a host developer writes them without a build step: a screen
// made with EMWeb.html and EMWeb.React hooks under the strict CSP, a render that throws (once, or
// always), a screen that throws while rendering, a DOM node and a plain string from render.
// Fixture: pages/options.html?render=… (options.js). The demo's routed product: routes.e2e.ts.
import * as assert from 'uvu/assert';
import { CSP_STRICT, type DemoServer } from '../../demo/server.mjs';
import { byRole, byText, clientReady, cspOf, fab, header, menu, menuItems } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('host screens');

const MOUNT = '#app';
const screenFailed = (page: Page, mount = MOUNT) => byRole(page, 'heading', 'This screen failed', mount);
const tryAgain = (page: Page, mount = MOUNT) => byRole(page, 'button', 'Try again', mount);

/** Sends what the logger holds and returns the ERROR-or-worse entries the server received that mention `text`. */
async function errorEntriesAbout(page: Page, server: DemoServer, text: string): Promise<unknown[]> {
  await page.evaluate(() => (window as any).EMWeb.logger.flush());
  const about = () =>
    server.logBatches
      .filter((b) => b.status === 200)
      .flatMap((b) => b.entries)
      .filter((e) => e.level >= 5 && JSON.stringify(e).includes(text));
  await waitFor(() => about().length > 0, { timeoutMs: 5_000, what: `an ERROR entry about "${text}"` });
  return about();
}

/** The shell around a failed screen is whole: the header names the product, the speed dial opens and closes. */
async function shellStillThere(page: Page, mount = MOUNT): Promise<void> {
  assert.is(await header(page, mount).locator('h1').textContent(), 'Acme Service Desk');
  await fab(page, mount).click();
  assert.ok((await menuItems(page, mount).count()) > 0, 'the speed dial opens');
  await page.press('Escape');
  await menu(page, mount).waitFor('detached');
}

test('a screen written with EMWeb.html and EMWeb.React.useState, no build step, runs under the strict CSP and its hook updates on click', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    assert.is(await cspOf(server, '/e2e/options.html?render=counter'), CSP_STRICT);
    await open('/e2e/options.html?render=counter');
    await clientReady(page, MOUNT);
    const screen = byRole(page, 'region', 'Counter screen', MOUNT);
    await screen.locator('text=Mode oracle').waitFor();
    await screen.locator('role=button[name="Clicked 0 times"]').click();
    await screen.locator('role=button[name="Clicked 1 times"]').click();
    await screen.locator('role=button[name="Clicked 2 times"]').waitFor();
    assert.equal(await page.problems(), []);
  }));

test('a render that throws: "This screen failed" with the error and Try again; header and speed dial stay; exactly one ERROR entry; no uncaught page error', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?render=throws');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await byText(page, 'e2e: render always throws', MOUNT).waitFor();
    await tryAgain(page).waitFor();
    await shellStillThere(page);
    const entries = await errorEntriesAbout(page, server, 'e2e: render always throws');
    assert.is(entries.length, 1, `one ERROR entry, not ${JSON.stringify(entries)}`);
    assert.equal(await page.problems(), [], 'no uncaught page error');
  }));

test('a render that throws once: Try again renders the screen', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?render=throws-once');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await tryAgain(page).click();
    await byText(page, 'Screen after Try again', MOUNT).waitFor();
    assert.is(await screenFailed(page).count(), 0, 'the panel is gone');
    assert.equal(await page.problems(), []);
  }));

test('a screen whose component throws while rendering: the same panel, one ERROR entry, and Try again renders it afresh', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?render=screen-throws');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await byText(page, 'e2e: the screen component failed while rendering', MOUNT).waitFor();
    await shellStillThere(page);
    assert.is((await errorEntriesAbout(page, server, 'the screen component failed while rendering')).length, 1);
    await tryAgain(page).click();
    await byText(page, 'Fragile screen, second try', MOUNT).waitFor();
    assert.equal((await page.record()).errors, []);
  }));

test('a render that returns a DOM node: that very node is shown, inside the client', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?render=node');
    await clientReady(page, MOUNT);
    await byRole(page, 'heading', 'A node the host built', MOUNT).waitFor();
    const placed = await page.evaluate((selector) => {
      const node = (window as any).__e2e.node as Node;
      const root = document.querySelector(selector)?.shadowRoot;
      return {
        inside: !!root && root.contains(node),
        connected: node.isConnected,
        copies: root?.querySelectorAll('[data-host-node]').length,
      };
    }, MOUNT);
    assert.equal(placed, { inside: true, connected: true, copies: 1 });
    assert.equal(await page.problems(), []);
  }));

test('a render that returns a string: shown as text', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?render=string');
    await clientReady(page, MOUNT);
    await byText(page, 'Plain text from the host', MOUNT).waitFor();
    assert.is(await screenFailed(page).count(), 0);
    assert.equal(await page.problems(), []);
  }));

test.run();

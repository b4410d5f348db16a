// Host screens in a real browser, as a host developer writes them without a build step: a screen
// made with EMWeb.html and EMWeb.React hooks under the strict CSP, a render that throws (once, or
// always), a screen that throws while rendering, a DOM node and a plain string from render.
// Fixture: pages/options.html?render=… (options.js), and the demo's own ?screen=tickets.
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CSP_STRICT, type DemoServer } from '../../demo/server.mjs';
import { clientReady, fab, header } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('host screens');

const MOUNT = '#app';
const screenFailed = (page: Page, mount = MOUNT) => page.locator(mount).getByRole('heading', { name: 'This screen failed' });
const tryAgain = (page: Page, mount = MOUNT) => page.locator(mount).getByRole('button', { name: 'Try again' });

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
  assert.is((await header(page, mount).locator('h1').textContent())?.trim(), 'Acme Service Desk');
  await fab(page, mount).click();
  assert.ok((await page.getByRole('menuitem').count()) > 0, 'the speed dial opens');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

test('a screen written with EMWeb.html and EMWeb.React.useState, no build step, runs under the strict CSP and its hook updates on click', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, cspViolations, problems }) => {
    const res = await open('/e2e/options.html?render=counter');
    assert.is(res?.headers()['content-security-policy'], CSP_STRICT);
    await clientReady(page, MOUNT);
    const screen = page.locator(MOUNT).getByRole('region', { name: 'Counter screen' });
    await screen.getByText('Mode oracle').waitFor();
    await screen.getByRole('button', { name: 'Clicked 0 times' }).click();
    await screen.getByRole('button', { name: 'Clicked 1 times' }).click();
    await screen.getByRole('button', { name: 'Clicked 2 times' }).waitFor();
    assert.equal(cspViolations, []);
    assert.equal(problems(), []);
  }));

test("the demo's host screen (?screen=tickets): its filter hook updates on click; made to fail, it shows the failure panel, and Try again brings it back", () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, problems, pageErrors }) => {
    await open('/web/?screen=tickets');
    await clientReady(page);
    const main = page.locator('#emweb');
    await main.getByText('Showing 2 of 3').waitFor();
    await main.getByRole('button', { name: 'Show all tickets' }).click();
    await main.getByText('Showing 3 of 3').waitFor();
    await main.getByRole('button', { name: 'Make this screen fail' }).click();
    await screenFailed(page, '#emweb').waitFor();
    await page.getByText('The tickets screen was asked to fail').waitFor();
    await shellStillThere(page, '#emweb');
    assert.is((await errorEntriesAbout(page, server, 'The tickets screen was asked to fail')).length, 1, 'one ERROR entry');
    await tryAgain(page, '#emweb').click();
    await main.getByText('Showing 2 of 3').waitFor();
    assert.is(await screenFailed(page, '#emweb').count(), 0);
    assert.equal(pageErrors, [], 'no uncaught page error');
    assert.equal(problems(), []);
  }));

test('a render that throws: "This screen failed" with the error and Try again; header and speed dial stay; exactly one ERROR entry; no uncaught page error', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, pageErrors, problems }) => {
    await open('/e2e/options.html?render=throws');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await page.locator(MOUNT).getByText('e2e: render always throws').waitFor();
    await tryAgain(page).waitFor();
    await shellStillThere(page);
    const entries = await errorEntriesAbout(page, server, 'e2e: render always throws');
    assert.is(entries.length, 1, `one ERROR entry, not ${JSON.stringify(entries)}`);
    assert.equal(pageErrors, [], 'no uncaught page error');
    assert.equal(problems(), []);
  }));

test('a render that throws once: Try again renders the screen', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, problems }) => {
    await open('/e2e/options.html?render=throws-once');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await tryAgain(page).click();
    await page.locator(MOUNT).getByText('Screen after Try again').waitFor();
    assert.is(await screenFailed(page).count(), 0, 'the panel is gone');
    assert.equal(problems(), []);
  }));

test('a screen whose component throws while rendering: the same panel, one ERROR entry, and Try again renders it afresh', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, pageErrors }) => {
    await open('/e2e/options.html?render=screen-throws');
    await clientReady(page, MOUNT);
    await screenFailed(page).waitFor();
    await page.locator(MOUNT).getByText('e2e: the screen component failed while rendering').waitFor();
    await shellStillThere(page);
    assert.is((await errorEntriesAbout(page, server, 'the screen component failed while rendering')).length, 1);
    await tryAgain(page).click();
    await page.locator(MOUNT).getByText('Fragile screen, second try').waitFor();
    assert.equal(pageErrors, []);
  }));

test('a render that returns a DOM node: that very node is shown, inside the client', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, problems }) => {
    await open('/e2e/options.html?render=node');
    await clientReady(page, MOUNT);
    await page.locator(MOUNT).getByRole('heading', { name: 'A node the host built' }).waitFor();
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
    assert.equal(problems(), []);
  }));

test('a render that returns a string: shown as text', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, problems }) => {
    await open('/e2e/options.html?render=string');
    await clientReady(page, MOUNT);
    await page.locator(MOUNT).getByText('Plain text from the host', { exact: true }).waitFor();
    assert.is(await screenFailed(page).count(), 0);
    assert.equal(problems(), []);
  }));

test.run();

// The floating action button and its speed dial, as a keyboard, mouse and screen-reader user meets
// them: a WAI-ARIA menu button with at most 5 items, and the built-in actions.

import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, fab, isFabFocused, loggedMessages, menu, menuItems, notice } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';
import type { Key, Page } from './page';

const test = browserSuite('speed dial');

const expanded = (page: Page) => fab(page).attribute('aria-expanded');

/** The demo in token mode (no gateway needed), ready, with the speed dial closed. */
const withDemo = (fn: (run: PageRun) => Promise<void>, auth: 'token' | 'secgw' = 'token') =>
  withPage(
    { auth },
    null,
    async (run) => {
      await run.open('/web/');
      await clientReady(run.page);
      await fn(run);
    },
    auth === 'secgw' ? { signedIn: true, localStorage: { jwt: demoJwt() } } : {},
  );

async function openWithKeyboard(page: Page, key: Key = 'Enter') {
  await fab(page).focus();
  await page.press(key);
  await menu(page).waitFor();
}

test('the floating action button is a closed menu button: button, aria-haspopup="menu", aria-expanded="false", no menu shown', () =>
  withDemo(async ({ page }) => {
    const button = fab(page);
    assert.is(await button.count(), 1);
    assert.is(await button.evaluate((el) => el.tagName.toLowerCase()), 'button');
    assert.is(await button.attribute('aria-haspopup'), 'menu');
    assert.is(await expanded(page), 'false');
    assert.ok(
      (await button.evaluate((el) => (el as HTMLElement).innerText.trim() || el.getAttribute('aria-label') || '')).length > 0,
      'an accessible name',
    );
    assert.is(await menu(page).count(), 0);
  }));

for (const key of ['Enter', 'Space'] as const) {
  test(`${key} opens the speed dial: aria-expanded true, a menu of 1-5 menuitem buttons, focus on the first`, () =>
    withDemo(async ({ page }) => {
      await openWithKeyboard(page, key);
      assert.is(await expanded(page), 'true');
      const count = await menuItems(page).count();
      assert.ok(count >= 1 && count <= 5, `${count} items`);
      const tags = await page.withDom(
        (dom, selector) => dom.find(selector).map((el) => el.tagName.toLowerCase()),
        menuItems(page).selector,
      );
      assert.equal(tags, Array(count).fill('button'));
      const [first] = await menuItems(page).texts();
      assert.equal(await page.focused(), { tag: 'button', role: 'menuitem', text: first!, haspopup: null });
    }));
}

test('ArrowDown and ArrowUp move focus through the items, wrapping at both ends', () =>
  withDemo(async ({ page }) => {
    await openWithKeyboard(page);
    const labels = await menuItems(page).texts();
    const at = async () => (await page.focused())?.text;
    assert.is(await at(), labels[0]);
    await page.press('ArrowDown');
    assert.is(await at(), labels[1]);
    await page.press('ArrowUp');
    await page.press('ArrowUp');
    assert.is(await at(), labels[labels.length - 1], 'ArrowUp on the first wraps to the last');
    await page.press('ArrowDown');
    assert.is(await at(), labels[0], 'ArrowDown on the last wraps to the first');
  }));

test('Escape closes the speed dial and returns focus to the button', () =>
  withDemo(async ({ page }) => {
    await openWithKeyboard(page);
    await page.press('ArrowDown');
    await page.press('Escape');
    await menu(page).waitFor('detached');
    assert.is(await expanded(page), 'false');
    assert.ok(isFabFocused(await page.focused()), JSON.stringify(await page.focused()));
  }));

test('Tab away closes the speed dial', () =>
  withDemo(async ({ page }) => {
    await openWithKeyboard(page);
    await page.press('Tab');
    await menu(page).waitFor('hidden');
    assert.is(await expanded(page), 'false');
    const now = await page.focused();
    assert.ok(now?.role !== 'menuitem', `focus left the items: ${JSON.stringify(now)}`);
  }));

test('a click outside closes the speed dial', () =>
  withDemo(async ({ page }) => {
    await fab(page).click();
    await menu(page).waitFor();
    assert.is(await expanded(page), 'true');
    await page.clickAt(5, 5); // the host page's own header, outside the client
    await menu(page).waitFor('hidden');
    assert.is(await expanded(page), 'false');
  }));

test('a click on the button toggles the speed dial', () =>
  withDemo(async ({ page }) => {
    await fab(page).click();
    await menu(page).waitFor();
    await fab(page).click();
    await menu(page).waitFor('hidden');
    assert.is(await expanded(page), 'false');
  }));

test('"Send logs now" flushes the logger: the queued entry reaches the server long before the 10 s timer', () =>
  withDemo(async ({ page, server }) => {
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: flushed by the speed dial'));
    assert.equal(loggedMessages(server), [], 'nothing sent before the action');
    await fab(page).click();
    await byRole(page, 'menuitem', 'Send logs now').click();
    await waitFor(() => loggedMessages(server).includes('e2e: flushed by the speed dial'), {
      timeoutMs: 3_000,
      what: 'the flushed entry',
    });
  }));

// What the notice says (sent n, nothing to send, kept for retry) is checked in actions.e2e.ts.
test('"Send logs now" shows a notice once the entries are handed over', () =>
  withDemo(async ({ page, server }) => {
    const said = notice(page, 'Log entries sent');
    assert.is(await said.count(), 0);
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: one entry for the notice'));
    await fab(page).click();
    await byRole(page, 'menuitem', 'Send logs now').click();
    await said.waitFor('visible', { timeoutMs: 3_000 });
    assert.ok(loggedMessages(server).includes('e2e: one entry for the notice'), 'handed over before the notice');
  }));

test('"Sign out" (secgw) clears localStorage jwt, devToken and authType and goes to /auth/', () =>
  withDemo(async ({ page, url }) => {
    await page.evaluate(() => localStorage.setItem('devToken', 'left-over-development-token'));
    assert.ok(await page.evaluate(() => localStorage.getItem('jwt') && localStorage.getItem('authType')), 'signed in first');
    await fab(page).click();
    await byRole(page, 'menuitem', 'Sign out').click();
    await page.waitForURL((u) => new URL(u).origin === url && new URL(u).pathname === '/auth/');
    assert.equal(
      await page.evaluate(() => [
        localStorage.getItem('jwt'),
        localStorage.getItem('devToken'),
        localStorage.getItem('authType'),
      ]),
      [null, null, null],
    );
  }, 'secgw'));

test('choosing an item runs its action, closes the speed dial and gives focus back to the button', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html?actions=3');
    await clientReady(page, '#app');
    await fab(page, '#app').focus();
    await page.press('Enter');
    await page.press('ArrowDown');
    await page.press('Enter');
    await menu(page, '#app').waitFor('hidden');
    assert.equal(await page.evaluate(() => (window as any).__e2e.actionsRun), ['Action 2']);
    assert.is(await fab(page, '#app').attribute('aria-expanded'), 'false');
    assert.ok(isFabFocused(await page.focused()));
  }));

test('choosing an item with the pointer runs its action, closes the speed dial and gives focus back to the button', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html?actions=3');
    await clientReady(page, '#app');
    await fab(page, '#app').click();
    await byRole(page, 'menuitem', 'Action 3', '#app').click();
    await menu(page, '#app').waitFor('hidden');
    assert.equal(await page.evaluate(() => (window as any).__e2e.actionsRun), ['Action 3']);
    assert.is(await fab(page, '#app').attribute('aria-expanded'), 'false');
    assert.ok(isFabFocused(await page.focused()), JSON.stringify(await page.focused()));
  }));

test('more than 5 actions through bootstrap (development): only the first 5 shown, and a console warning', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html?actions=7&production=false');
    await clientReady(page, '#app');
    await fab(page, '#app').click();
    await menu(page, '#app').waitFor();
    assert.equal(await menuItems(page, '#app').texts(), ['Action 1', 'Action 2', 'Action 3', 'Action 4', 'Action 5']);
    const warnings = (await page.record()).console.filter((m) => m.type === 'warn');
    assert.ok(
      warnings.some((m) => /speed.?dial|actions?\b/i.test(m.text)),
      `a warning about the actions among ${JSON.stringify(warnings)}`,
    );
  }));

test.run();

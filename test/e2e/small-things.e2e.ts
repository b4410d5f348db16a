// One answer to who is signed in (contract of 2026-11-29), its "Small things that must hold" in a real
// browser: a link to a place on the same screen, client.navigate refusing a script, focus back on the
// host page's field after a dialog, an exp that passes while its notice is up, and the notices' cap,
// cut and dismiss. The page is pages/small-things.html (a routed form beside a host field), or
// pages/options.html for the notices. Every wait is on state.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady } from './client';
import { commentField, typeComment } from './formScreen';
import { browserSuite, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('small things');

const VIEWPORT = { width: 1024, height: 700 };
const PAGE = '/e2e/small-things.html';

const unsaved = (page: Page) => page.evaluate(() => (window as any).__e2e.client.state.unsaved.value as boolean);
const address = (page: Page) => page.evaluate(() => location.pathname + location.hash);

test('a link to a place on the same screen moves there without asking, and the unsaved work stays', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open(PAGE);
    await clientReady(page, '#app');
    await typeComment(page, 'Half a comment');
    const before = await page.evaluate(() => history.length);
    await byRole(page, 'link', 'Notes', '#app').click();
    await page.waitFor(() => location.hash === '#notes', undefined, { what: 'the address at #notes' });
    await page.waitFor(
      () => {
        const box = document.querySelector('#app')?.shadowRoot?.getElementById('notes')?.getBoundingClientRect();
        return box && box.top >= 0 && box.bottom <= innerHeight;
      },
      undefined,
      { what: 'the place scrolled into view' },
    );
    assert.is(await byRole(page, 'alertdialog', undefined, '#app').count(), 0, 'nothing asked');
    assert.is(await address(page), '/web/form#notes');
    assert.is(await page.evaluate(() => history.length), before + 1, 'an entry of its own');
    assert.ok(await unsaved(page), 'the unsaved work stays');
    assert.is(await commentField(page).evaluate((el: HTMLInputElement) => el.value), 'Half a comment', 'the screen as it was');

    // A move to another screen still asks.
    await page.evaluate(() => (window as any).__e2e.client.navigate('/web/done'));
    await byRole(page, 'alertdialog', 'Leave this page?', '#app').waitFor();
    assert.equal(await page.problems(), []);
  }));

test('client.navigate refuses a javascript: URL or another origin with a TypeError, and nothing runs', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open(PAGE);
    await clientReady(page, '#app');
    const outcomes = await page.evaluate(() =>
      ['javascript:window.__ran = true', 'https://elsewhere.test/web/', 'data:text/html,hello'].map((url) => {
        try {
          (window as any).__e2e.client.navigate(url);
          return 'taken';
        } catch (error) {
          return (error as Error).name;
        }
      }),
    );
    assert.equal(outcomes, ['TypeError', 'TypeError', 'TypeError']);
    assert.is(await page.evaluate(() => (window as any).__ran ?? null), null, 'the script never ran');
    assert.is(await address(page), '/web/form', 'nothing loaded');
    assert.equal(await page.problems(), []);
  }));

test("after the leave dialog, focus goes back to the host page's field it came from", () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open(PAGE);
    await clientReady(page, '#app');
    await typeComment(page, 'Unsaved');
    await page.locator('#host-field').click();
    await page.waitFor(() => document.activeElement?.id === 'host-field', undefined, { what: "focus in the host's field" });
    await page.press('Enter');
    const question = byRole(page, 'alertdialog', 'Leave this page?', '#app');
    await question.waitFor();
    await page.waitFor(() => document.querySelector('#app')?.shadowRoot?.activeElement?.textContent === 'Stay', undefined, {
      what: 'focus on Stay',
    });
    await page.press('Escape');
    await question.waitFor('detached');
    await page.waitFor(() => document.activeElement?.id === 'host-field', undefined, { what: "focus back in the host's field" });
    assert.is(await address(page), '/web/form', 'stayed');
    assert.equal(await page.problems(), []);
  }));

test('the notice before the session ends says it has ended once its time passes while shown, still with Sign in again', () => {
  const exp = Math.floor(Date.now() / 1000) + 4;
  return withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open('/e2e/options.html?render=counter');
      await clientReady(page, '#app');
      const notice = page.locator('#app >> .notices >> role=status >> has-text=Your session');
      const sayNow = () => notice.locator('span').textContent();
      await notice.waitFor();
      const first = await sayNow();
      // Where the page took long to start, the moment may have passed already: then it says so at once.
      if (first !== 'Your session has ended.') assert.match(first, /^Your session ends at \d/);
      await page.locator('#app >> text=Your session has ended.').waitFor('visible', { timeoutMs: 15_000 });
      assert.is(await sayNow(), 'Your session has ended.', 'never a time gone by');
      assert.is(await notice.locator('role=button[name="Sign in again"]').count(), 1);
      assert.equal(await page.problems(), []);
    },
    { signedIn: true, localStorage: { jwt: demoJwt({ exp }) } },
  );
});

test('notices: at most 5 shown, the oldest info going first; a long text cut at 500 characters; each call its own dismiss', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open('/e2e/options.html?render=counter');
    await clientReady(page, '#app');
    // Notified and read in one go: the info notices go by themselves after 6 s.
    const shown = await page.evaluate(async () => {
      const client = (window as any).__e2e.client;
      client.notify('Kept error', { tone: 'error' });
      for (let n = 1; n <= 6; n++) client.notify(`Info ${n}`);
      const root = document.querySelector('#app')!.shadowRoot!;
      for (let i = 0; i < 500 && !root.textContent?.includes('Info 6'); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return [...root.querySelectorAll('.notices .notice:not([role]) > span:first-child')].map((span) => span.textContent);
    });
    assert.equal(shown, ['Info 3', 'Info 4', 'Info 5', 'Info 6', 'Kept error'], 'five: the oldest info went first');

    const long = `${'a'.repeat(495)}bcdefTHE REST`;
    await page.evaluate((text) => (window as any).__e2e.client.notify(text, { tone: 'error' }), long);
    const cut = page.locator('#app >> role=alert >> .cut');
    await cut.waitFor();
    assert.is(await cut.textContent(), long.slice(0, 500), 'its first 500 characters');
    assert.is(await cut.evaluate((el: Element) => getComputedStyle(el, '::after').content), '"…"', 'an ellipsis after them');

    await page.evaluate(() => {
      const w = window as any;
      w.__first = w.__e2e.client.notify('Offline', { tone: 'error' });
      w.__second = w.__e2e.client.notify('Offline', { tone: 'error' });
    });
    const offline = page.locator('#app >> role=alert >> has-text=Offline');
    await page.locator('#app >> role=alert >> text=×2').waitFor();
    await page.evaluate(() => (window as any).__first());
    await page.locator('#app >> role=alert >> text=×2').waitFor('detached');
    assert.is(await offline.count(), 1, "the second call's notice stays");
    await page.evaluate(() => (window as any).__second());
    await offline.waitFor('detached');
    assert.equal(await page.problems(), []);
  }));

test.run();

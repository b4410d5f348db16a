// Drafts in a real browser, on the demo's ticket form (useDraft) under the strict CSP: the typed
// comment comes back after a reload and in a new tab after the first was closed, and after the
// sign-in that a reload while signed out led to; nothing comes back after a save, after Leave,
// after a sign-out, or to another user; the restore notice has no accessibility violation, light
// and dark, at xs and lg.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, commentValue, fab, notice, typeComment } from './client';
import { browserSuite, runAxe, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('drafts');

const VIEWPORT = { width: 1024, height: 900 };
const TICKET = '/web/tickets/SD-1042';
const TYPED = 'Toner replaced, test page printed.';
const RESTORED = 'Restored unsaved changes from';
/** A gateway session, and the JWT its sign-in stores: drafts are kept for the user it names (1042). */
const SIGNED_IN = { signedIn: true, localStorage: { jwt: demoJwt() } };

/** The origin's draft keys, and whether any holds `text`. */
const storedDrafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('emweb.draft.'))
      .map((key) => `${key} ${localStorage.getItem(key)}`),
  );

/** The ticket's page with its form shown, the client ready. */
async function ticketShown(page: Page): Promise<void> {
  await clientReady(page);
  await page.locator('#emweb >> textarea#ticket-comment').waitFor();
}

/**
 * Reloads as a crash or a confirmed prompt would: the page's own beforeunload question is kept
 * from asking (a prompt would hold the reload up), the client's pagehide still runs.
 */
async function reloadAnyway(page: Page): Promise<void> {
  await page.evaluate(() => addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), true));
  await page.reload();
}

/** Waits until the typed comment is kept in storage (within 500 ms of the typing). */
const kept = (page: Page) =>
  page.waitFor(
    (text) =>
      Object.keys(localStorage).some((key) => key.startsWith('emweb.draft.') && localStorage.getItem(key)?.includes(text)),
    TYPED,
    { what: 'the draft kept' },
  );

test('typed, then reloaded at once: the comment is back, with a notice that offers Discard; Discard lets it go', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      // No wait: the page's pagehide writes what the half-second timer had not yet.
      await reloadAnyway(page);
      await ticketShown(page);
      await page.waitFor(
        (text) => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value === text,
        TYPED,
      );
      await notice(page, RESTORED).waitFor();
      assert.is(await page.evaluate(async () => (await (window as any).EMWeb.bootstrap()).state.unsaved.value), true);
      await byRole(page, 'button', 'Discard').click();
      await page.waitFor(() => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value === '');
      assert.equal(await storedDrafts(page), []);
      await reloadAnyway(page);
      await ticketShown(page);
      assert.is(await commentValue(page), '');
      assert.equal(await page.problems(), []);
    },
    SIGNED_IN,
  ));

test('typed, the tab closed: a new tab of the same screen finds the comment', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, url }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      const other = await page.newPage(VIEWPORT);
      await page.close();
      await other.goto(url + TICKET);
      await ticketShown(other);
      await other.waitFor(
        (text) => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value === text,
        TYPED,
      );
      await notice(other, RESTORED).waitFor();
    },
    SIGNED_IN,
  ));

test('saved: nothing comes back after a reload', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      await page.locator('#emweb >> form button[type="submit"]').click();
      await notice(page, 'Saved').waitFor();
      assert.equal(await storedDrafts(page), []);
      await page.reload();
      await ticketShown(page);
      assert.is(await commentValue(page), '');
      assert.is(await notice(page, RESTORED).count(), 0);
    },
    SIGNED_IN,
  ));

test('Leave in the leave dialog: the draft goes with the screen', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      await page.locator('#emweb >> a[href="/web/tickets"]').click();
      await byRole(page, 'alertdialog').waitFor();
      await byRole(page, 'button', 'Leave').click();
      await page.waitForURL((address) => new URL(address).pathname === '/web/tickets');
      assert.equal(await storedDrafts(page), []);
      await open(TICKET);
      await ticketShown(page);
      assert.is(await commentValue(page), '');
    },
    SIGNED_IN,
  ));

test('signed out: nothing of the typing stays in storage, and after signing in again nothing comes back', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, url }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      await typeComment(page, `${TYPED} And one more line.`);
      await fab(page).click();
      await byRole(page, 'menuitem', 'Sign out').click();
      await byRole(page, 'alertdialog').waitFor();
      await byRole(page, 'button', 'Sign out').click();
      await page.waitForURL((address) => new URL(address).pathname === '/auth/');
      assert.equal(await storedDrafts(page), []);
      await page.goto(`${url}/auth/signin?returnUrl=${encodeURIComponent(TICKET)}`);
      await page.waitForURL(url + TICKET);
      await ticketShown(page);
      assert.is(await commentValue(page), '');
      assert.equal(await storedDrafts(page), []);
    },
    SIGNED_IN,
  ));

test('another user signed in on this browser: the first one’s comment is not shown, and is gone', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), demoJwt({ userId: 7, name: 'Ada Other' }));
      await reloadAnyway(page);
      await ticketShown(page);
      assert.is(await commentValue(page), '');
      assert.is(await notice(page, RESTORED).count(), 0);
      assert.equal(await storedDrafts(page), []);
    },
    SIGNED_IN,
  ));

test('reloaded while signed out: start-up goes to the gateway, and after the sign-in the comment is back', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, url }) => {
      await open(TICKET);
      await ticketShown(page);
      await typeComment(page, TYPED);
      await kept(page);
      await page.locator('#host-end-session').click();
      await page.locator('#host-end-session-result >> has-text=Session ended on the server.').waitFor();
      await reloadAnyway(page);
      // Start-up meets the gateway's 401 and goes to its sign-in in this tab. WebKit may answer the
      // reloaded page's configuration call from its cache: then the client starts, the ticket's call
      // gets the 401 and the sign-in dialog asks over the screen; the sign-in is another tab's then.
      const where = await waitFor(
        async () => {
          // Asked while the page is replaced (the reload, then the way to the gateway): asked again.
          const at = await page.url().catch(() => null);
          if (at && new URL(at).pathname === '/auth/') return 'gateway';
          const dialogs = await byRole(page, 'dialog')
            .count()
            .catch(() => 0);
          return dialogs > 0 ? 'dialog' : null;
        },
        { what: 'the gateway’s sign-in, or the sign-in dialog' },
      );
      if (where === 'gateway') await page.navigates(() => page.locator('button[type="submit"]').click());
      else {
        const other = await page.newPage(VIEWPORT);
        await other.goto(`${url}/auth/signin?returnUrl=/web/tickets`);
        await other.waitForURL(`${url}/web/tickets`);
      }
      await page.waitForURL(url + TICKET);
      await ticketShown(page);
      await page.waitFor(
        (text) => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value === text,
        TYPED,
      );
      await notice(page, RESTORED).waitFor();
    },
    SIGNED_IN,
  ));

for (const scheme of ['light', 'dark'] as const) {
  test(`the restore notice: no accessibility violation, ${scheme}, at xs and lg`, () =>
    withPage(
      { auth: 'secgw' },
      VIEWPORT,
      async ({ page, open }) => {
        await open(TICKET);
        await ticketShown(page);
        await typeComment(page, TYPED);
        await kept(page);
        for (const size of [
          { width: 375, height: 812 },
          { width: 1440, height: 900 },
        ]) {
          await page.setViewport(size);
          // Each reload restores it again, so the notice (which goes after 6 s) is there for axe.
          await reloadAnyway(page);
          await ticketShown(page);
          await notice(page, RESTORED).waitFor();
          assert.equal(await runAxe(page), [], `${scheme} ${size.width}px`);
        }
      },
      { ...SIGNED_IN, colorScheme: scheme },
    ));
}

test.run();

// Many tabs of one browser (contract, "Many tabs of one browser", the session's three points), with
// several windows of one browser session (they share cookies, localStorage and BroadcastChannel):
// sign-out in one tab ends the session in the others; a sign-in in one brings a tab waiting on
// "Sign-in required" to ready without a page load; the stored token, and its exp, move the header's user.
// Every wait is on state; the one clock a check reads is a JWT's exp, started once the page is ready.
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, type DemoServerOptions, demoJwt } from '../../demo/server.mjs';
import { byRole, byText, clientReady, fab, header } from './client';
import { browserSuite, type PageOptions, type PageRun, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('tabs');

const VIEWPORT = { width: 1024, height: 700 };
const RECORDING = '/e2e/options.html?signOut=record&signIn=record';

/** Leaves a mark in the document: it is gone once another document has replaced it (a load). */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as any).__e2eSameDocument = true;
  });
const sameDocument = (page: Page) => page.evaluate(() => (window as any).__e2eSameDocument === true);

const signedOutCount = (page: Page) => page.evaluate(() => (window as any).__e2e.signedOut as number);
const clientSignOut = (page: Page, mount = '#emweb') =>
  page.evaluate((selector) => {
    void (window as any).EMWeb.bootstrap({ mount: selector }).then((client: any) => setTimeout(() => client.signOut()));
  }, mount);
const claimsOf = (page: Page, mount = '#emweb') =>
  page.evaluate(async (selector) => (await (window as any).EMWeb.bootstrap({ mount: selector })).claims, mount);

/**
 * The first tab of a fresh browser session under `auth`, at `address` once its client (at `mount`) is
 * ready, handed to `check`, which opens the other tabs beside it.
 */
function withReadyTab(
  tab: { auth: DemoServerOptions['auth']; address: string; mount?: string },
  check: (run: PageRun) => Promise<void>,
  pageOptions?: PageOptions,
): Promise<void> {
  const ready = async (run: PageRun) => {
    await run.open(tab.address);
    await clientReady(run.page, tab.mount);
    await check(run);
  };
  return withPage({ auth: tab.auth }, VIEWPORT, ready, pageOptions);
}

/** Another tab of the same browser session, at `address` (cookies, storage and channels shared). */
async function newTab(page: Page, address: string): Promise<Page> {
  const tab = await page.newPage(VIEWPORT);
  await tab.goto(address);
  return tab;
}

/** Another tab of the same browser session at `address`, once the client mounted at `mount` there is ready. */
async function readyTab(page: Page, address: string, mount = '#emweb'): Promise<Page> {
  const tab = await newTab(page, address);
  await clientReady(tab, mount);
  return tab;
}

async function chooseAction(page: Page, name: string): Promise<void> {
  await fab(page).click();
  await byRole(page, 'menuitem', name).click();
}

// ---------------------------------------------------------------------------------------------
// Sign-out reaches every tab

test('under the gateway, Sign out in one tab: the other tab leaves for /auth/ too (its default onSignOut)', () =>
  withReadyTab(
    { auth: 'secgw', address: '/web/' },
    async ({ page, url }) => {
      const other = await readyTab(page, `${url}/web/`);
      assert.ok((await header(other).text()).includes(DEMO_USER_NAME), 'signed in first');
      await chooseAction(page, 'Sign out');
      await page.waitForURL((href) => href.startsWith(`${url}/auth/`), { what: 'the signing-out tab at /auth/' });
      await other.waitForURL((href) => href.startsWith(`${url}/auth/`), { what: 'the other tab at /auth/' });
      assert.equal(await other.problems(), []);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test('token mode, client.signOut() in one tab: the other tab reloads (its default onSignOut) and nobody is signed in there', () =>
  withReadyTab(
    { auth: 'token', address: '/e2e/plain.html' },
    async ({ page, url }) => {
      const other = await readyTab(page, `${url}/e2e/plain.html`);
      await header(other).locator('text=Signed in as').waitFor();
      await markDocument(other);
      await clientSignOut(page);
      await other.waitFor(() => !(window as any).__e2eSameDocument && document.readyState === 'complete', undefined, {
        what: 'the other tab reloaded',
      });
      await clientReady(other);
      await header(other).locator('text=Not signed in').waitFor();
    },
    { localStorage: { devToken: demoJwt({ userId: 'dev-1' }), jwt: demoJwt(), authType: 'token' } },
  ));

test('each other tab calls its own onSignOut once; the tab that signed out is not called twice', () =>
  withReadyTab({ auth: 'oracle', address: RECORDING, mount: '#app' }, async ({ page, url }) => {
    const others = [await readyTab(page, `${url}${RECORDING}`, '#app'), await readyTab(page, `${url}${RECORDING}`, '#app')];
    await clientSignOut(page, '#app');
    for (const other of others) await other.waitFor(() => (window as any).__e2e.signedOut > 0);
    assert.equal(await Promise.all([page, ...others].map(signedOutCount)), [1, 1, 1]);
  }));

test('forgetting a remembered mode signs no other tab out: a mode that proved wrong, and the demo\'s "Forget stored sign-in"', () =>
  withReadyTab(
    { auth: 'oracle', address: RECORDING, mount: '#app' },
    async ({ page, url }) => {
      assert.ok(await page.evaluate(() => (window as any).__e2e.client.claims !== null), 'signed in first');
      // Another tab whose remembered mode proves wrong (secgw on an oracle server): it forgets it and probes.
      const other = await newTab(page, `${url}/e2e/blank.html`);
      await other.evaluate(() => localStorage.setItem('authType', 'secgw'));
      await other.goto(`${url}/e2e/plain.html`);
      assert.is((await clientReady(other)).authType, 'oracle', 'the wrong mode was forgotten');
      // The demo's button forgets jwt, devToken and authType, and reloads: the token follows, nobody signs out.
      await other.goto(`${url}/web/`);
      await clientReady(other);
      await other.navigates(() => other.locator('#host-reset').click());
      await page.waitFor(() => (window as any).__e2e.client.claims === null);
      // A real sign-out after them: the first message to arrive here is that one. The signing-out tab
      // reloads (its default onSignOut): waited for, as a session closed mid-load can stall Chromium's close.
      await clientReady(other);
      await other.navigates(() => clientSignOut(other));
      await page.waitFor(() => (window as any).__e2e.signedOut > 0);
      assert.is(await signedOutCount(page), 1, 'signed out once, by the sign-out alone');
    },
    { localStorage: { jwt: demoJwt() } },
  ));

// ---------------------------------------------------------------------------------------------
// Sign-in reaches every tab

test('a tab on "Sign-in required" comes to ready without a page load once another tab signs in at the gateway', () =>
  withPage({ auth: 'secgw' }, VIEWPORT, async ({ page, open, url }) => {
    await open(RECORDING);
    await byRole(page, 'heading', 'Sign-in required', '#app').waitFor();
    assert.is(await fab(page, '#app').count(), 0, 'not ready');
    await markDocument(page);
    // Another tab signs in through the demo's stand-in gateway and comes back to /web/, ready.
    const other = await newTab(page, `${url}/auth/signin?returnUrl=/web/`);
    await other.waitForURL(`${url}/web/`);
    await clientReady(other);
    await fab(page, '#app').waitFor('visible');
    assert.ok(await sameDocument(page), 'no page load');
    assert.is(await byText(page, 'Sign-in required', '#app').count(), 0);
    await header(page, '#app').locator(`text=${DEMO_USER_NAME}`).waitFor();
    assert.is(await page.evaluate(() => (window as any).__e2e.signInRequired), 1, 'no second sign-in asked for');
    assert.equal(await page.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// The token follows

test("a jwt stored or removed by another tab changes the header's user and client.claims", () =>
  withReadyTab(
    { auth: 'oracle', address: '/e2e/plain.html' },
    async ({ page, url }) => {
      await header(page).locator(`text=${DEMO_USER_NAME}`).waitFor();
      const other = await newTab(page, `${url}/e2e/blank.html`);
      await other.evaluate((jwt) => localStorage.setItem('jwt', jwt), demoJwt({ name: 'Grete Tab', userId: 77 }));
      await header(page).locator('text=Signed in as Grete Tab').waitFor();
      assert.is((await claimsOf(page))?.userId, 77);
      await other.evaluate(() => localStorage.removeItem('jwt'));
      await header(page).locator('text=Not signed in').waitFor();
      assert.is(await claimsOf(page), null);
    },
    { localStorage: { jwt: demoJwt() } },
  ));

test('the stored JWT expires while the page is open: client.claims turns null and the header says nobody is signed in', () =>
  withReadyTab(
    { auth: 'oracle', address: '/e2e/plain.html' },
    async ({ page, url }) => {
      await header(page).locator(`text=${DEMO_USER_NAME}`).waitFor();
      // Every user client.state.claims names from now on, and when: the order shows what came before exp.
      await page.evaluate(async () => {
        const seen: [number, unknown][] = [];
        (window as any).__e2eClaims = seen;
        const client = await (window as any).EMWeb.bootstrap();
        client.state.claims.subscribe((claims: any) => void seen.push([Date.now(), claims?.userId ?? null]));
      });
      // Another tab stores a JWT that expires soon, once this page is ready: a slow start cannot use its time up.
      const other = await newTab(page, `${url}/e2e/blank.html`);
      const exp = Math.floor(Date.now() / 1000) + 4;
      await other.evaluate((jwt) => localStorage.setItem('jwt', jwt), demoJwt({ name: 'Grete Tab', userId: 77, exp }));
      const seen = await page.waitFor(
        () => {
          const seen = (window as any).__e2eClaims as [number, unknown][];
          return seen.length > 1 && seen[seen.length - 1]![1] === null ? seen : null;
        },
        undefined,
        { timeoutMs: 15_000, what: 'claims null after exp' },
      );
      const users = seen.map(([, user]) => user).filter((user, i, all) => i === 0 || user !== all[i - 1]);
      assert.equal(users, [1042, 77, null], 'signed in, then the other tab’s user, then nobody');
      assert.ok(seen[seen.length - 1]![0] >= exp * 1000, 'not before exp');
      await header(page).locator('text=Not signed in').waitFor();
      assert.is(await claimsOf(page), null);
    },
    { localStorage: { jwt: demoJwt() } },
  ));

test.run();

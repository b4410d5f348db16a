// Sign-in states in a real browser: Sign out in token mode, a remembered mode that proved wrong
// (re-probe, once per start), the gateway's 401 acted on at once while the version and cloud calls
// are still held back, focus after sign-in-required and after Retry, and a loading state that claims nothing.
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, demoJwt } from '../../demo/server.mjs';
import { apiRequests, byRole, byText, clientReady, fab, header, startupRequests } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('sign-in states');

const DEV_TOKEN = demoJwt({ userId: 'developer-7', sub: 'developer' });
// No name in it: the header shows the id, labelled.
const JWT = demoJwt({ userId: 'u-signout-1', name: undefined });
const stored = (page: Page) =>
  page.evaluate(() => ({
    jwt: localStorage.getItem('jwt'),
    devToken: localStorage.getItem('devToken'),
    authType: localStorage.getItem('authType'),
  }));

async function chooseAction(page: Page, name: string, mount = '#emweb'): Promise<void> {
  await fab(page, mount).click();
  await byRole(page, 'menuitem', name, mount).click();
}

/** Waits until focus rests on a heading named `name` (looking through the shadow root); fails with what has focus. */
async function focusOnHeading(page: Page, name: string): Promise<void> {
  let now = await page.focused();
  await waitFor(
    async () => {
      now = await page.focused();
      return now?.tag === 'h2' && now.text === name;
    },
    { timeoutMs: 5_000, what: `focus on the heading "${name}"` },
  ).catch(() => {});
  assert.equal(now && { tag: now.tag, text: now.text }, { tag: 'h2', text: name }, 'focus moved to the heading');
}

// ---------------------------------------------------------------------------------------------
// Sign out in token mode

test('token mode, Sign out: jwt, devToken and authType are removed, and the next API call carries no Authorization', () =>
  withPage(
    { auth: 'token' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/options.html?signOut=record');
      await clientReady(page, '#app');
      assert.ok(
        startupRequests(server).some((r) => r.headers.authorization === `Bearer ${DEV_TOKEN}`),
        'signed in: calls carried the development token',
      );
      await chooseAction(page, 'Sign out', '#app');
      await page.waitFor(() => (window as any).__e2e.signedOut === 1);
      assert.equal(await stored(page), { jwt: null, devToken: null, authType: null });
      // The next API call: the configuration again, through the speed dial.
      const before = server.requests.length;
      await chooseAction(page, 'Reload configuration', '#app');
      const next = await waitFor(() => apiRequests(server).find((r) => server.requests.indexOf(r) >= before), {
        what: 'the next API call',
      });
      assert.is(next?.path, '/api/ClientConfiguration');
      assert.is(next?.headers.authorization, undefined, 'no Authorization header');
    },
    { localStorage: { devToken: DEV_TOKEN, jwt: JWT, authType: 'token' } },
  ));

test('token mode, Sign out with the default onSignOut: the page reloads, probes afresh with no Authorization, and nobody is signed in', () =>
  withPage(
    { auth: 'token' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/plain.html');
      await clientReady(page);
      assert.ok((await header(page).text()).includes('Signed in as user u-signout-1'), 'the signed-in user first');
      const before = server.requests.length;
      await page.navigates(() => chooseAction(page, 'Sign out'));
      await clientReady(page);
      const after = server.requests.slice(before).filter((r) => r.path.startsWith('/api/'));
      assert.is(after[0]?.path, '/api/web/ClientConfiguration', 'the mode is probed afresh');
      assert.equal(
        after.filter((r) => r.headers.authorization !== undefined).map((r) => r.path),
        [],
        'no API call after the sign-out carries Authorization',
      );
      const { jwt, devToken } = await stored(page);
      assert.equal({ jwt, devToken }, { jwt: null, devToken: null });
      await header(page).locator('text=Not signed in').waitFor();
      assert.not.ok((await header(page).text()).includes('u-signout-1'), 'the user is gone from the header');
    },
    { localStorage: { devToken: DEV_TOKEN, jwt: JWT, authType: 'token' } },
  ));

// ---------------------------------------------------------------------------------------------
// A remembered mode that proved wrong

for (const auth of ['oracle', 'token'] as const) {
  test(`stored authType=secgw while the server plays ${auth}: the 404 makes the client forget it, probe afresh and start in ${auth} mode`, () =>
    withPage(
      { auth, displayName: `Moved Desk ${auth}` },
      null,
      async ({ page, open, server }) => {
        await open('/e2e/plain.html');
        const client = await clientReady(page);
        assert.is(client.authType, auth);
        assert.is(await page.evaluate(() => localStorage.getItem('authType')), auth, 'the new mode is remembered');
        assert.is(await header(page).locator('h1').textContent(), `Moved Desk ${auth}`);
        assert.match(await header(page).text(), auth === 'oracle' ? /Oracle/ : /Token/);
        assert.is(await byText(page, 'Unavailable').count(), 0, 'the configuration is there');
        assert.is(await byRole(page, 'button', 'Retry').count(), 0, 'no dead end');
        // The remembered mode's call (404), then the probe: the gateway's path (404), the development path.
        const configurationCalls = startupRequests(server)
          .map((r) => r.path)
          .filter((path) => path.endsWith('/ClientConfiguration'));
        assert.equal(configurationCalls.slice(0, 3), [
          '/api/web/ClientConfiguration',
          '/api/web/ClientConfiguration',
          '/api/ClientConfiguration',
        ]);
        if (auth === 'token') {
          const later = startupRequests(server).filter((r) => r.path.startsWith('/api/info/'));
          assert.ok(later.length >= 2, 'version and cloud check');
          for (const r of later) assert.is(r.headers.authorization, `Bearer ${DEV_TOKEN}`, r.path);
        }
      },
      { localStorage: { authType: 'secgw', ...(auth === 'token' ? { devToken: DEV_TOKEN, jwt: JWT } : {}) } },
    ));
}

test('a remembered mode whose configuration still answers 404 after the new probe: probed once, no loop, the start completes', () =>
  withPage(
    { auth: 'oracle', statuses: { '/api/ClientConfiguration': 404 } },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/plain.html');
      const client = await clientReady(page);
      assert.is(client.authType, 'oracle');
      assert.is(client.config, false);
      const count = (path: string) => server.requests.filter((r) => r.path === path).length;
      // Remembered oracle (404), then one probe (/api/web/ 404, /api/ 404: oracle), then oracle's
      // configuration (the probe's own answer of that URL may serve): done, no second probe.
      assert.is(count('/api/web/ClientConfiguration'), 1, 'one probe');
      assert.ok(count('/api/ClientConfiguration') <= 3, `${count('/api/ClientConfiguration')} calls of /api/ClientConfiguration`);
      await byText(page, 'configuration unavailable').waitFor();
    },
    { localStorage: { authType: 'oracle' } },
  ));

// ---------------------------------------------------------------------------------------------
// The gateway's 401, acted on at once

const SLOW = ['/api/web/info/version', '/api/web/info/cloudinstance'];

test('secgw 401 with version and cloud calls held back: the browser goes to /auth/ long before those calls could time out', () =>
  withPage({ auth: 'secgw', hold: SLOW }, null, async ({ page, open, url }) => {
    // Each start-up call may take 60 s here, and version and cloud never answer: a client that
    // waited for them would still be on this page when the wait below gives up.
    const start = `${url}/e2e/options.html?timeoutMs=60000`;
    await open('/e2e/options.html?timeoutMs=60000');
    const auth = await page.waitForURL((u) => new URL(u).pathname === '/auth/', { timeoutMs: 20_000 });
    assert.is(auth, `${url}/auth/?returnUrl=${encodeURIComponent(start)}`);
  }));

test('secgw 401: onSignInRequired runs while start-up still waits for version and cloud; the panel says so and focus moves to its heading', () =>
  withPage({ auth: 'secgw', hold: SLOW }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?signIn=record&timeoutMs=30000');
    await page.waitFor(() => (window as any).__e2e.signInRequired === 1);
    assert.is(await page.evaluate(() => (window as any).__e2e.status), 'pending', 'start-up has not finished');
    assert.ok(
      SLOW.every((path) => server.held.some((r) => r.path === path && !r.released)),
      'version and cloud were asked, and never answered',
    );
    await byRole(page, 'button', 'Sign in', '#app').waitFor();
    await focusOnHeading(page, 'Sign-in required');
  }));

// ---------------------------------------------------------------------------------------------
// Retry and the loading state

test('Retry moves focus to the heading of the state it leads to: the error again, then the home view', () =>
  withPage(
    { auth: 'secgw', probeStatus: 503 },
    null,
    async ({ page, open, server }) => {
      await open('/web/');
      const retry = byRole(page, 'button', 'Retry');
      await byRole(page, 'heading', 'The client could not start').waitFor();
      await byText(page, 'unhandled error case in getAuthTypeAsync status 503').waitFor();
      const probes = () => server.requests.filter((r) => r.path === '/api/web/ClientConfiguration').length;
      const asked = probes();
      await retry.click();
      await waitFor(() => probes() > asked, { what: 'the probe asked again' });
      await focusOnHeading(page, 'The client could not start');
      server.setOptions({ probeStatus: null });
      await retry.click();
      await clientReady(page);
      await focusOnHeading(page, 'Start-up');
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test('while loading, the header claims nothing: no user, no "Not signed in", no sign-in mode; they appear once known', () =>
  withPage(
    { auth: 'secgw', hold: ['/api/web/ClientConfiguration'] },
    null,
    async ({ page, open, server }) => {
      await open('/web/');
      await byText(page, 'Starting…').waitFor();
      await waitFor(() => server.held.length > 0, { what: 'the probe, held' });
      const text = await header(page).text();
      for (const claim of ['Signed in', DEMO_USER_NAME, 'Not signed in', 'Security gateway'])
        assert.not.ok(text.includes(claim), `"${claim}" in ${JSON.stringify(text)}`);
      server.release('/api/web/ClientConfiguration');
      await clientReady(page);
      await header(page).locator(`text=Signed in as ${DEMO_USER_NAME}`).waitFor();
      assert.match(await header(page).text(), /Security gateway/);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test.run();

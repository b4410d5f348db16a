// Sign-in states in a real browser: Sign out in token mode, a remembered mode that proved wrong
// (re-probe, once per start), the gateway's 401 acted on at once while the version and cloud calls
// still hang, focus after sign-in-required and after Retry, and a loading state that claims nothing.
import type { Page, Request } from 'playwright-core';
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { apiRequests, clientReady, fab, focused, header, startupRequests } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('sign-in states');

const DEV_TOKEN = demoJwt({ userId: 'developer-7', sub: 'developer' });
const JWT = demoJwt({ userId: 'u-signout-1' });
const stored = (page: Page) =>
  page.evaluate(() => ({
    jwt: localStorage.getItem('jwt'),
    devToken: localStorage.getItem('devToken'),
    authType: localStorage.getItem('authType'),
  }));

async function chooseAction(page: Page, name: string, mount = '#emweb'): Promise<void> {
  await fab(page, mount).click();
  await page.getByRole('menuitem', { name }).click();
}

/** Waits until focus rests on a heading named `name` (looking through the shadow root); fails with what has focus. */
async function focusOnHeading(page: Page, name: string): Promise<void> {
  let now = await focused(page);
  await waitFor(
    async () => {
      now = await focused(page);
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
      await page.waitForFunction(() => (window as any).__e2e.signedOut === 1);
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
      assert.ok((await header(page).innerText()).includes('u-signout-1'), 'the signed-in user first');
      const before = server.requests.length;
      await Promise.all([page.waitForEvent('load'), chooseAction(page, 'Sign out')]);
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
      await header(page).getByText('Not signed in').waitFor();
      assert.not.ok((await header(page).innerText()).includes('u-signout-1'), 'the user is gone from the header');
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
        assert.is((await header(page).locator('h1').textContent())?.trim(), `Moved Desk ${auth}`);
        assert.match(await header(page).innerText(), auth === 'oracle' ? /Oracle/ : /Token/);
        assert.is(await page.locator('#emweb').getByText('Unavailable').count(), 0, 'the configuration is there');
        assert.is(await page.getByRole('button', { name: 'Retry' }).count(), 0, 'no dead end');
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
      await page.locator('#emweb').getByText('Unavailable').waitFor();
    },
    { localStorage: { authType: 'oracle' } },
  ));

// ---------------------------------------------------------------------------------------------
// The gateway's 401, acted on at once

const SLOW = ['/api/web/info/version', '/api/web/info/cloudinstance'];

test('secgw 401 with version and cloud calls that do not answer: the browser goes to /auth/ while the version call is still open', () =>
  withPage({ auth: 'secgw', hang: SLOW }, null, async ({ page, open, server, url }) => {
    const events: string[] = [];
    const isVersion = (r: Request) => new URL(r.url()).pathname === SLOW[0];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/auth/') events.push('auth requested');
    });
    page.on('requestfinished', (r) => isVersion(r) && events.push('version answered'));
    page.on('requestfailed', (r) => isVersion(r) && events.push('version gave up'));
    await open('/web/');
    // A client that waited for the version call would reach /auth/ only after its 10 s timeout.
    await page.waitForURL((u) => u.pathname === '/auth/', { timeout: 20_000 });
    assert.ok(
      server.requests.some((r) => r.path === SLOW[0]),
      'the version call was made',
    );
    const authAt = events.indexOf('auth requested');
    const versionAt = events.findIndex((e) => e.startsWith('version'));
    assert.ok(authAt >= 0 && (versionAt === -1 || authAt < versionAt), `order of events: ${events.join(', ')}`);
    assert.is(page.url(), `${url}/auth/?returnUrl=${encodeURIComponent(`${url}/web/`)}`);
  }));

test('secgw 401: onSignInRequired runs while start-up still waits for version and cloud; the panel says so and focus moves to its heading', () =>
  withPage({ auth: 'secgw', hang: SLOW }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?signIn=record&timeoutMs=30000');
    await page.waitForFunction(() => (window as any).__e2e.signInRequired === 1);
    assert.is(await page.evaluate(() => (window as any).__e2e.status), 'pending', 'start-up has not finished');
    assert.ok(
      SLOW.every((path) => server.requests.some((r) => r.path === path)),
      'version and cloud were asked, and never answered',
    );
    await page.locator('#app').getByRole('button', { name: 'Sign in' }).waitFor();
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
      const retry = page.getByRole('button', { name: 'Retry' });
      await page.getByRole('heading', { name: 'The client could not start' }).waitFor();
      await page.getByText('unhandled error case in getAuthTypeAsync status 503').waitFor();
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
    { auth: 'secgw' },
    null,
    async ({ page, open }) => {
      const held: { continue(): Promise<void> }[] = [];
      await page.route('**/api/web/ClientConfiguration', (route) => void held.push(route));
      await open('/web/');
      await page.locator('#emweb').getByText('Starting…').waitFor();
      await waitFor(() => held.length > 0, { what: 'the probe, held' });
      const text = await header(page).innerText();
      for (const claim of ['1042', 'Not signed in', 'Security gateway'])
        assert.not.ok(text.includes(claim), `"${claim}" in ${JSON.stringify(text)}`);
      await held[0].continue();
      await clientReady(page);
      await header(page).getByText('1042').waitFor();
      assert.match(await header(page).innerText(), /Security gateway/);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test.run();

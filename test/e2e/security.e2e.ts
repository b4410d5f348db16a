// The contract's strict CSP (served by the demo on every page), Trusted Types, and server text
// that carries HTML: shown as text, never parsed.

import * as assert from 'uvu/assert';
import { CSP_STRICT, type DemoServer, demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, cspOf, fab, header, loggedMessages, notice, shownAt } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('security');

/** Boots, then uses what the client offers: the speed dial by pointer and keyboard, a notice, a log flush, resizes. */
async function useTheClient({ page, server }: PageRun, mount = '#emweb') {
  await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: logged under the CSP'));
  await fab(page, mount).click();
  await byRole(page, 'menuitem', 'Send logs now', mount).click();
  await waitFor(() => loggedMessages(server).includes('e2e: logged under the CSP'), { what: 'the log entry' });
  await notice(page, 'Log entries sent', mount).waitFor();
  await fab(page, mount).focus();
  await page.press('Enter');
  await page.press('ArrowDown');
  await page.press('Escape');
  const bp = (b: string) => shownAt(page, b, mount);
  await page.setViewport({ width: 375, height: 800 });
  await bp('xs');
  await page.setViewport({ width: 1280, height: 800 });
  await bp('lg');
  await page.painted(); // whatever the last steps started has rendered, and run into the CSP if it would
}

for (const auth of ['secgw', 'oracle', 'token'] as const) {
  test(`${auth}: under the strict CSP of the contract, boot and use cause no violation and no page error`, () =>
    withPage(
      { auth },
      null,
      async (run) => {
        assert.is(await cspOf(run.server, '/web/'), CSP_STRICT);
        assert.is(CSP_STRICT, "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'");
        await run.open('/web/');
        await clientReady(run.page);
        await useTheClient(run);
        assert.equal(await run.page.problems(), []);
      },
      auth === 'secgw' ? { signedIn: true, localStorage: { jwt: demoJwt() } } : {},
    ));
}

test("with require-trusted-types-for 'script' as well, boot and use cause no violation and no page error", () =>
  withPage({ auth: 'oracle' }, null, async (run) => {
    assert.is(await cspOf(run.server, '/e2e/plain.html?csp=trusted-types'), `${CSP_STRICT}; require-trusted-types-for 'script'`);
    await run.open('/e2e/plain.html?csp=trusted-types');
    assert.is(await run.page.evaluate(() => typeof (window as any).trustedTypes), 'object', 'the engine enforces Trusted Types');
    await clientReady(run.page);
    assert.is(await header(run.page).locator('h1').textContent(), 'Acme Service Desk');
    await useTheClient(run);
    assert.equal(await run.page.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// Server text with markup in it.

const DISPLAY_NAME = '<img src=x-name onerror="window.__xss=(window.__xss||0)+1"><b>Bold</b> Desk';
const VERSION = '<img src=x-version onerror="window.__xss=(window.__xss||0)+1"><b>v</b>9 <script>window.__xss=9</script>';

async function assertShownAsText(page: Page, { requests }: DemoServer) {
  const h1 = header(page).locator('h1');
  assert.is(await h1.textContent(), DISPLAY_NAME, 'displayName verbatim, as text');
  assert.is(await h1.evaluate((el) => el.children.length), 0, 'no element inside the heading');
  assert.ok((await header(page).text()).includes(VERSION), 'version verbatim, as text');
  const created = await page.evaluate(() => {
    const root = document.getElementById('emweb')!.shadowRoot!;
    return {
      img: root.querySelectorAll('img').length,
      script: root.querySelectorAll('script').length,
      bold: [...root.querySelectorAll('b, strong')].filter((b) => /^(Bold|v)$/.test(b.textContent ?? '')).length,
    };
  });
  assert.equal(created, { img: 0, script: 0, bold: 0 });
  await page.painted();
  assert.is(await page.evaluate(() => (window as any).__xss), undefined, 'no script ran');
  assert.equal(
    requests.filter((r) => r.path.includes('x-name') || r.path.includes('x-version')).map((r) => r.path),
    [],
    'no image was requested',
  );
}

test('server text with HTML in it is shown as text, with no CSP to catch a mistake (?csp=none): no element, no script', () =>
  withPage({ auth: 'oracle', displayName: DISPLAY_NAME, version: VERSION }, null, async ({ page, open, server }) => {
    assert.is(await cspOf(server, '/e2e/plain.html?csp=none'), null);
    await open('/e2e/plain.html?csp=none');
    await clientReady(page);
    await assertShownAsText(page, server);
    assert.equal(await page.problems(), []);
  }));

test('server text with HTML in it is shown as text under the strict CSP, with no violation', () =>
  withPage({ auth: 'token', displayName: DISPLAY_NAME, version: VERSION }, null, async ({ page, open, server }) => {
    await open('/web/');
    await clientReady(page);
    await assertShownAsText(page, server);
    assert.equal(await page.problems(), []);
  }));

test.run();

// The contract's strict CSP (served by the demo on every page), Trusted Types, and server text
// that carries HTML: shown as text, never parsed.

import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CSP_STRICT, demoJwt } from '../../demo/server.mjs';
import { clientReady, fab, header, loggedMessages, notice, painted, shownAt } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';

const test = browserSuite('security');

/** Boots, then uses what the client offers: the speed dial by mouse and keyboard, a notice, a log flush, resizes. */
async function useTheClient({ page, server }: PageRun, mount = '#emweb') {
  await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: logged under the CSP'));
  await fab(page, mount).click();
  await page.getByRole('menuitem', { name: 'Send logs now' }).click();
  await waitFor(() => loggedMessages(server).includes('e2e: logged under the CSP'), { what: 'the log entry' });
  await notice(page, /\S/, mount).waitFor(); // the action's notice, whatever it says
  await fab(page, mount).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  const bp = (b: string) => shownAt(page, b, mount);
  await page.setViewportSize({ width: 375, height: 800 });
  await bp('xs');
  await page.setViewportSize({ width: 1280, height: 800 });
  await bp('lg');
  await painted(page); // whatever the last steps started has rendered, and run into the CSP if it would
}

for (const auth of ['secgw', 'oracle', 'token'] as const) {
  test(`${auth}: under the strict CSP of the contract, boot and use cause no violation and no page error`, () =>
    withPage(
      { auth },
      null,
      async (run) => {
        const res = await run.open('/web/');
        assert.is(res?.headers()['content-security-policy'], CSP_STRICT);
        assert.is(CSP_STRICT, "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'");
        await clientReady(run.page);
        await useTheClient(run);
        assert.equal(run.cspViolations, []);
        assert.equal(run.problems(), []);
      },
      auth === 'secgw' ? { signedIn: true, localStorage: { jwt: demoJwt() } } : {},
    ));
}

test("with require-trusted-types-for 'script' as well, boot and use cause no violation and no page error", () =>
  withPage({ auth: 'oracle' }, null, async (run) => {
    const res = await run.open('/e2e/plain.html?csp=trusted-types');
    assert.is(res?.headers()['content-security-policy'], `${CSP_STRICT}; require-trusted-types-for 'script'`);
    await clientReady(run.page);
    assert.is((await header(run.page).locator('h1').textContent())?.trim(), 'Acme Service Desk');
    await useTheClient(run);
    assert.equal(run.cspViolations, []);
    assert.equal(run.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// Server text with markup in it.

const DISPLAY_NAME = '<img src=x-name onerror="window.__xss=(window.__xss||0)+1"><b>Bold</b> Desk';
const VERSION = '<img src=x-version onerror="window.__xss=(window.__xss||0)+1"><b>v</b>9 <script>window.__xss=9</script>';

async function assertShownAsText(page: Page, { requests }: PageRun['server']) {
  const h1 = header(page).locator('h1');
  assert.is((await h1.textContent())?.trim(), DISPLAY_NAME, 'displayName verbatim, as text');
  assert.is(await h1.evaluate((el) => el.children.length), 0, 'no element inside the heading');
  assert.ok((await header(page).innerText()).includes(VERSION), 'version verbatim, as text');
  const created = await page.$eval('#emweb', (host) => ({
    img: host.shadowRoot!.querySelectorAll('img').length,
    script: host.shadowRoot!.querySelectorAll('script').length,
    bold: [...host.shadowRoot!.querySelectorAll('b, strong')].filter((b) => /^(Bold|v)$/.test(b.textContent ?? '')).length,
  }));
  assert.equal(created, { img: 0, script: 0, bold: 0 });
  assert.is(
    await page.$eval('#emweb', (host) => host.shadowRoot!.querySelectorAll('img, script').length),
    0,
    'no element anywhere',
  );
  await page.waitForLoadState('networkidle'); // an image that was created would have been asked for and failed by now
  assert.is(await page.evaluate(() => (window as any).__xss), undefined, 'no script ran');
  assert.equal(
    requests.filter((r) => r.path.includes('x-name') || r.path.includes('x-version')).map((r) => r.path),
    [],
    'no image was requested',
  );
}

test('server text with HTML in it is shown as text, with no CSP to catch a mistake (?csp=none): no element, no script', () =>
  withPage({ auth: 'oracle', displayName: DISPLAY_NAME, version: VERSION }, null, async (run) => {
    const res = await run.open('/e2e/plain.html?csp=none');
    assert.is(res?.headers()['content-security-policy'], undefined);
    await clientReady(run.page);
    await assertShownAsText(run.page, run.server);
    assert.equal(run.problems(), []);
  }));

test('server text with HTML in it is shown as text under the strict CSP, with no violation', () =>
  withPage({ auth: 'token', displayName: DISPLAY_NAME, version: VERSION }, null, async (run) => {
    await run.open('/web/');
    await clientReady(run.page);
    await assertShownAsText(run.page, run.server);
    assert.equal(run.cspViolations, []);
    assert.equal(run.problems(), []);
  }));

test.run();

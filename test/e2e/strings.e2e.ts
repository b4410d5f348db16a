// The strings table in a real browser: the demo's German switch (?lang=de) and a host's `strings`
// option reach every state (loading, ready, speed dial, notices, a failed start, sign-in required,
// a failed screen), accessible names included; a partial table leaves the other texts English.
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { DEFAULT_STRINGS } from '../../src/strings';
import { clientReady, notice } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('strings');

/** The English defaults a German table replaces (the ones that read the same in both are left out). */
const SAME_IN_GERMAN = new Set(['appName', 'cloud', 'modeOracle', 'modeToken', 'serverVersion', 'buildVersion']);
const ENGLISH = Object.entries(DEFAULT_STRINGS)
  .filter(([key]) => !SAME_IN_GERMAN.has(key))
  .map(([, text]) => text.replace(/\{\w+\}.*$/, '').trim())
  .filter((text) => text.length > 2);

/** What a reader sees of the client: its visible text and the accessible names set by attribute. */
const seen = (page: Page, mount: string) =>
  page.$eval(mount, (host) => {
    const root = host.shadowRoot?.firstElementChild as HTMLElement | null | undefined;
    const labels = [...(host.shadowRoot?.querySelectorAll('[aria-label]') ?? [])].map((el) => el.getAttribute('aria-label'));
    return `${root?.innerText ?? ''}\n${labels.join('\n')}`;
  });

async function assertNoEnglish(page: Page, mount: string, state: string): Promise<void> {
  const text = await seen(page, mount);
  assert.equal(
    ENGLISH.filter((english) => text.includes(english)),
    [],
    `${state}: English left in ${JSON.stringify(text)}`,
  );
}

test("the demo in German (?lang=de): header, home view, the floating button's name, the speed dial and a notice, with no English left", () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open }) => {
      await open('/web/?lang=de');
      await clientReady(page);
      const client = page.locator('#emweb');
      assert.is(await page.getAttribute('html', 'lang'), 'de');
      await client.locator('header').getByText('Sicherheits-Gateway').waitFor();
      for (const label of ['API-Basis', 'Konfiguration']) {
        await client.getByText(label, { exact: false }).first().waitFor();
      }
      await assertNoEnglish(page, '#emweb', 'ready');
      const button = client.getByRole('button', { name: 'Aktionen' });
      assert.is(await button.getAttribute('aria-haspopup'), 'menu');
      await button.click();
      const menu = page.getByRole('menu', { name: 'Aktionen' });
      await menu.waitFor();
      assert.equal(
        (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim()),
        ['Protokolle jetzt senden', 'Konfiguration neu laden', 'Diagnose kopieren', 'Abmelden'],
      );
      await assertNoEnglish(page, '#emweb', 'speed dial open');
      await page.getByRole('menuitem', { name: 'Konfiguration neu laden' }).click();
      await notice(page, 'Konfiguration neu geladen').waitFor();
      await assertNoEnglish(page, '#emweb', 'notice');
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test('German strings while loading and after a failed start: "Wird gestartet…", then the headline and "Erneut versuchen"', () =>
  withPage({ auth: 'secgw', probeStatus: 503 }, null, async ({ page, open }) => {
    const held: { continue(): Promise<void> }[] = [];
    await page.route('**/api/web/ClientConfiguration', (route) => void held.push(route));
    await open('/e2e/options.html?strings=de');
    await page.locator('#app').getByText('Wird gestartet…').waitFor();
    await waitFor(() => held.length > 0, { what: 'the probe, held' });
    await assertNoEnglish(page, '#app', 'loading');
    await held[0].continue();
    await page.locator('#app').getByRole('heading', { name: 'Der Client konnte nicht starten' }).waitFor();
    await page.locator('#app').getByRole('button', { name: 'Erneut versuchen' }).waitFor();
    await assertNoEnglish(page, '#app', 'failed start');
  }));

test('German strings when the gateway asks for a sign-in, and for a screen that failed', async () => {
  await withPage({ auth: 'secgw' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=de&signIn=record');
    await page.locator('#app').getByRole('heading', { name: 'Anmeldung erforderlich' }).waitFor();
    await page.locator('#app').getByRole('button', { name: 'Anmelden' }).waitFor();
    await assertNoEnglish(page, '#app', 'sign-in required');
  });
  await withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=de&render=throws');
    await page.locator('#app').getByRole('heading', { name: 'Diese Ansicht ist fehlgeschlagen' }).waitFor();
    await page.locator('#app').getByRole('button', { name: 'Noch einmal' }).waitFor();
    await assertNoEnglish(page, '#app', 'failed screen');
  });
});

test('a partial table overrides only its keys: Retry renamed, the rest stays English', () =>
  withPage({ auth: 'secgw', probeStatus: 503 }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=retry');
    await page.locator('#app').getByRole('button', { name: 'Try once more' }).waitFor();
    await page.locator('#app').getByRole('heading', { name: DEFAULT_STRINGS.startFailed }).waitFor();
    assert.is(await page.locator('#app').getByRole('button', { name: DEFAULT_STRINGS.retry, exact: true }).count(), 0);
  }));

test.run();

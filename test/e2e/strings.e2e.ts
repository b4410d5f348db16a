// The strings table in a real browser: the demo's German switch (?lang=de) and a host's `strings`
// option reach every state (loading, ready, speed dial, notices, a failed start, sign-in required,
// a failed screen), accessible names included; a partial table leaves the other texts English.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { DEFAULT_STRINGS } from '../../src/ui/strings';
import { byRole, byText, clientReady, header, menuItems, notice } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('strings');

/** The English defaults a German table replaces (the ones that read the same in both are left out). */
const SAME_IN_GERMAN = new Set(['appName', 'cloud', 'modeOracle', 'modeToken', 'serverVersion', 'buildVersion']);
const ENGLISH = Object.entries(DEFAULT_STRINGS)
  .filter(([key]) => !SAME_IN_GERMAN.has(key))
  .map(([, text]) => text.replace(/\{\w+\}.*$/, '').trim())
  .filter((text) => text.length > 2);

/** What a reader sees of the client: its visible text and the accessible names set by attribute. */
const seen = (page: Page, mount: string) =>
  page.evaluate((selector) => {
    const host = document.querySelector(selector)!;
    const root = host.shadowRoot?.firstElementChild as HTMLElement | null | undefined;
    const labels = [...(host.shadowRoot?.querySelectorAll('[aria-label]') ?? [])].map((el) => el.getAttribute('aria-label'));
    return `${root?.innerText ?? ''}\n${labels.join('\n')}`;
  }, mount);

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
      assert.is(await page.evaluate(() => document.documentElement.lang), 'de');
      await header(page).locator('text=Sicherheits-Gateway').waitFor();
      for (const label of ['API-Basis', 'Konfiguration']) await byText(page, label).waitFor();
      await assertNoEnglish(page, '#emweb', 'ready');
      const button = byRole(page, 'button', 'Aktionen');
      assert.is(await button.attribute('aria-haspopup'), 'menu');
      await button.click();
      await byRole(page, 'menu', 'Aktionen').waitFor();
      assert.equal(await menuItems(page).texts(), [
        'Protokolle jetzt senden',
        'Konfiguration neu laden',
        'Diagnose kopieren',
        'Abmelden',
      ]);
      await assertNoEnglish(page, '#emweb', 'speed dial open');
      await byRole(page, 'menuitem', 'Konfiguration neu laden').click();
      await notice(page, 'Konfiguration neu geladen').waitFor();
      await assertNoEnglish(page, '#emweb', 'notice');
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test('German strings while loading and after a failed start: "Wird gestartet…", then the headline and "Erneut versuchen"', () =>
  withPage({ auth: 'secgw', probeStatus: 503, hold: ['/api/web/ClientConfiguration'] }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?strings=de');
    await byText(page, 'Wird gestartet…', '#app').waitFor();
    await waitFor(() => server.held.length > 0, { what: 'the probe, held' });
    await assertNoEnglish(page, '#app', 'loading');
    server.release('/api/web/ClientConfiguration');
    await byRole(page, 'heading', 'Der Client konnte nicht starten', '#app').waitFor();
    await byRole(page, 'button', 'Erneut versuchen', '#app').waitFor();
    await assertNoEnglish(page, '#app', 'failed start');
  }));

test('German strings when the gateway asks for a sign-in, and for a screen that failed', async () => {
  await withPage({ auth: 'secgw' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=de&signIn=record');
    await byRole(page, 'heading', 'Anmeldung erforderlich', '#app').waitFor();
    await byRole(page, 'button', 'Anmelden', '#app').waitFor();
    await assertNoEnglish(page, '#app', 'sign-in required');
  });
  await withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=de&render=throws');
    await byRole(page, 'heading', 'Diese Ansicht ist fehlgeschlagen', '#app').waitFor();
    await byRole(page, 'button', 'Noch einmal', '#app').waitFor();
    await assertNoEnglish(page, '#app', 'failed screen');
  });
});

test('a partial table overrides only its keys: Retry renamed, the rest stays English', () =>
  withPage({ auth: 'secgw', probeStatus: 503 }, null, async ({ page, open }) => {
    await open('/e2e/options.html?strings=retry');
    await byRole(page, 'button', 'Try once more', '#app').waitFor();
    await byRole(page, 'heading', DEFAULT_STRINGS.startFailed, '#app').waitFor();
    assert.is(await byRole(page, 'button', DEFAULT_STRINGS.retry, '#app').count(), 0);
  }));

test.run();

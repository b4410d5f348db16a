// axe-core audits of the client on the demo page (the real embed: a host page with its own landmarks)
// at xs (375 px) and lg (1440 px), in the light and the dark colour scheme: ready, with the speed
// dial open, and after a failed start.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { clientReady, fab } from './client';
import { browserSuite, runAxe, withPage } from './harness';

const test = browserSuite('accessibility');

const format = (violations: Awaited<ReturnType<typeof runAxe>>) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(' ')}`).join('\n');

const signedIn = { signedIn: true, localStorage: { jwt: demoJwt() } };

for (const [name, viewport] of [
  ['xs (375 px)', { width: 375, height: 812 }],
  ['lg (1440 px)', { width: 1440, height: 900 }],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: no violations at ${name}, ${scheme}, ready`, () =>
      withPage(
        { auth: 'secgw' },
        viewport,
        async ({ page, open }) => {
          await page.emulateMedia({ colorScheme: scheme });
          await open('/web/');
          await clientReady(page);
          const violations = await runAxe(page);
          assert.ok(violations.length === 0, format(violations));
        },
        signedIn,
      ));

    test(`axe: no violations at ${name}, ${scheme}, speed dial open`, () =>
      withPage(
        { auth: 'secgw' },
        viewport,
        async ({ page, open }) => {
          await page.emulateMedia({ colorScheme: scheme });
          await open('/web/');
          await clientReady(page);
          await fab(page).click();
          await page.getByRole('menu').waitFor();
          const violations = await runAxe(page);
          assert.is(await fab(page).getAttribute('aria-expanded'), 'true', 'still open after the audit');
          assert.ok(violations.length === 0, format(violations));
        },
        signedIn,
      ));

    test(`axe: no violations at ${name}, ${scheme}, failed start`, () =>
      withPage({ auth: 'secgw', probeStatus: 503 }, viewport, async ({ page, open }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await open('/web/');
        await page.getByRole('button', { name: 'Retry' }).waitFor();
        const violations = await runAxe(page);
        assert.ok(violations.length === 0, format(violations));
      }));
  }
}

test.run();

// axe-core audits of the client on the demo page (the real embed: a host page with its own landmarks)
// at xs and lg, ready and with the speed dial open.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { clientReady, fab } from './client';
import { browserSuite, runAxe, withPage } from './harness';

const test = browserSuite('accessibility');

const format = (violations: Awaited<ReturnType<typeof runAxe>>) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(' ')}`).join('\n');

for (const [name, viewport] of [
  ['xs (375 px)', { width: 375, height: 812 }],
  ['lg (1280 px)', { width: 1280, height: 800 }],
] as const) {
  test(`axe: no violations at ${name}, ready`, () =>
    withPage({ auth: 'secgw' }, viewport, async ({ page, open }) => {
      await open('/web/');
      await clientReady(page);
      const violations = await runAxe(page);
      assert.ok(violations.length === 0, format(violations));
    }, { signedIn: true, localStorage: { jwt: demoJwt() } }));

  test(`axe: no violations at ${name}, speed dial open`, () =>
    withPage({ auth: 'secgw' }, viewport, async ({ page, open }) => {
      await open('/web/');
      await clientReady(page);
      await fab(page).click();
      await page.getByRole('menu').waitFor();
      const violations = await runAxe(page);
      assert.is(await fab(page).getAttribute('aria-expanded'), 'true', 'still open after the audit');
      assert.ok(violations.length === 0, format(violations));
    }, { signedIn: true, localStorage: { jwt: demoJwt() } }));
}

test.run();

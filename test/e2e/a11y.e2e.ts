// axe-core audits of the client on the demo page (the real embed: a host page with its own landmarks)
// at xs (375 px) and lg (1440 px), in the light and the dark colour scheme: ready, with the speed
// dial open, and after a failed start.

import * as assert from 'uvu/assert';
import { type DemoServerOptions, demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, fab, menu } from './client';
import { browserSuite, type PageOptions, runAxe, type Viewport, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('accessibility');

const format = (violations: Awaited<ReturnType<typeof runAxe>>) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(' ')}`).join('\n');

const signedIn = { signedIn: true, localStorage: { jwt: demoJwt() } };

interface Audit {
  server: DemoServerOptions;
  viewport: Viewport;
  scheme: 'light' | 'dark';
  /** Brings the opened demo to the state under audit. */
  reach(page: Page): Promise<unknown>;
  /** Checked once axe is done: the audit must not have changed the state it audited. */
  after?(page: Page): Promise<void>;
  pageOptions?: PageOptions;
}

const audit = ({ server, viewport, scheme, reach, after, pageOptions }: Audit) =>
  withPage(
    server,
    viewport,
    async ({ page, open }) => {
      await open('/web/');
      await reach(page);
      const violations = await runAxe(page);
      await after?.(page);
      assert.ok(violations.length === 0, format(violations));
    },
    { ...pageOptions, colorScheme: scheme },
  );

for (const [name, viewport] of [
  ['xs (375 px)', { width: 375, height: 812 }],
  ['lg (1440 px)', { width: 1440, height: 900 }],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: no violations at ${name}, ${scheme}, ready`, () =>
      audit({ server: { auth: 'secgw' }, viewport, scheme, reach: (page) => clientReady(page), pageOptions: signedIn }));

    test(`axe: no violations at ${name}, ${scheme}, speed dial open`, () =>
      audit({
        server: { auth: 'secgw' },
        viewport,
        scheme,
        pageOptions: signedIn,
        reach: async (page) => {
          await clientReady(page);
          await fab(page).click();
          await menu(page).waitFor();
        },
        after: async (page) => {
          assert.is(await fab(page).attribute('aria-expanded'), 'true', 'still open after the audit');
        },
      }));

    test(`axe: no violations at ${name}, ${scheme}, failed start`, () =>
      audit({
        server: { auth: 'secgw', probeStatus: 503 },
        viewport,
        scheme,
        reach: (page) => byRole(page, 'button', 'Retry').waitFor(),
      }));
  }
}

test.run();

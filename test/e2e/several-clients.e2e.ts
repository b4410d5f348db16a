// Two clients on one page (pages/two-clients.html: #a started first, #b second, with different
// modes and logger options) share the page's one logger: the first client's options win, entries
// go to the first client's endpoint, the remaining client's endpoint takes over when the first is
// unmounted, and unmounting the last one stops the logger. Asserted on what the server received.

import * as assert from 'uvu/assert';
import type { DemoServer } from '../../demo/server.mjs';
import { clientReady, header, timersArmed, watchTimers } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('several clients');

const PAGE = '/e2e/two-clients.html';
/** #a's endpoint: production in secgw mode. */
const ENDPOINT_A = '/api/web/clientlogger/';
/** #b's endpoint: development mode. */
const ENDPOINT_B = '/api/clientlogger/';
const WARN = 4;

const warn = (page: Page, message: string) => page.evaluate((m) => (window as any).EMWeb.logger.warn(m), message);

/** The path of the stored batch that carries `message`, once the server has it. */
const deliveredTo = (server: DemoServer, message: string) =>
  waitFor(() => server.accepted.find((b) => b.entries.some((e) => e.message === message))?.path, {
    what: `"${message}" at the server`,
  });

const shadowEmpty = (page: Page, selector: string) =>
  page.evaluate((s) => (document.querySelector(s)!.shadowRoot?.childNodes.length ?? 0) === 0, selector);

test("the first client's logger options and endpoint win; its unmount hands over to the other; the last unmount stops the logger", () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open(PAGE);
      await clientReady(page, '#a');
      await clientReady(page, '#b');

      // #a's options, over the production defaults; nothing of #b's (development: DEBUG, console on).
      const config = await page.evaluate(() => (window as any).EMWeb.logger.getConfig());
      assert.equal(
        [config.serverLogLevel, config.flushIntervalMs, config.level, config.disableConsoleLogging],
        [WARN, 300, 2, true],
      );
      const warned = (await page.record()).console.filter((m) => m.type === 'warn' && /logger options ignored/.test(m.text));
      assert.is(warned.length, 1, 'one console warning for the ignored options');

      // A WARN entry is sent (#b would send FATAL only) by the timer (#b's would wait 10 minutes),
      // to #a's endpoint. No flush() here: the timer has to do it.
      await warn(page, 'e2e: both running');
      assert.is(await deliveredTo(server, 'e2e: both running'), ENDPOINT_A);

      // #a goes (twice: the second call must not count as #b leaving too); #b's endpoint takes over.
      await page.evaluate(async () => {
        await (window as any).EMWeb.unmount('#a');
        await (window as any).EMWeb.unmount('#a');
      });
      assert.ok(await shadowEmpty(page, '#a'), '#a is gone');
      assert.is(await header(page, '#b').count(), 1, '#b stays');
      await watchTimers(page);
      await warn(page, 'e2e: #b alone');
      assert.ok(
        (await timersArmed(page)).some((ms) => ms <= 300),
        `the flush timer is armed while #b runs: ${await timersArmed(page)}`,
      );
      assert.is(await deliveredTo(server, 'e2e: #b alone'), ENDPOINT_B);

      // #b, the last, goes: the logger stops. An entry logged now is counted and kept, but no timer
      // is armed to send it.
      await page.evaluate(() => (window as any).EMWeb.unmount('#b'));
      assert.ok(await shadowEmpty(page, '#b'), '#b is gone');
      await watchTimers(page);
      await warn(page, 'e2e: after the last client');
      await page.painted();
      // Longer ones are not the logger's (WebKitWebDriver arms its script time limit, 60 s, in the page).
      assert.equal(
        (await timersArmed(page)).filter((ms) => ms <= 300),
        [],
        'a timer armed now would send it',
      );
      const stats = await page.evaluate(() => (window as any).EMWeb.logger.stats());
      // The contract's status once the last client has left.
      assert.equal([stats.queued, stats.status], [1, 'stopped']);
      assert.not.ok(
        server.logBatches.some((b) => b.entries.some((e) => e.message === 'e2e: after the last client')),
        'not sent',
      );
    },
    { signedIn: true },
  ));

test.run();

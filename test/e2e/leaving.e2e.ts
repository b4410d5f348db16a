// Start-up calls that the page's leaving cuts short are no failures: the signed-out gateway visit
// (the client itself goes to /auth/ while the version and cloud calls are out) and a user who leaves
// while every start-up call is out. Nothing is logged for them, nothing is kept for the next page,
// and the next page's replay brings nothing to the server. (A call that fails while the page stays
// is still logged: faults.e2e.ts.) Every wait is on state, never on time.
import * as assert from 'uvu/assert';
import type { DemoServer } from '../../demo/server.mjs';
import { LogLevel } from '../../src/product/constants';
import { clientReady } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('leaving during start-up');

const PENDING_PREFIX = 'emweb.logger.pending.';
const VERSION = '/api/web/info/version';
const CLOUD = '/api/web/info/cloudinstance';
const CONFIGURATION = '/api/web/ClientConfiguration';

/** Every entry the server received, refused and duplicate batches included, as `LEVEL message`. */
const received = (server: DemoServer, atLeast: number): string[] =>
  server.logBatches.flatMap((batch) =>
    batch.entries.filter((entry) => entry.level >= atLeast).map((entry) => `${entry.level} ${entry.message}`),
  );

/**
 * On the page that came next, once its client is up: whatever earlier pages kept has been
 * replayed, and what this page holds has been sent.
 */
async function replayDone(page: Page): Promise<void> {
  await page.waitFor(
    async (prefix) => {
      const logger = (window as any).EMWeb.logger;
      await logger.flush();
      return logger.stats().queued === 0 && !Object.keys(localStorage).some((key) => key.startsWith(prefix));
    },
    PENDING_PREFIX,
    { what: 'the replay of what earlier pages kept' },
  );
}

/**
 * The user leaves the manual page (every level sent to the server) while each start-up call in
 * `held` is out, then comes back: the server gets no entry, now or in the next page's replay.
 */
async function leaveWhileOut({ page, open, server, url }: PageRun, held: string[], what: string): Promise<void> {
  await open('/e2e/manual.html?serverLogLevel=0&timeoutMs=60000');
  await waitFor(() => held.every((path) => server.held.some((r) => r.path === path)), { what });
  await page.goto(`${url}/e2e/blank.html`);
  server.release();
  await open('/e2e/manual.html?serverLogLevel=0');
  await clientReady(page, '#app');
  await replayDone(page);
  assert.equal(received(server, LogLevel.TRACE), [], 'no entry, now or replayed');
}

test('signed-out gateway visit with slow version and cloud answers: the sign-in page, then the next page; the server gets no error entry', () =>
  withPage({ auth: 'secgw', hold: [VERSION, CLOUD] }, null, async ({ page, open, server }) => {
    // The script tag's start, with the default onSignInRequired: the client goes to /auth/ itself.
    await open('/web/');
    await page.waitForURL((href) => new URL(href).pathname === '/auth/', { what: 'the sign-in page' });
    server.release();
    await page.navigates(() => page.locator('button[type="submit"]').click());
    await page.waitForURL((href) => new URL(href).pathname === '/web/', { what: 'the way back from the gateway' });
    const client = await clientReady(page);
    assert.is(client.authType, 'secgw', 'signed in on the next page');
    await replayDone(page);
    assert.equal(received(server, LogLevel.ERROR), [], 'no error entry, now or replayed');
  }));

test('the user leaves while the configuration, version and cloud calls are out: with every level sent, the server gets no entry', () =>
  withPage(
    { auth: 'secgw', hold: [CONFIGURATION, VERSION, CLOUD] },
    null,
    // The remembered mode asks the configuration itself.
    (run) => leaveWhileOut(run, [CONFIGURATION, VERSION, CLOUD], 'the three start-up calls out'),
    { signedIn: true, localStorage: { authType: 'secgw' } },
  ));

test('the user leaves while the probe is out: the server gets no entry', () =>
  withPage({ auth: 'secgw', hold: [CONFIGURATION] }, null, (run) => leaveWhileOut(run, [CONFIGURATION], 'the probe out'), {
    signedIn: true,
  }));

test('the user leaves while the development path is probed (a token server): no mode is decided from that silence, none stored', () =>
  withPage({ auth: 'token', hold: ['/api/ClientConfiguration'] }, null, async ({ page, open, server, url }) => {
    await open('/e2e/manual.html?timeoutMs=60000');
    await waitFor(() => server.held.some((r) => r.path === '/api/ClientConfiguration'), { what: 'the fallback probe out' });
    await page.goto(`${url}/e2e/blank.html`);
    assert.is(await page.evaluate(() => localStorage.getItem('authType')), null, 'no mode remembered for the next page');
  }));

test.run();

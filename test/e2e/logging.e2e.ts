// The logger in a real browser: unmount, delivery when the page goes away, entries kept across
// loads, and the token-mode Authorization header on the logger's own calls.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { clientReady, loggedMessages, sleep } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('logging');

// ---------------------------------------------------------------------------------------------
// unmount() on the manual page (manual.js keeps the client in window.__e2e.client)

test('unmount() removes the UI: the shadow root is left empty', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html');
    await clientReady(page, '#app');
    await page.evaluate(() => (window as any).__e2e.client.unmount());
    assert.equal(await page.$eval('#app', (el) => [el.shadowRoot?.childNodes.length ?? 0, el.shadowRoot?.textContent ?? '']), [0, '']);
    assert.is(await page.locator('#app header').count(), 0);
    assert.is(await page.locator('#app button').count(), 0);
  }));

test('unmount() flushes the logger: an entry logged before it is sent at once, not after the 10 s timer', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/manual.html');
    await clientReady(page, '#app');
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: before unmount'));
    await sleep(300);
    assert.equal(loggedMessages(server), [], 'nothing sent yet (10 s timer)');
    await page.evaluate(() => (window as any).__e2e.client.unmount());
    // The flush resolves once the batch is on its way; the server may see it a moment later.
    await waitFor(() => loggedMessages(server, 200).includes('e2e: before unmount'), { timeoutMs: 2_000, what: 'the flushed entry' });
    assert.equal(loggedMessages(server), ['e2e: before unmount']);
  }));

test('after unmount() the logger timer is stopped: no further POST over 3 s (flushIntervalMs 500)', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/manual.html?flushIntervalMs=500');
    await clientReady(page, '#app');
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: before unmount'));
    await page.evaluate(() => (window as any).__e2e.client.unmount());
    await waitFor(() => server.logBatches.length === 1, { timeoutMs: 2_000, what: 'the flush of unmount' });
    const after = server.logBatches.length;
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: after unmount'));
    await sleep(3_000);
    assert.is(server.logBatches.length, after, `no POST by a timer: ${JSON.stringify(loggedMessages(server))}`);
  }));

test('after unmount() a resize no longer changes the client\'s state', () =>
  withPage({ auth: 'oracle' }, { width: 1280, height: 800 }, async ({ page, open }) => {
    await open('/e2e/manual.html');
    await clientReady(page, '#app');
    await page.evaluate(() => (window as any).__e2e.client.unmount());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => innerWidth === 375);
    await sleep(200);
    assert.is(await page.evaluate(() => (window as any).__e2e.client.state.breakpoint.value), 'lg');
  }));

test('after unmount() bootstrap mounts a new client in the same element', () =>
  withPage({ auth: 'oracle', displayName: 'Second Desk' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html');
    await clientReady(page, '#app');
    await page.evaluate(() => (window as any).__e2e.client.unmount());
    const fresh = await page.evaluate(async () => {
      const w = window as any;
      const client = await w.EMWeb.bootstrap({ mount: '#app' });
      return { newClient: client !== w.__e2e.client, authType: client.authType };
    });
    assert.equal(fresh, { newClient: true, authType: 'oracle' });
    await clientReady(page, '#app');
    await page.locator('#app header h1', { hasText: 'Second Desk' }).waitFor();
    assert.is(await page.locator('#app header').count(), 1, 'one header, not two');
  }));

// ---------------------------------------------------------------------------------------------
// The page goes away before the 10 s timer

test('an entry logged just before navigating away reaches the server (pagehide)', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, url }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => (window as any).EMWeb.logger.error('bye', { step: 'navigate' }));
    await page.goto(`${url}/e2e/shadow-check.html`);
    await waitFor(() => loggedMessages(server, 200).includes('bye'), { timeoutMs: 3_000, what: 'the entry sent on pagehide' });
    const entry = server.logBatches.flatMap((b) => b.entries).find((e) => e.message === 'bye')!;
    assert.is(entry.level, 5);
    assert.equal(entry.additional, [{ step: 'navigate' }]);
    assert.ok(!Number.isNaN(Date.parse(entry.timestamp)), entry.timestamp);
  }));

test('an entry logged just before the page is closed reaches the server', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => (window as any).EMWeb.logger.error('bye on close'));
    await page.close();
    await waitFor(() => loggedMessages(server, 200).includes('bye on close'), { timeoutMs: 3_000, what: 'the entry sent on close' });
  }));

test('entries that could not leave (offline) are kept in localStorage and sent on the next start', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, context }) => {
    await open('/web/');
    await clientReady(page);
    await context.setOffline(true);
    await page.evaluate(() => (window as any).EMWeb.logger.error('e2e: logged offline'));
    await page.goto('about:blank');
    await context.setOffline(false);
    assert.equal(loggedMessages(server), [], 'nothing could be sent');
    await open('/e2e/shadow-check.html'); // same origin, no client: read what was kept
    const kept = await page.evaluate(() => localStorage.getItem('emweb.logger.pending'));
    assert.ok(kept?.includes('e2e: logged offline'), `kept: ${kept}`);
    await open('/e2e/manual.html?flushIntervalMs=1000');
    await clientReady(page, '#app');
    await waitFor(() => loggedMessages(server, 200).includes('e2e: logged offline'), { timeoutMs: 4_000, what: 'the kept entry' });
    assert.is(await page.evaluate(() => localStorage.getItem('emweb.logger.pending')), null, 'sent once: the key is gone');
  }));

test('entries refused with 503 during the visit are delivered on the next load once the server recovers', () =>
  // Retry-After 30 s: the retry is still waiting when the page goes away.
  withPage({ auth: 'oracle', failLogger: true, retryAfter: 30 }, null, async ({ page, open, server, url }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => {
      (window as any).EMWeb.logger.error('e2e: refused with 503');
      return (window as any).EMWeb.logger.flush();
    });
    await waitFor(() => loggedMessages(server, 503).includes('e2e: refused with 503'), { what: 'the refused send' });
    await page.goto(`${url}/e2e/shadow-check.html`);
    await sleep(500);
    const kept = await page.evaluate(() => localStorage.getItem('emweb.logger.pending'));
    server.setOptions({ failLogger: false, retryAfter: null });
    await open('/e2e/manual.html?flushIntervalMs=1000');
    await clientReady(page, '#app');
    await waitFor(() => loggedMessages(server, 200).includes('e2e: refused with 503'), {
      timeoutMs: 4_000,
      what: `the refused entry on the next load (emweb.logger.pending after leaving: ${kept})`,
    });
  }));

// ---------------------------------------------------------------------------------------------
// Token mode: the logger is an API call like the others

test('token mode: the logger\'s POST carries Authorization: Bearer <devToken>', () => {
  const devToken = demoJwt({ userId: 'dev-only', sub: 'developer' });
  return withPage({ auth: 'token' }, null, async ({ page, open, server }) => {
    await open('/web/');
    await clientReady(page);
    await page.evaluate(() => {
      (window as any).EMWeb.logger.error('e2e: token mode entry');
      return (window as any).EMWeb.logger.flush();
    });
    const post = await waitFor(() => server.requests.find((r) => r.method === 'POST' && r.path === '/api/clientlogger/'), { what: 'the POST' });
    assert.is(post!.headers.authorization, `Bearer ${devToken}`);
  }, { localStorage: { devToken, jwt: demoJwt() } });
});

test.run();

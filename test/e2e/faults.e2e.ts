// Fault injection in a real browser, against the demo server: log endpoint outages (503, dropped
// connections, a server that never answers) and recovery, 429 with Retry-After, offline spells,
// pages closed or reloaded mid-outage, start-up calls that hang or drop. Every page runs under the
// contract's strict CSP plus require-trusted-types-for 'script' (manual.html?csp=trusted-types).
// Figures (faults injected, entries logged and delivered, violations) are printed after the suite.

import * as assert from 'uvu/assert';
import { type DemoServer, demoJwt } from '../../demo/server.mjs';
import { byRole, byText, clientReady, fab, header, loggedMessages, menuItems, setOffline } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('faults');

// ---------------------------------------------------------------------------------------------
// Figures

const figures = {
  faults: new Map<string, number>(),
  logged: 0,
  delivered: 0,
  duplicatesBefore: 0,
  duplicatesAfter: 0,
  lost: 0,
  violations: 0,
  checks: 0,
};
const fault = (kind: string, n = 1) => figures.faults.set(kind, (figures.faults.get(kind) ?? 0) + n);

test.after(() => {
  const f = figures;
  const kinds = [...f.faults.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(
    `\n[figures: e2e faults] faults injected ${[...f.faults.values()].reduce((a, b) => a + b, 0)} (${kinds})\n` +
      `[figures: e2e faults] entries logged ${f.logged}, delivered ${f.delivered}, duplicates seen by the server ${f.duplicatesBefore} ` +
      `before de-duplication, ${f.duplicatesAfter} after; lost ${f.lost}; ` +
      `pages checked ${f.checks}, violations seen ${f.violations} (CSP, Trusted Types, page errors)`,
  );
});

/** The messages the server stored, in order: each batch once, a repeated Idempotency-Key left out. */
function accepted(server: DemoServer): string[] {
  return server.accepted.flatMap((b) => b.entries.map((e) => String(e.message)));
}

/** Every entry of `logged` delivered once, in the order logged (other entries, the client's own, may sit between). */
function assertDeliveredOnce(server: DemoServer, logged: string[]): void {
  const got = accepted(server).filter((m) => logged.includes(m));
  const unique = new Set(got);
  figures.logged += logged.length;
  figures.delivered += unique.size;
  figures.duplicatesBefore += server.logBatches
    .filter((b) => b.duplicate)
    .flatMap((b) => b.entries)
    .filter((e) => logged.includes(String(e.message))).length;
  figures.duplicatesAfter += got.length - unique.size;
  figures.lost += logged.filter((m) => !unique.has(m)).length;
  for (const b of server.logBatches) if (b.status !== 200) fault(`log POST answered ${b.status}`);
  assert.equal(got, logged, 'every entry once, in order');
}

/** Waits until the page's logger says what delivery is doing (stats().status). */
const deliveryIs = (page: Page, status: string) => page.waitFor((s) => (window as any).EMWeb.logger.stats().status === s, status);

/** What the pages of the origin keep for the next one, as one string, read by a page that runs no client. */
async function kept(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('emweb.logger.pending.'))
      .map((k) => localStorage.getItem(k))
      .join('\n'),
  );
}

/** No CSP or Trusted Types violation, no page error, no console error; counted. */
async function assertClean(page: Page): Promise<void> {
  figures.checks++;
  const problems = await page.problems();
  figures.violations += problems.length;
  assert.equal(problems, [], 'no violation, no page error');
}

/** Every request the page's document made (its resource timing entries) went to the demo server's own origin. */
async function assertOwnOrigin({ page, url }: PageRun): Promise<void> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const foreign = urls.filter((u) => !u.startsWith(`${url}/`));
  figures.violations += foreign.length;
  assert.ok(urls.length > 0, 'requests were seen');
  assert.equal(foreign, [], 'every request to the configured origin');
}

const MANUAL = '/e2e/manual.html?csp=trusted-types';

async function log(page: Page, messages: string[]): Promise<void> {
  await page.evaluate((ms) => {
    for (const m of ms) (window as any).EMWeb.logger.error(m, { at: Date.now() });
  }, messages);
}

const names = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${prefix} #${from + i}`);

/** The shell keeps working during the outage: the speed dial opens and closes. */
async function stillWorks(page: Page, mount = '#app'): Promise<void> {
  await fab(page, mount).click();
  await menuItems(page, mount).waitFor();
  await page.press('Escape');
  await menuItems(page, mount).waitFor('detached');
}

// ---------------------------------------------------------------------------------------------
// Log endpoint outages

const VIEWPORT = { width: 1280, height: 800 };
const LOGGER = '/api/clientlogger/';
const logPosts = (server: DemoServer) => server.requests.filter((r) => r.method === 'POST' && r.path === LOGGER).length;

test('log endpoint answering 503 for a while, then recovering: every entry delivered once, in order, and the shell keeps working', () =>
  withPage({ auth: 'oracle', loggerStatus: 503 }, null, async (run) => {
    const { page, open, server } = run;
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    const logged = names('outage 503', 12);
    await log(page, logged.slice(0, 7));
    await waitFor(() => server.logBatches.filter((b) => b.status === 503).length >= 2, { what: 'two refused sends' });
    await stillWorks(page);
    await log(page, logged.slice(7));
    server.setOptions({ loggerStatus: null });
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
      timeoutMs: 15_000,
      what: 'delivery after recovery',
    });
    assertDeliveredOnce(server, logged);
    await assertOwnOrigin(run);
    await assertClean(page);
  }));

test('log endpoint dropping connections, then back: the entries are retried and delivered once, in order', () =>
  withPage({ auth: 'oracle', statuses: { [LOGGER]: 0 } }, null, async ({ page, open, server }) => {
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    const logged = names('dropped', 8);
    await log(page, logged);
    await waitFor(() => logPosts(server) >= 2, { what: 'two sends, dropped' });
    server.setOptions({ statuses: {} });
    fault('log POST connection dropped', logPosts(server));
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
      timeoutMs: 15_000,
      what: 'delivery after the dropped connections',
    });
    assertDeliveredOnce(server, logged);
    await assertClean(page);
  }));

test('a log endpoint that never answers: the send times out and the entries arrive on a retry; the shell keeps working meanwhile', () =>
  withPage(
    { auth: 'oracle', hang: [LOGGER] },
    null,
    async ({ page, open, server }) => {
      await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
      await clientReady(page, '#app');
      const logged = names('hang', 3);
      await log(page, logged);
      await waitFor(() => logPosts(server) > 0, { what: 'the send that hangs' });
      fault('log POST never answered');
      server.setOptions({ hang: [] });
      await stillWorks(page);
      await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
        timeoutMs: 25_000,
        what: 'delivery after the send timed out (15 s)',
      });
      assertDeliveredOnce(server, logged);
      await assertClean(page);
    },
    { timeoutMs: 45_000 },
  ));

test('429 with Retry-After: 2 is honoured: the retry comes no sooner than 2 s later, and the entry arrives once', () =>
  withPage({ auth: 'oracle', loggerStatus: 429, retryAfter: 2 }, null, async ({ page, open, server }) => {
    await open(`${MANUAL}&flushIntervalMs=200`);
    await clientReady(page, '#app');
    const logged = ['throttled #0'];
    await log(page, logged);
    const first = await waitFor(() => server.logBatches.find((b) => b.status === 429), { what: 'the 429' });
    server.setOptions({ loggerStatus: null, retryAfter: null });
    const retry = await waitFor(
      () => server.logBatches.find((b) => b.status === 200 && b.entries.some((e) => e.message === 'throttled #0')),
      {
        timeoutMs: 10_000,
        what: 'the retry',
      },
    );
    const waited = retry!.time - first!.time;
    assert.ok(waited >= 1900, `Retry-After honoured: retried after ${waited} ms`);
    assert.ok(waited < 6000, `and not much later: ${waited} ms`);
    assert.is(server.logBatches.filter((b) => b.time > first!.time && b.time < retry!.time).length, 0, 'no send in between');
    assertDeliveredOnce(server, logged);
    await assertClean(page);
  }));

test('offline, then online: nothing is sent while offline; on the online event every entry arrives once, in order', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    await setOffline(page, server, true);
    fault('offline spell');
    const logged = names('offline', 9);
    await log(page, logged.slice(0, 6));
    await deliveryIs(page, 'offline');
    await log(page, logged.slice(6));
    assert.equal(
      loggedMessages(server).filter((m) => logged.includes(m)),
      [],
      'nothing reached the server while offline',
    );
    assert.is((await page.evaluate(() => (window as any).EMWeb.logger.stats())).queued, 9);
    await setOffline(page, server, false);
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), { timeoutMs: 10_000, what: 'delivery once online' });
    assertDeliveredOnce(server, logged);
    await assertClean(page);
  }));

// ---------------------------------------------------------------------------------------------
// Pages that go away mid-outage: each page's key under emweb.logger.pending. carries its batches over.

test('a page closed during an outage (503, Retry-After 30): the next load delivers every entry once, in order, with the keys they had', () =>
  withPage({ auth: 'oracle', loggerStatus: 503, retryAfter: 30 }, null, async ({ page, open, server, url }) => {
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    const logged = names('closed mid-outage', 7);
    await log(page, logged);
    await waitFor(() => server.logBatches.some((b) => b.status === 503), { what: 'the outage' });
    const next = await page.newPage(VIEWPORT);
    await page.close();
    fault('page closed during the outage');
    await next.goto(`${url}/e2e/blank.html`);
    const stored = await kept(next);
    for (const m of logged) assert.ok(stored.includes(m), `kept: ${m}`);
    server.setOptions({ loggerStatus: null, retryAfter: null });
    await next.goto(`${url}${MANUAL}&flushIntervalMs=200`);
    await clientReady(next, '#app');
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
      timeoutMs: 8_000,
      what: `delivery on the next load (kept: ${stored})`,
    });
    assertDeliveredOnce(server, logged);
    const refusedKeys = server.logBatches.filter((b) => b.status === 503).map((b) => b.key);
    assert.ok(
      server.accepted.some((b) => refusedKeys.includes(b.key)),
      'the refused batch, replayed with its key',
    );
  }));

test('a reload during an outage (503): nothing lost; once the server recovers every entry arrives once, in order', () =>
  withPage({ auth: 'oracle', loggerStatus: 503 }, null, async ({ page, open, server }) => {
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    const logged = names('reloaded mid-outage', 6);
    await log(page, logged);
    await waitFor(() => server.logBatches.some((b) => b.status === 503), { what: 'the outage' });
    await page.reload();
    fault('page reloaded during the outage');
    await clientReady(page, '#app');
    assert.ok(
      (await page.evaluate(() => (window as any).EMWeb.logger.stats())).restored >= 6,
      'the new page took the batches over',
    );
    server.setOptions({ loggerStatus: null });
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
      timeoutMs: 12_000,
      what: 'delivery after the reload and the recovery',
    });
    assertDeliveredOnce(server, logged);
    await assertClean(page);
  }));

test('a page closed while offline: the entries wait under its key (within 256 KiB) and the next load delivers them once', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server, url }) => {
    await open(`${MANUAL}&flushIntervalMs=200&batchSize=5`);
    await clientReady(page, '#app');
    await setOffline(page, server, true);
    fault('offline spell');
    const logged = names('closed offline', 5);
    await log(page, logged);
    const next = await page.newPage(VIEWPORT);
    await page.close();
    fault('page closed while offline');
    server.setOptions({ statuses: {} });
    await next.goto(`${url}/e2e/blank.html`);
    const stored = await kept(next);
    assert.ok(Buffer.byteLength(stored) <= 256 * 1024, 'within 256 KiB');
    for (const m of logged) assert.ok(stored.includes(m), `kept: ${m}`);
    await next.goto(`${url}${MANUAL}&flushIntervalMs=200`);
    await clientReady(next, '#app');
    await waitFor(() => logged.every((m) => accepted(server).includes(m)), {
      timeoutMs: 8_000,
      what: 'delivery on the next load',
    });
    assertDeliveredOnce(server, logged);
    assert.is(await kept(next), '', 'taken: sent once');
  }));

// ---------------------------------------------------------------------------------------------
// Start-up calls that hang or fail

test('a probe that hangs: status 0 after timeoutMs, Retry offered; a dropped connection likewise; Retry boots once the server answers', () =>
  withPage(
    { auth: 'oracle', hang: ['/api/web/ClientConfiguration'], displayName: 'Patient Desk' },
    null,
    async ({ page, open, server }) => {
      await open(`${MANUAL}&timeoutMs=800`);
      await page.locator('body[data-boot=rejected]').waitFor('attached');
      fault('probe never answered');
      assert.equal(await page.evaluate(() => (window as any).__e2e.error), {
        name: 'Error',
        message: 'unhandled error case in getAuthTypeAsync status 0',
      });
      const retry = byRole(page, 'button', 'Retry', '#app');
      await retry.waitFor();
      // Next failure: the connection is dropped.
      server.setOptions({ hang: [], probeStatus: 0 });
      fault('probe connection dropped');
      const probes = () => server.requests.filter((r) => r.path === '/api/web/ClientConfiguration').length;
      const asked = probes();
      await retry.click();
      await waitFor(() => probes() > asked, { what: 'the probe asked again' });
      await byText(page, 'unhandled error case in getAuthTypeAsync status 0', '#app').waitFor();
      await retry.waitFor();
      server.setOptions({ probeStatus: null });
      await retry.click();
      await header(page, '#app').locator('h1 >> has-text=Patient Desk').waitFor();
      await fab(page, '#app').waitFor();
      await assertClean(page);
    },
  ));

test("version and cloud calls that hang: the header shows the configuration at once, and they fall back ('' and not cloud) at timeoutMs", () =>
  withPage(
    { auth: 'oracle', hang: ['/api/info/version', '/api/info/cloudinstance'], displayName: 'Hanging Desk' },
    null,
    async ({ page, open, server }) => {
      fault('version never answered');
      fault('cloud check never answered');
      await open(`${MANUAL}&timeoutMs=3000&flushIntervalMs=200`);
      await header(page, '#app').locator('h1 >> has-text=Hanging Desk').waitFor();
      // The header is there while start-up still waits for version and cloud: it did not wait for them.
      assert.is(
        await page.evaluate(() => (window as any).__e2e.status),
        'pending',
        'start-up still waiting for version and cloud',
      );
      await page.locator('body[data-boot=resolved]').waitFor('attached');
      const facts = await page.evaluate(() => {
        const c = (window as any).__e2e.client;
        return { version: c.version, isCloud: c.isCloud, config: !!c.config };
      });
      assert.equal(facts, { version: '', isCloud: false, config: true });
      await fab(page, '#app').waitFor();
      // The failed cloud check is logged in the client's own words.
      await page.evaluate(() => (window as any).EMWeb.logger.flush());
      await waitFor(() => accepted(server).some((m) => /cloud instance check failed/.test(m)), {
        what: 'the cloud failure logged',
      });
      await assertClean(page);
    },
  ));

// ---------------------------------------------------------------------------------------------
// Nothing leaked in a log body

test('token mode with failing start-up calls and a host page error naming the JWT: no JWT and no development token in any log body', () => {
  const devToken = 'dev-7f3a91c2e4b8d6a0-local-only';
  const jwt = demoJwt({ userId: 'leak-check' });
  return withPage(
    { auth: 'token', statuses: { '/api/info/version': 500, '/api/info/cloudinstance': 0 }, hang: ['/api/ClientConfiguration'] },
    null,
    async ({ page, open, server }) => {
      fault('start-up calls failing', 3);
      await open(`${MANUAL}&timeoutMs=500&flushIntervalMs=200&serverLogLevel=0`);
      await page.locator('body[data-boot=resolved]').waitFor('attached');
      const before = await page.evaluate(() => (window as any).EMWeb.logger.stats().logged);
      await page.evaluate((t) => {
        setTimeout(() => {
          throw new Error(`host page failed for ${t}`);
        });
        void Promise.reject(new Error(`rejected with ${t}`));
      }, jwt);
      // Both captured (the error and the rejection), then sent.
      await page.waitFor((n) => (window as any).EMWeb.logger.stats().logged >= n + 2, before);
      await page.evaluate(() => (window as any).EMWeb.logger.flush());
      await waitFor(() => loggedMessages(server).some((m) => /host page failed/.test(m)), { what: 'the captured error' });
      const bodies = server.logBatches.map((b) => b.body).join('\n');
      const [, payload, signature] = jwt.split('.');
      assert.not.ok(bodies.includes(payload!) || bodies.includes(signature!), 'no part of the JWT in a log body');
      assert.not.ok(bodies.includes(devToken), 'no development token in a log body');
      const leaks = Number(bodies.includes(payload!)) + Number(bodies.includes(devToken));
      figures.violations += leaks;
      figures.checks++;
    },
    { localStorage: { devToken, jwt, authType: 'token' } },
  );
});

test.run();

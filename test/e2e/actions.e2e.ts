// The speed dial's actions in a real browser: `actions` as a function (add, reorder, more than five
// in a production build), and what each built-in does as a user sees it: Send logs now tells the
// truth (sent, nothing to send, kept for retry), Reload configuration updates the header, Copy
// diagnostics hands the clipboard the support facts and nothing secret.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { BUILD, byRole, clientReady, fab, header, menu, menuItems, notice } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('actions');

const BUILT_INS = ['Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out'];

const menuLabels = async (page: Page, mount: string): Promise<string[]> => {
  await fab(page, mount).click();
  await menu(page, mount).waitFor();
  const labels = await menuItems(page, mount).texts();
  await page.press('Escape');
  await menu(page, mount).waitFor('detached');
  return labels;
};

async function choose(page: Page, name: string, mount = '#emweb'): Promise<void> {
  await fab(page, mount).click();
  await byRole(page, 'menuitem', name, mount).click();
}

// ---------------------------------------------------------------------------------------------
// actions as a function

test('actions as a function adds an action before the built-ins; both the new one and a built-in run', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?actions=add');
    await clientReady(page, '#app');
    assert.equal(await menuLabels(page, '#app'), ['Say hello', ...BUILT_INS]);
    await choose(page, 'Say hello', '#app');
    await notice(page, 'Say hello done', '#app').waitFor();
    assert.equal(await page.evaluate(() => (window as any).__e2e.ran), ['Say hello']);
    await choose(page, 'Reload configuration', '#app');
    await notice(page, 'Configuration reloaded', '#app').waitFor();
  }));

test('actions as a function reorders the built-ins', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?actions=reorder');
    await clientReady(page, '#app');
    assert.equal(await menuLabels(page, '#app'), [...BUILT_INS].reverse());
  }));

test('seven actions in a production build: the first five are shown, and one console warning names the two left out', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?actions=seven&production=true');
    await clientReady(page, '#app');
    assert.equal(await menuLabels(page, '#app'), [...BUILT_INS, 'Extra 1']);
    const warnings = (await page.record()).console.filter((m) => m.type === 'warn' && /Extra \d/.test(m.text));
    assert.is(warnings.length, 1, `one warning, not ${JSON.stringify(warnings)}`);
    assert.ok(warnings[0]!.text.includes('Extra 2') && warnings[0]!.text.includes('Extra 3'), warnings[0]!.text);
    assert.not.ok(warnings[0]!.text.includes('Extra 1'), 'the shown one is not named');
  }));

// ---------------------------------------------------------------------------------------------
// Send logs now: a notice that tells what happened

const logError = (page: Page, message: string) => page.evaluate((m) => (window as any).EMWeb.logger.error(m), message);

test('"Send logs now" with the server up: "Log entries sent: 2", and the server has them', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    await logError(page, 'e2e: first entry to send');
    await logError(page, 'e2e: second entry to send');
    await choose(page, 'Send logs now');
    await notice(page, 'Log entries sent: 2').waitFor();
    const received = server.logBatches.filter((b) => b.status === 200).flatMap((b) => b.entries.map((e) => e.message));
    assert.ok(
      received.includes('e2e: first entry to send') && received.includes('e2e: second entry to send'),
      received.join(', '),
    );
  }));

test('"Send logs now" with nothing queued: "No log entries to send", and no request', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    await choose(page, 'Send logs now');
    await notice(page, 'No log entries to send').waitFor();
    assert.equal(server.logBatches, [], 'no empty request');
  }));

test('"Send logs now" while the server answers 503: "Server unavailable, log entries kept for retry: 1"; once it is back, the entry is sent', () =>
  withPage({ auth: 'oracle', loggerStatus: 503 }, null, async ({ page, open, server }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    await logError(page, 'e2e: entry during the outage');
    await choose(page, 'Send logs now');
    await notice(page, 'Server unavailable, log entries kept for retry: 1').waitFor();
    assert.ok(
      server.logBatches.some((b) => b.status === 503),
      'the server refused it',
    );
    server.setOptions({ loggerStatus: null });
    await waitFor(
      () =>
        server.logBatches.some((b) => b.status === 200 && b.entries.some((e) => e.message === 'e2e: entry during the outage')),
      { timeoutMs: 20_000, what: 'the kept entry, sent on a retry' },
    );
  }));

// ---------------------------------------------------------------------------------------------
// Reload configuration, Copy diagnostics

test('"Reload configuration" shows the server\'s new display name in the header; a failed reload says so and keeps the last one', () =>
  withPage({ auth: 'oracle', displayName: 'Before Desk' }, null, async ({ page, open, server }) => {
    await open('/e2e/plain.html');
    await clientReady(page);
    const name = header(page).locator('h1');
    assert.is(await name.textContent(), 'Before Desk');
    server.setOptions({ displayName: 'After Desk' });
    await choose(page, 'Reload configuration');
    await notice(page, 'Configuration reloaded').waitFor();
    await header(page).locator('h1 >> has-text=After Desk').waitFor();
    server.setOptions({ displayName: 'Never Shown Desk', statuses: { '/api/ClientConfiguration': 500 } });
    await choose(page, 'Reload configuration');
    await notice(page, 'The configuration could not be loaded').waitFor();
    assert.is(await name.textContent(), 'After Desk');
  }));

test('"Copy diagnostics" writes versions, mode, API base, breakpoint, user agent and logger figures to the clipboard as JSON, and no token', () => {
  const devToken = demoJwt({ userId: 'diagnostics-dev', sub: 'developer' });
  const jwt = demoJwt({ userId: 'diagnostics-user' });
  return withPage(
    { auth: 'token', version: 'Diag Server 3.2.1' },
    { width: 1440, height: 900 },
    async ({ page, open }) => {
      await open('/e2e/plain.html');
      await clientReady(page);
      // What the client hands the clipboard, taken on its way: reading the clipboard back asks the
      // user in Firefox and WebKit. The real write still happens, and the notice tells how it went.
      await page.evaluate(() => {
        const clipboard = navigator.clipboard;
        const write = clipboard.writeText.bind(clipboard);
        clipboard.writeText = (text: string) => {
          (window as any).__e2eCopied = text;
          return write(text);
        };
      });
      await choose(page, 'Copy diagnostics');
      await notice(page, 'Diagnostics copied').waitFor();
      const copied: string = await page.evaluate(() => (window as any).__e2eCopied);
      const userAgent = await page.evaluate(() => navigator.userAgent);
      const facts = JSON.parse(copied);
      assert.equal(
        {
          buildVersion: facts.buildVersion,
          serverVersion: facts.serverVersion,
          authType: facts.authType,
          apiBase: facts.apiBase,
          breakpoint: facts.breakpoint,
          userAgent: facts.userAgent,
        },
        {
          buildVersion: BUILD,
          serverVersion: 'Diag Server 3.2.1',
          authType: 'token',
          apiBase: '/api/',
          breakpoint: 'lg',
          userAgent,
        },
      );
      for (const figure of ['logged', 'sent', 'queued', 'dropped']) {
        assert.type(facts.logger?.[figure], 'number', `logger.${figure}`);
      }
      for (const secret of [devToken, jwt]) {
        for (const part of secret.split('.').slice(1)) assert.not.ok(copied.includes(part), 'no part of a token');
      }
      assert.not.match(copied, /Bearer|eyJ/, 'nothing that looks like a token');
    },
    { localStorage: { devToken, jwt, authType: 'token' } },
  );
});

test.run();

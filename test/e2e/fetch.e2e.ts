// client.fetch in a real browser: the gateway's session ends mid-day while a screen is on, its calls
// get 401, the shell asks for a sign-in once in a dialog over the screen (the screen and the header
// stay), the calls wait, and a new session with reloadConfiguration sends them again and resolves them.
import * as assert from 'uvu/assert';
import { byRole, byText, clientReady, header } from './client';
import { browserSuite, withPage } from './harness';

const test = browserSuite('client.fetch');

test('the session ends mid-day: 401s ask for a sign-in once in a dialog over the kept screen; the calls wait; a new session and a reload resolve them with 200; waitForSignIn: false resolves the 401', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/options.html?render=counter&signIn=record');
      await clientReady(page, '#app');
      await byText(page, 'Counter screen', '#app').waitFor('visible');
      const headerText = await header(page, '#app').text();

      // The gateway forgets the session: every guarded API call of this browser now gets 401.
      server.reset();
      await page.evaluate(() => {
        const w = window as any;
        w.__e2eCalls = [];
        for (const path of ['tickets', 'tickets?state=open', 'tickets/SD-1042']) {
          w.__e2e.client.fetch(path).then(
            (r: Response) => w.__e2eCalls.push(r.status),
            (e: Error) => w.__e2eCalls.push(String(e)),
          );
        }
      });
      const dialog = byRole(page, 'dialog', 'Sign-in required', '#app');
      await dialog.waitFor('visible');
      assert.is(await dialog.attribute('aria-modal'), 'true');
      assert.is(await byText(page, 'Counter screen', '#app').count(), 1, 'the screen stays under the dialog');
      assert.is(await header(page, '#app').text(), headerText, 'the header stays as it was');
      assert.is(await page.evaluate(() => (window as any).__e2e.signInRequired), 1, 'onSignInRequired once');
      const optedOut = await page.evaluate(() =>
        (window as any).__e2e.client.fetch('tickets', { waitForSignIn: false }).then((r: Response) => r.status),
      );
      assert.is(optedOut, 401, 'waitForSignIn: false resolves with the 401');
      assert.equal(await page.evaluate(() => (window as any).__e2eCalls), [], 'the other calls wait');
      const sentBefore = server.requests.filter((r) => r.path.startsWith('/api/web/tickets')).length;
      assert.is(sentBefore, 4, 'each sent once so far (the three, and the one that opted out)');

      // Signed in again (a new session cookie from the gateway), then the configuration reloaded.
      await page.evaluate(() => fetch('/auth/signin?returnUrl=/e2e/blank.html', { credentials: 'include' }).then(() => {}));
      const reloaded = await page.evaluate(() => (window as any).__e2e.client.reloadConfiguration().then((c: unknown) => !!c));
      assert.ok(reloaded, 'the configuration loads with the new session');
      await dialog.waitFor('detached');
      const statuses = await page.waitFor(() => {
        const calls = (window as any).__e2eCalls as unknown[];
        return calls.length === 3 ? calls : null;
      });
      assert.equal(statuses, [200, 200, 200], 'each waiting call went again and resolved with 200');
      assert.is(
        server.requests.filter((r) => r.path.startsWith('/api/web/tickets')).length,
        sentBefore + 3,
        'each sent again once',
      );
      assert.is(await byText(page, 'Counter screen', '#app').count(), 1);
      assert.is(await page.evaluate(() => (window as any).__e2e.signInRequired), 1);
      assert.equal(await page.problems(), []);
    },
    { signedIn: true },
  ));

test.run();

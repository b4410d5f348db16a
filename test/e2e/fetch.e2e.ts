// client.fetch in a real browser: the gateway's session ends mid-day while a screen is on, its calls
// get 401, the shell asks for a sign-in once (the header stays), and a new session with
// reloadConfiguration brings the screen back.
import * as assert from 'uvu/assert';
import { byText, clientReady, header } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('client.fetch');

/** Statuses of `client.fetch(path)` for each path, asked all at once from the page. */
const fetchAll = (page: Page, paths: string[]): Promise<number[]> =>
  page.evaluate(
    (asked) => Promise.all(asked.map((path) => (window as any).__e2e.client.fetch(path).then((r: Response) => r.status))),
    paths,
  );

test('the session ends mid-day: 401s show Sign-in required once with the header kept; a new session and a reload bring the screen back', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/options.html?render=counter&signIn=record');
      await clientReady(page, '#app');
      await byText(page, 'Counter screen', '#app').waitFor('visible');
      const headerText = await header(page, '#app').text();

      // The gateway forgets the session: every API call of this browser now gets 401.
      server.reset();
      server.setOptions({ statuses: { '/api/web/tickets': 401, '/api/web/tickets/SD-1': 401 } });
      const statuses = await fetchAll(page, ['tickets', 'tickets?state=open', 'tickets/SD-1']);
      assert.equal(statuses, [401, 401, 401], 'each 401 still resolves for its caller');
      await byText(page, 'Sign-in required', '#app').waitFor('visible');
      assert.is(await byText(page, 'Counter screen', '#app').count(), 0, 'the screen is gone');
      assert.is(await header(page, '#app').text(), headerText, 'the header stays as it was');
      assert.is(await page.evaluate(() => (window as any).__e2e.signInRequired), 1, 'onSignInRequired once');

      // Signed in again (a new session cookie from the gateway), then the configuration reloaded.
      server.setOptions({ statuses: {} });
      await page.evaluate(() => fetch('/auth/signin?returnUrl=/e2e/blank.html', { credentials: 'include' }).then(() => {}));
      const reloaded = await page.evaluate(() => (window as any).__e2e.client.reloadConfiguration().then((c: unknown) => !!c));
      assert.ok(reloaded, 'the configuration loads with the new session');
      await byText(page, 'Counter screen', '#app').waitFor('visible');
      await waitFor(async () => (await byText(page, 'Sign-in required', '#app').count()) === 0, {
        what: 'the sign-in panel to go',
      });
      assert.is(await page.evaluate(() => (window as any).__e2e.signInRequired), 1);
      assert.equal(await page.problems(), []);
    },
    { signedIn: true },
  ));

test.run();

// The demo's product writes, in a real browser under the strict CSP: the ticket page's form, the
// host bar's "End session", and the working day the contract promises, as a person tries it: type,
// the session ends, Save, sign in in another tab, and the ticket is saved once with nothing lost.
import * as assert from 'uvu/assert';
import { demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, commentValue, notice, typeComment } from './client';
import { browserSuite, runAxe, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('demo writes');

const VIEWPORT = { width: 1024, height: 900 };
const TICKET = '/web/tickets/SD-1042';

const commentField = (page: Page) => page.locator('#emweb >> textarea#ticket-comment');

const apiStatus = (page: Page, path: string) =>
  page.evaluate((address) => fetch(address, { credentials: 'include' }).then((response) => response.status), path);

test("the ticket page's form: every field labelled, no accessibility violations", () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open }) => {
      await open(TICKET);
      await clientReady(page);
      await commentField(page).waitFor();
      const labels = await page.evaluate(() =>
        ['ticket-state', 'ticket-assignee', 'ticket-comment'].map((id) => {
          const field = document.querySelector('#emweb')?.shadowRoot?.getElementById(id) as HTMLTextAreaElement | null;
          return Array.from(field?.labels ?? [], (label) => label.textContent);
        }),
      );
      assert.equal(labels, [['State'], ['Assignee'], ['Comment']]);
      assert.equal(await runAxe(page), []);
      assert.equal(await page.problems(), [], 'no CSP report, no console error');
    },
    { signedIn: true },
  ));

test('End session in the host bar: the gateway forgets the session, the page stays', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, url }) => {
      await open(TICKET);
      await clientReady(page);
      assert.is(await apiStatus(page, '/api/web/ClientConfiguration'), 200);
      await page.locator('#host-end-session').click();
      await page.locator('#host-end-session-result >> has-text=Session ended on the server.').waitFor();
      assert.is(await apiStatus(page, '/api/web/ClientConfiguration'), 401);
      assert.is(await page.url(), `${url}${TICKET}`);
    },
    { signedIn: true },
  ));

test('End session is not offered where there is no gateway', () =>
  withPage({ auth: 'token' }, VIEWPORT, async ({ page, open }) => {
    await open(TICKET);
    await clientReady(page);
    assert.is(await page.locator('#host-end-session').isVisible(), false);
  }));

test('the working day: a comment typed, the session ended, Save; signed in in another tab, the ticket is saved once and nothing typed was lost', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, server, url }) => {
      await open(TICKET);
      await clientReady(page);
      await commentField(page).waitFor();
      await typeComment(page, 'Toner replaced, test page printed.');
      await page.locator('#host-end-session').click();
      await page.locator('#host-end-session-result >> has-text=Session ended on the server.').waitFor();
      await page.locator('#emweb >> form button[type="submit"]').click();
      await byRole(page, 'dialog').waitFor();
      assert.is(await commentValue(page), 'Toner replaced, test page printed.', 'the form is as it was');

      // As the dialog's Sign in would: the gateway in another tab, which returns to the client there.
      const other = await page.newPage(VIEWPORT);
      await other.goto(`${url}/auth/signin?returnUrl=/web/tickets`);
      // The gateway's hand-over page stores the JWT, then goes on: wait for the client's page, not the hand-over's.
      await other.waitForURL(`${url}/web/tickets`);
      await clientReady(other);

      await notice(page, 'Saved').waitFor();
      await byRole(page, 'dialog').waitFor('hidden');
      const puts = server.requests.filter((request) => request.method === 'PUT' && request.path === '/api/web/tickets/SD-1042');
      assert.is(puts.length, 2, 'sent, refused by the gateway, sent again once');
      const saved = await waitFor(() =>
        other.evaluate(() => fetch('/api/web/tickets/SD-1042', { credentials: 'include' }).then((response) => response.json())),
      );
      assert.equal(
        saved.comments.map((comment: { text: string }) => comment.text),
        ['Toner replaced, test page printed.'],
        'saved once',
      );
    },
    // Signed in at the gateway, as a browser that signed in there is: its JWT says who (a write goes again only for a known user).
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test.run();

// Routes under /web/ in a real browser, through the demo's product (demo/host-app.js): its ticket
// list at /web/tickets, a ticket at /web/tickets/<id> (a lazy screen: demo/ticket-page.js, imported
// the first time a ticket is shown), the not-found panel elsewhere, and the host page's own links.
import * as assert from 'uvu/assert';
import { byRole, clientReady } from './client';
import { browserSuite, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('routes');

const heading = (page: Page, name: string) => byRole(page, 'heading', name);
const TICKET_1042 = 'SD-1042: Printer on floor 3 offline ▲';

/** Marks the document: a move without a page load keeps the mark, a page load loses it. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as any).__routesMark = true;
  });
const stillMarked = (page: Page) => page.evaluate(() => (window as any).__routesMark === true);
const path = (page: Page) => page.evaluate(() => location.pathname + location.search);

test("a link inside the shadow root moves without a page load; the lazy ticket page comes once; focus goes to the new screen's heading", () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/web/tickets');
    await clientReady(page);
    await heading(page, 'Tickets').waitFor();
    await mark(page);
    assert.is(server.requests.filter((r) => r.path === '/web/ticket-page.js').length, 0, 'not imported before it is shown');
    await byRole(page, 'link', 'SD-1042').click();
    await heading(page, TICKET_1042).waitFor();
    assert.ok(await stillMarked(page), 'no page load');
    assert.is(await path(page), '/web/tickets/SD-1042');
    assert.is(await byRole(page, 'button', 'Actions').count(), 1, 'the speed dial stays');
    assert.is(await heading(page, 'Tickets').count(), 0, 'the list is gone');
    await byRole(page, 'link', '← All tickets').click();
    await heading(page, 'Tickets').waitFor();
    await page.waitFor(() => document.querySelector('#emweb')?.shadowRoot?.activeElement?.textContent === 'Tickets', undefined, {
      what: "focus on the list's heading",
    });
    await byRole(page, 'link', 'SD-1043').click();
    await page.waitFor(
      () => document.querySelector('#emweb')?.shadowRoot?.activeElement?.textContent?.trim().startsWith('SD-1043'),
      undefined,
      { what: "focus on the ticket's heading, its module loaded already" },
    );
    assert.is(server.requests.filter((r) => r.path === '/web/ticket-page.js').length, 1, 'imported once');
    assert.ok(await stillMarked(page), 'no page load');
    assert.equal(await page.problems(), []);
  }));

test('Back and Forward show the route of the location they reach, without a page load', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/web/tickets');
    await clientReady(page);
    await mark(page);
    await byRole(page, 'link', 'SD-1043').click();
    await heading(page, 'SD-1043: New laptop for J. Müller').waitFor();
    await page.evaluate(() => history.back());
    await heading(page, 'Tickets').waitFor();
    assert.is(await path(page), '/web/tickets');
    await page.evaluate(() => history.forward());
    await heading(page, 'SD-1043: New laptop for J. Müller').waitFor();
    assert.is(await path(page), '/web/tickets/SD-1043');
    assert.ok(await stillMarked(page), 'no page load');
    assert.equal(await page.problems(), []);
  }));

test('a deep link shows its route, and again after a reload; a path no route matches shows the not-found panel', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/web/tickets/SD-1044');
    await clientReady(page);
    await heading(page, 'SD-1044: Shared mailbox for the support team ◷').waitFor();
    await page.reload();
    await heading(page, 'SD-1044: Shared mailbox for the support team ◷').waitFor();
    assert.is(
      await page.evaluate(() => (window as any).EMWeb.bootstrap().then((c: any) => c.state.route.value.pattern)),
      'tickets/:id',
    );
    await open('/web/reports/2026');
    await clientReady(page);
    await heading(page, 'Page not found').waitFor();
    await mark(page);
    await byRole(page, 'link', 'Go to the start page').click();
    await heading(page, 'Service desk').waitFor();
    assert.is(await path(page), '/web/');
    assert.ok(await stillMarked(page), "the panel's link moves inside the client");
    assert.equal(await page.problems(), []);
  }));

test("the host page's own link under /web/ is left to the browser: a page load", () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/web/tickets/SD-1042');
    await clientReady(page);
    await heading(page, TICKET_1042).waitFor();
    await page.navigates(() => page.locator('.host-pages a[href="/web/tickets"]').click());
    assert.is(await path(page), '/web/tickets');
    await clientReady(page);
    await heading(page, 'Tickets').waitFor();
    assert.equal(await page.problems(), []);
  }));

test.run();

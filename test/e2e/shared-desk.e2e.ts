// One answer to who is signed in (contract of 2026-11-29), on a shared desk: one browser, its tabs,
// and two people of the demo's gateway (demo/server.mjs, DEMO_USERS) signing in on it in turn. What
// each check asserts is what the server or the person would notice: which session a call rode on
// (the server's `sessionUser`), what the screen shows, whether the page asks before it is left.
// The screens: the demo's own ticket page (/web/tickets/SD-1042), and the e2e host pages
// pages/options.js (`?render=form`, `?routes=form`) and pages/two-forms.js. Every wait is on state.
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, DEMO_USERS, type DemoServer, demoJwt } from '../../demo/server.mjs';
import { byRole, clientReady, header, leavingAsks } from './client';
import { typeComment } from './formScreen';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('a shared desk');

const VIEWPORT = { width: 1024, height: 800 };
/** The one who signs in first: the gateway's default person. */
const A = DEMO_USERS[0]!;
/** The one who signs in next, on the same browser. */
const B = DEMO_USERS.find((user) => user.name === 'Dana Lee')!;
const SAVE_PATH = '/api/web/tickets/SD-1042';
const A_TEXT = 'Toner replaced by Jürgen';

const signInDialog = (page: Page, mount = '#app') => byRole(page, 'dialog', 'Sign-in required', mount);

/** The requests to `path` the server received, with `method`. */
const received = (server: DemoServer, method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

/** Ends this browser's gateway session on the server, as the demo's "End session" does; the page stays. */
const endSession = (page: Page) =>
  page.evaluate(() => fetch('/demo/end-session', { method: 'POST' }).then((response) => response.json()));

/**
 * Calls `client.fetch(path)` on the client of `#app` and notes how it settles in
 * `window.__e2eCalls[path]`: `{ status }` or `{ name, message }`.
 */
const callFromPage = (page: Page, path: string) =>
  page.evaluate((address) => {
    const w = window as any;
    w.__e2eCalls ??= {};
    w.__e2eCalls[address] = null;
    w.__e2e.client.fetch(address).then(
      (response: Response) => {
        w.__e2eCalls[address] = { status: response.status };
      },
      (error: Error) => {
        w.__e2eCalls[address] = { name: String(error?.name), message: String(error?.message) };
      },
    );
  }, path);

/** How the call callFromPage made settled, once it has. */
const settled = (page: Page, path: string, what: string) =>
  page.waitFor((address) => (window as any).__e2eCalls[address] as { status?: number; name?: string; message?: string }, path, {
    what,
  });

/** Signs in at the demo's gateway sign-in page in `tab`, choosing `name` with a real click, and waits to be back at `returnUrl`. */
async function signInAs(tab: Page, url: string, name: string, returnUrl: string): Promise<void> {
  await tab.goto(`${url}/auth/?returnUrl=${encodeURIComponent(returnUrl)}`);
  await tab.locator(`label >> has-text=${name}`).click();
  const chosen = await tab.evaluate(() => document.querySelector('input[name="userId"]:checked')?.parentElement?.textContent);
  assert.is(chosen?.trim(), name, `${name} is the one chosen`);
  await tab.locator('role=button[name="Sign in"]').click();
  await tab.waitForURL(`${url}${returnUrl}`, { what: `back at ${returnUrl}, signed in as ${name}` });
}

/** The contract's "Error saying the user changed": a plain Error (not an abort, not a network failure) about the user. */
function assertUserChanged(outcome: { name?: string; message?: string } | undefined, what: string): void {
  assert.is(outcome?.name, 'Error', `${what}: rejected with an Error (${JSON.stringify(outcome)})`);
  assert.match(String(outcome?.message), /user/i, `${what}: the Error says the user changed (${JSON.stringify(outcome)})`);
}

// ---------------------------------------------------------------------------------------------
// The demo's gateway: a desk two people share

test("the demo's gateway offers the desk's people: choosing Dana Lee signs her in (her JWT, her session) and the header says so", () =>
  withPage({ auth: 'secgw' }, VIEWPORT, async ({ page, server, url }) => {
    await signInAs(page, url, B.name, '/web/tickets');
    await clientReady(page);
    await header(page).locator(`text=Signed in as ${B.name}`).waitFor();
    assert.is(await page.evaluate(async () => (await (window as any).EMWeb.bootstrap()).claims?.userId), B.userId);
    // The list's call leaves once its screen is shown, after ready: wait for the list it brings.
    await page.locator(`a[href="${TICKET}"]`).waitFor();
    const tickets = received(server, 'GET', '/api/web/tickets');
    assert.ok(tickets.length > 0, 'the list was asked for');
    assert.ok(
      tickets.every((request) => request.sessionUser === B.userId),
      `every call rode on her session: ${tickets.map((r) => r.sessionUser)}`,
    );
    // Nobody chosen (the radio as it comes): the first person, as every other check expects.
    await signInAs(page, url, DEMO_USER_NAME, '/web/tickets');
    await clientReady(page);
    await header(page).locator(`text=Signed in as ${DEMO_USER_NAME}`).waitFor();
    assert.equal(await page.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// Every attempt speaks for one user

test("a late 401 after another user's sign-in: A's held Save is answered 401 once B has signed in in another tab; the server saw one PUT, none on B's session, and the Save rejects saying the user changed", () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, server, url }) => {
      await open('/e2e/options.html?render=form');
      await clientReady(page, '#app');
      await typeComment(page, A_TEXT);
      // A's Save leaves while A's session is already over on the server; its answer is held back.
      server.setOptions({ hold: [SAVE_PATH] });
      assert.equal(await endSession(page), { ended: true });
      await page.press('Enter');
      await waitFor(() => server.held.some((request) => request.path === SAVE_PATH), { what: "A's PUT at the server, held" });
      // A second call of A's meets the ended session: the sign-in dialog comes up, the call waits.
      await callFromPage(page, 'tickets/SD-1043');
      await signInDialog(page).waitFor();

      // B signs in in a second tab of the same browser, which gets ready signed in.
      const other = await page.newPage(VIEWPORT);
      await signInAs(other, url, B.name, '/e2e/options.html?render=counter');
      await clientReady(other, '#app');
      await header(page, '#app').locator(`text=${B.name}`).waitFor();
      const second = await settled(page, 'tickets/SD-1043', "A's waiting call settled");
      assertUserChanged(second, "A's call that waited for the sign-in");
      assert.is(received(server, 'GET', '/api/web/tickets/SD-1043').length, 1, "A's waiting call was not sent again for B");

      // Only now does A's first PUT get its answer: 401, A's session being over.
      server.release(SAVE_PATH);
      await page.waitFor(() => (window as any).__e2e.saves.length > 0, undefined, { what: "A's Save settled" });
      const puts = received(server, 'PUT', SAVE_PATH);
      assert.equal(
        puts.map((request) => request.sessionUser),
        [A.userId],
        `the server saw exactly one PUT, on A's session (userId of each PUT's session: ${puts.map((r) => r.sessionUser)})`,
      );
      assert.equal(await page.evaluate(() => (window as any).__e2e.saves), ['Error'], "A's Save rejected");
      assertUserChanged(await page.evaluate(() => (window as any).__e2e.failures[0]), "A's Save");
      assert.equal(await other.problems(), []);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

// ---------------------------------------------------------------------------------------------
// Every tab follows a change of user

const TICKET = '/web/tickets/SD-1042';
const ticketComment = (page: Page) => page.locator('#emweb >> textarea#ticket-comment');
const commentValue = (page: Page) => ticketComment(page).evaluate((el: HTMLTextAreaElement) => el.value);
const unsavedOf = (page: Page) =>
  page.evaluate(async () => (await (window as any).EMWeb.bootstrap()).state.unsaved.value as boolean);

test("a ready tab follows another user's sign-in: a notice names B and says this page's unsaved work was not kept; A's typed text is gone, nothing unsaved, the header shows B, and no PUT ever carries A's text", () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, server, url }) => {
      await open(TICKET);
      await clientReady(page);
      await ticketComment(page).click();
      await page.waitFor(() => document.querySelector('#emweb')?.shadowRoot?.activeElement?.tagName === 'TEXTAREA');
      await page.type(A_TEXT);
      await page.waitFor(
        (want) => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value === want,
        A_TEXT,
      );
      assert.ok(await unsavedOf(page), "A's typing is unsaved work");

      const other = await page.newPage(VIEWPORT);
      await signInAs(other, url, B.name, '/web/tickets');
      await clientReady(other);

      const notice = page.locator(`#emweb >> role=status >> has-text=${B.name}`);
      await notice.waitFor('visible', { what: `a status notice naming ${B.name}: this tab followed the new user` });
      const said = await notice.text();
      assert.match(said, /unsaved|changes/i, `the notice speaks of the unsaved work (${JSON.stringify(said)})`);
      assert.match(said, /\bnot\b|n't/i, `…and that it was not kept (${JSON.stringify(said)})`);
      await header(page).locator(`text=Signed in as ${B.name}`).waitFor();
      await ticketComment(page).waitFor();
      assert.is(await commentValue(page), '', 'the screen started afresh: the comment field is empty');
      assert.not.ok(
        await page.evaluate((typed) => (document.querySelector('#emweb')?.shadowRoot?.textContent ?? '').includes(typed), A_TEXT),
        "A's text is nowhere on the screen",
      );
      assert.is(await unsavedOf(page), false, 'nothing unsaved');

      // A Save pressed now is B's, on the fresh form: whatever it sends, A's text is not in it.
      const before = received(server, 'PUT', SAVE_PATH).length;
      await page.locator('#emweb >> form button[type="submit"]').click();
      await waitFor(() => received(server, 'PUT', SAVE_PATH).length > before, { what: 'the Save at the server' });
      await page.locator('#emweb >> text=a comment is needed to save').waitFor();
      const bodies = server.product.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
      assert.ok(!bodies.some((body) => body.includes(A_TEXT)), `no PUT carried A's text: ${JSON.stringify(bodies)}`);
      assert.equal(await page.problems(), []);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

// ---------------------------------------------------------------------------------------------
// A screen's client is the screen's

test('a left screen\'s late setUnsaved(false) changes nothing: the next screen\'s unsaved work stays, and a move still asks "Leave this page?"', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open, server }) => {
    await open('/e2e/options.html?routes=form&start=done');
    await clientReady(page, '#app');
    await byRole(page, 'heading', 'Done screen', '#app').waitFor();
    // The person moves on to the form and types: that screen holds unsaved work.
    await byRole(page, 'link', 'Edit the ticket', '#app').click();
    await byRole(page, 'heading', 'Ticket SD-1042', '#app').waitFor();
    await typeComment(page, A_TEXT);
    assert.ok(await page.evaluate(() => (window as any).__e2e.client.state.unsaved.value), 'the form holds unsaved work');

    // The screen left behind still has its client, and says late that it holds nothing.
    await page.evaluate(() => (window as any).__e2e.screens.done.setUnsaved(false));
    assert.is(
      await page.evaluate(() => (window as any).__e2e.client.state.unsaved.value),
      true,
      "state.unsaved stays true: the left screen's word is not the form's",
    );
    assert.ok(await leavingAsks(page), 'leaving the page still asks');
    await byRole(page, 'link', 'Done', '#app').click();
    await byRole(page, 'alertdialog', 'Leave this page?', '#app').waitFor();
    await byRole(page, 'button', 'Stay', '#app').click();

    // Its fetch is no longer a screen's call either: it rejects with an AbortError, and nothing is sent.
    const outcome = await page.evaluate(() =>
      (window as any).__e2e.screens.done.fetch('tickets/SD-1044').then(
        (response: Response) => ({ status: response.status }),
        (error: Error) => ({ name: error?.name }),
      ),
    );
    assert.equal(outcome, { name: 'AbortError' }, "the left screen's fetch");
    assert.is(received(server, 'GET', '/api/tickets/SD-1044').length, 0, 'the server never saw it');
    assert.equal(await page.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// The page-leave question is per client

test('two clients on one page, both holding unsaved work: one unmounted, or one cleared, the page still asks before it is left; none left, it does not', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, open }) => {
    await open('/e2e/two-forms.html');
    await clientReady(page, '#a');
    await clientReady(page, '#b');
    const setUnsaved = (name: string, unsaved: boolean) =>
      page.evaluate(({ name, unsaved }) => (window as any).__e2e.screens[name].setUnsaved(unsaved), { name, unsaved });
    assert.is(await leavingAsks(page), false, 'nothing unsaved: no question');
    await setUnsaved('a', true);
    await setUnsaved('b', true);
    assert.ok(await leavingAsks(page), 'both unsaved: the page asks');

    await setUnsaved('a', false);
    assert.ok(await leavingAsks(page), "#a cleared: #b's work still asks");
    await setUnsaved('a', true);
    await page.evaluate(() => (window as any).EMWeb.unmount('#a'));
    assert.is(await header(page, '#a').count(), 0, '#a is gone');
    assert.ok(await leavingAsks(page), "#a unmounted: #b's work still asks");

    await setUnsaved('b', false);
    assert.is(await leavingAsks(page), false, 'no client holds unsaved work: no question');
    assert.equal(await page.problems(), []);
  }));

// ---------------------------------------------------------------------------------------------
// Sign-out settles every call

test('a sign-out in another tab settles the calls waiting for the sign-in: each rejects with an AbortError, and the server never sees them', () =>
  withPage(
    { auth: 'secgw' },
    VIEWPORT,
    async ({ page, open, server, url }) => {
      const address = '/e2e/options.html?render=form&signOut=record';
      await open(address);
      await clientReady(page, '#app');
      const other = await page.newPage(VIEWPORT);
      await other.goto(`${url}${address}`);
      await clientReady(other, '#app');

      assert.equal(await endSession(page), { ended: true });
      // The first call meets the ended session and brings up the dialog; the second is made while it is up.
      await callFromPage(page, 'tickets/SD-1042');
      await signInDialog(page).waitFor();
      await callFromPage(page, 'tickets/SD-1043');

      await other.evaluate(() => void (window as any).__e2e.client.signOut());
      // This tab's own onSignOut (recording, staying on the page) says the sign-out reached it.
      await page.waitFor(() => (window as any).__e2e.signedOut === 1, undefined, { what: 'the sign-out reached this tab' });
      const first = await settled(page, 'tickets/SD-1042', 'the call that met the 401 to settle after the sign-out');
      const second = await settled(page, 'tickets/SD-1043', 'the call made while the dialog was up to settle after the sign-out');
      assert.is(first.name, 'AbortError', `the call that met the 401 (${JSON.stringify(first)})`);
      assert.is(second.name, 'AbortError', `the call made while the dialog was up (${JSON.stringify(second)})`);
      assert.is(received(server, 'GET', '/api/web/tickets/SD-1042').length, 1, 'sent once, answered 401, never again');
      assert.is(received(server, 'GET', '/api/web/tickets/SD-1043').length, 0, 'the waiting call was never sent');
      assert.equal(await page.problems(), []);
    },
    { signedIn: true, localStorage: { jwt: demoJwt() } },
  ));

test.run();

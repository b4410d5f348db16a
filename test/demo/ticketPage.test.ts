// The demo's ticket page writes as the contract's "working day that loses nothing" asks of a
// host's screen: its fields are labelled, a refused field says why beside itself, its edits are
// the client's unsaved work until saved, a save says so, and a session that ends mid-save loses
// nothing and saves once. Run in happy-dom with the demo's own product code (demo/host-app.js) and
// the demo's tickets on the fake.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import '../../src/embed';
import { createTicketDesk } from '../../demo/tickets.mjs';
import { createProductServer, resetPage } from '../../src/testing';
import type { Client } from '../../src/types/client';

const server = createProductServer();
/** Every change that reached the product's ticket route (not those the gateway stopped). */
let received: string[] = [];
let mount: HTMLElement;

function useFreshDesk() {
  received = [];
  const routes = createTicketDesk().routes(() => true);
  for (const [key, route] of Object.entries(routes)) {
    if (!key.startsWith('PUT ') || typeof route !== 'function') continue;
    routes[key] = (request) => {
      received.push(request.body);
      return route(request);
    };
  }
  server.update({ auth: 'secgw', signedIn: true, routes });
}

async function until<T>(read: () => T | null | undefined | false, what: string): Promise<T> {
  for (let waited = 0; waited < 2000; waited += 5) {
    const value = read();
    if (value) return value;
    await new Promise((next) => setTimeout(next, 5));
  }
  throw new Error(`never saw ${what}`);
}

const root = () => mount.shadowRoot as ShadowRoot;
const shown = (text: string) => until(() => root().textContent?.includes(text), text);
const field = <T extends HTMLElement>(id: string) => root().getElementById(id) as T;

/** The demo's product as host-app.js starts it, at one ticket. */
async function openTicket(id: string): Promise<Client> {
  history.replaceState(null, '', `/web/tickets/${id}`);
  const client = await (window.EMWeb as NonNullable<typeof window.EMWeb>).bootstrap({
    mount,
    production: true,
    routes: { 'tickets/:id': (await import(TICKET_PAGE)).default },
  });
  await until(() => root().getElementById('ticket-comment'), 'the form');
  return client;
}

/**
 * A person's next action comes in a task of its own, after Preact has rendered what the last one
 * changed: so do these (a click in the same task would find the form as it was before the edit).
 */
const nextTask = () => new Promise((next) => setTimeout(next, 0));

async function type(element: HTMLTextAreaElement, value: string) {
  element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
  await nextTask();
}

async function choose(element: HTMLSelectElement, value: string) {
  element.value = value;
  element.dispatchEvent(new Event('change', { bubbles: true }));
  await nextTask();
}

const unsaved = (client: Client): boolean => client.state.unsaved.value;

// Non-literal specifiers: the demo's modules are plain scripts without types.
const TICKET_PAGE = '../../demo/ticket-page.js';
const HOST_APP = '../../demo/host-app.js';

const pressSave = () => root().querySelector<HTMLButtonElement>('form button[type="submit"]')?.click();

const newMount = () => document.body.appendChild(Object.assign(document.createElement('div'), { id: 'emweb' }));

test.before(async () => {
  server.install();
  useFreshDesk();
  // host-app.js shares the product's texts and data hook as window.demoProduct when it plays the
  // product (a path under /web/): the ticket page reads them from there. It starts a client of its
  // own, which the tests replace with fresh ones.
  const its = newMount();
  history.replaceState(null, '', '/web/tickets/SD-1042');
  await import(HOST_APP);
  await resetPage();
  its.remove();
});

test.before.each(() => {
  useFreshDesk();
  mount = newMount();
});

test.after.each(async () => {
  await resetPage();
  mount.remove();
  history.replaceState(null, '', '/web/');
});

test.after(() => server.uninstall());

test("the form holds the ticket's values, each field tied to its label; the assignees come from the product", async () => {
  await openTicket('SD-1042');
  for (const [id, label] of [
    ['ticket-state', 'State'],
    ['ticket-assignee', 'Assignee'],
    ['ticket-comment', 'Comment'],
  ]) {
    assert.is(root().querySelector(`label[for="${id}"]`)?.textContent, label);
  }
  assert.is(field<HTMLSelectElement>('ticket-state').value, 'open');
  await until(() => field<HTMLSelectElement>('ticket-assignee').options.length === 3, 'every assignee');
  assert.is(field<HTMLSelectElement>('ticket-assignee').value, '17');
  assert.is(field<HTMLTextAreaElement>('ticket-comment').value, '');
  assert.is(field('ticket-comment').getAttribute('aria-invalid'), null);
});

test('the first edit is unsaved work; editing back to the ticket as it is leaves none', async () => {
  const client = await openTicket('SD-1042');
  assert.is(unsaved(client), false);
  await choose(field('ticket-state'), 'waiting');
  await until(() => unsaved(client), 'unsaved work');
  await choose(field('ticket-state'), 'open');
  await until(() => !unsaved(client), 'no unsaved work');
});

test('an empty comment: the problem shows beside the comment (aria-invalid, aria-describedby), focus goes there, nothing is saved', async () => {
  const client = await openTicket('SD-1042');
  await choose(field('ticket-state'), 'closed');
  pressSave();
  await until(() => field('ticket-comment').getAttribute('aria-invalid') === 'true', 'the comment marked invalid');
  const comment = field('ticket-comment');
  const problem = root().getElementById(comment.getAttribute('aria-describedby') ?? '');
  assert.match(problem?.textContent ?? '', 'a comment is needed');
  await until(() => root().activeElement === comment, 'focus on the field to mend');
  assert.is(field('ticket-state').getAttribute('aria-invalid'), null, 'the state was fine');
  assert.is(unsaved(client), true, 'the edits are still unsaved');
  assert.is(field<HTMLSelectElement>('ticket-state').value, 'closed', 'and still there');
  assert.equal(received.length, 1, 'the product saw it and refused it');
});

test('a save: the ticket shows the saved values, "Saved" is said, the comment empties and nothing is unsaved', async () => {
  const client = await openTicket('SD-1043');
  await choose(field('ticket-state'), 'waiting');
  await until(() => field<HTMLSelectElement>('ticket-assignee').options.length === 3, 'every assignee');
  await choose(field('ticket-assignee'), '34');
  await type(field('ticket-comment'), 'Ordered from the usual supplier.');
  pressSave();
  await shown('Saved');
  const details = root().querySelector('dl')?.textContent ?? '';
  assert.match(details, 'waiting');
  assert.match(details, 'Kofi Mensah');
  assert.match(root().querySelector('ol')?.textContent ?? '', 'Ordered from the usual supplier.');
  assert.is(field<HTMLTextAreaElement>('ticket-comment').value, '');
  assert.is(unsaved(client), false);
  assert.equal(received, ['{"state":"waiting","assignee":34,"comment":"Ordered from the usual supplier."}']);
});

test('the session ends before Save: the save waits, nothing typed is lost, and after the sign-in it is saved once', async () => {
  // Signed in as the gateway's user: a save goes again only for a user the client can tell is the same.
  server.signIn();
  const client = await openTicket('SD-1044');
  await type(field('ticket-comment'), 'Mailbox created, rights follow tomorrow.');
  server.endSession();
  pressSave();
  await shown('Sign-in required');
  assert.is(field<HTMLTextAreaElement>('ticket-comment').value, 'Mailbox created, rights follow tomorrow.');
  assert.match(root().textContent ?? '', 'Saving…');
  assert.equal(received, [], 'the gateway stopped it');
  server.signIn();
  await shown('Saved');
  assert.equal(received, ['{"state":"waiting","assignee":17,"comment":"Mailbox created, rights follow tomorrow."}']);
  assert.is(unsaved(client), false);
});

test('a comment typed, the page reloaded: it is back on the ticket, and once saved it is saved once and comes back no more', async () => {
  server.signIn();
  await openTicket('SD-1038');
  await type(field('ticket-comment'), 'Cable swapped, link is up.');
  await choose(field('ticket-state'), 'waiting');
  // A reload: a fresh client over the same storage.
  await resetPage({ keepStorage: true });
  const client = await openTicket('SD-1038');
  await until(() => field<HTMLTextAreaElement>('ticket-comment').value === 'Cable swapped, link is up.', 'the comment back');
  assert.is(field<HTMLSelectElement>('ticket-state').value, 'waiting');
  assert.is(unsaved(client), true);
  await shown('Restored unsaved changes from');
  pressSave();
  await shown('Saved');
  assert.equal(received, ['{"state":"waiting","assignee":21,"comment":"Cable swapped, link is up."}']);
  assert.is(unsaved(client), false);
  await resetPage({ keepStorage: true });
  await openTicket('SD-1038');
  assert.is(field<HTMLTextAreaElement>('ticket-comment').value, '');
  assert.not.match(root().textContent ?? '', 'Restored unsaved changes');
});

test.run();

// The README's "Two screens in a dozen lines" run as a host page would run them after the script tag:
// the list comes from the API through client.fetch, a plain link inside the client moves to the ticket
// without a page load, and Back comes back. The README cannot drift from what the client does.
import './setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import '../src/embed';
import { createProductServer, resetPage } from '../src/testing';
import { markedBlocks, theBlock } from './host/markedBlocks';

const TICKETS = [
  { id: 'SD-1', title: 'Printer offline' },
  { id: 'SD-2', title: 'New laptop' },
];

async function until<T>(read: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never saw ${what}`);
}

test("the README's two screens: a list from the API, a link to a ticket, and Back", async () => {
  const server = createProductServer({
    routes: {
      'GET /api/web/tickets': { status: 200, body: TICKETS },
      'GET /api/web/tickets/SD-2': { status: 200, body: TICKETS[1] },
    },
  });
  server.install();
  history.replaceState(null, '', '/web/tickets');
  const mount = document.createElement('div');
  mount.id = 'emweb';
  document.body.append(mount);
  try {
    new Function(theBlock(markedBlocks('README.md'), 'file', 'tickets.js').text)();
    const main = () => mount.shadowRoot?.querySelector('.main');
    await until(() => main()?.textContent?.includes('New laptop'), 'the list');
    const link = await until(() => main()?.querySelector<HTMLAnchorElement>('a[href="/web/tickets/SD-2"]'), 'the link');
    link.click();
    await until(() => main()?.querySelector('h2')?.textContent === 'New laptop', "the ticket's title");
    assert.is(location.pathname, '/web/tickets/SD-2');
    const asked = server.requests.map((request) => `${request.method} ${request.path}`);
    assert.ok(asked.includes('GET /api/web/tickets/SD-2'), 'the ticket came through client.fetch');
    history.back();
    await until(() => main()?.querySelector('h2')?.textContent === 'Tickets', 'the list again');
  } finally {
    await resetPage();
    server.uninstall();
    mount.remove();
    history.replaceState(null, '', '/web/');
  }
});

test.run();

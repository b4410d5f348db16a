// Routes under /web/ through bootstrap, in happy-dom: what the main area shows for a location,
// moves (navigate, links inside the client, Back), focus, lazy screens, and the option's refusals.
import '../setup';
import { h } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap, unmount } from '../../src/client/bootstrap';
import { lazy } from '../../src/routes/lazy';
import { createProductServer, type ProductServer, resetPage } from '../../src/testing';
import type { Client, Routes, ScreenProps } from '../../src/types/client';
import { deferred, settle } from '../fakes';

let el: HTMLElement;
let server: ProductServer;
let unmounted: string[];

test.before.each(() => {
  history.replaceState(null, '', '/web/');
  el = document.createElement('div');
  el.id = 'emweb';
  document.body.append(el);
  server = createProductServer({ auth: 'secgw' });
  server.install();
  unmounted = [];
});
test.after.each(async () => {
  await resetPage();
  server.uninstall();
  document.body.replaceChildren();
  history.replaceState(null, '', '/web/');
});

const shadow = () => el.shadowRoot as ShadowRoot;
const mainText = () => shadow().querySelector('.main')?.textContent ?? '';
const inShadow = <E extends Element>(selector: string) => shadow().querySelector<E>(selector);

function TicketList() {
  useLayoutEffect(() => () => void unmounted.push('list'), []);
  return (
    <section>
      <h2>Tickets</h2>
      <a href="/web/tickets/SD-1042">SD-1042</a> <a href="/web/nowhere">Nowhere</a>
    </section>
  );
}
function Ticket({ params, query, client }: ScreenProps) {
  useLayoutEffect(() => () => void unmounted.push(`ticket ${params.id}`), []);
  return (
    <article>
      <h3>Ticket {params.id}</h3>
      <p>
        tab {query.get('tab') ?? 'none'} · mode {client.authType}
      </p>
    </article>
  );
}
const Plain = () => <p>No heading here</p>;

const ROUTES: Routes = { '': () => <h2>Start</h2>, tickets: TicketList, 'tickets/:id': Ticket, plain: Plain };

async function start(routes: Routes = ROUTES, options = {}): Promise<Client> {
  const client = await bootstrap({ captureErrors: false, routes, ...options });
  await settle();
  return client;
}

/** A real click on a link: bubbles through the shadow root to the page, which records whether it was taken. */
function click(link: Element | null, init: MouseEventInit = {}): boolean {
  assert.ok(link, 'the link is there');
  let taken = false;
  const record = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault(); // happy-dom would load the page otherwise
  };
  window.addEventListener('click', record);
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, button: 0, ...init }));
  window.removeEventListener('click', record);
  return taken;
}

test('a page loaded at a deep path shows that route once ready; state.route and diagnostics follow', async () => {
  history.replaceState(null, '', '/web/tickets/SD-1042?tab=notes');
  const client = await start();
  assert.match(mainText(), 'Ticket SD-1042');
  assert.match(mainText(), 'tab notes · mode secgw', 'the screen gets { client, params, query }');
  assert.equal(client.state.route.value, { path: '/web/tickets/SD-1042', pattern: 'tickets/:id', params: { id: 'SD-1042' } });
  assert.is(client.diagnostics().route, 'tickets/:id', 'the pattern, never the path (it holds ids)');
});

test('while loading no route screen is shown; once ready the current location is', async () => {
  history.replaceState(null, '', '/web/tickets');
  const held = deferred<void>();
  server.update({ routes: { 'GET /api/web/ClientConfiguration': () => held.promise.then(() => ({ status: 200, body: {} })) } });
  const started = bootstrap({ captureErrors: false, routes: ROUTES });
  await settle();
  assert.not.match(mainText(), 'Tickets');
  held.resolve();
  await started;
  await settle();
  assert.match(mainText(), 'Tickets');
});

test('navigate pushes a history entry and shows its route; replace replaces it', async () => {
  const client = await start();
  const before = history.length;
  client.navigate('/web/tickets');
  await settle();
  assert.is(location.pathname, '/web/tickets');
  assert.is(history.length, before + 1);
  assert.match(mainText(), 'Tickets');
  client.navigate('/web/tickets/SD-7?tab=log', { replace: true });
  await settle();
  assert.is(history.length, before + 1, 'replaced, not pushed');
  assert.is(location.pathname + location.search, '/web/tickets/SD-7?tab=log');
  assert.match(mainText(), 'Ticket SD-7');
  assert.equal(client.state.route.value?.params, { id: 'SD-7' });
});

test("navigate to a URL of the origin outside /web/ hands it to the browser; another origin's or a script is refused", async () => {
  const client = await start();
  const assigned: string[] = [];
  const original = location.assign;
  Object.defineProperty(location, 'assign', { configurable: true, value: (url: string) => void assigned.push(url) });
  try {
    client.navigate('/auth/?returnUrl=/web/');
    assert.throws(() => client.navigate('https://elsewhere.test/web/tickets'), TypeError);
    assert.throws(() => client.navigate('javascript:void 0'), TypeError);
  } finally {
    Object.defineProperty(location, 'assign', { configurable: true, value: original });
  }
  assert.equal(assigned, ['/auth/?returnUrl=/web/']);
  assert.is(location.pathname, '/web/');
});

test('a link inside the client moves without a page load; the screen left is unmounted', async () => {
  history.replaceState(null, '', '/web/tickets');
  const client = await start();
  assert.ok(click(inShadow('a[href="/web/tickets/SD-1042"]')), 'the click is taken');
  await settle();
  assert.is(location.pathname, '/web/tickets/SD-1042');
  assert.match(mainText(), 'Ticket SD-1042');
  assert.equal(unmounted, ['list']);
  assert.is(client.state.route.value?.pattern, 'tickets/:id');
});

test("a click with a modifier key or another button on a link inside the client is the browser's", async () => {
  history.replaceState(null, '', '/web/tickets');
  await start();
  assert.not.ok(click(inShadow('a[href="/web/tickets/SD-1042"]'), { ctrlKey: true }));
  assert.not.ok(click(inShadow('a[href="/web/tickets/SD-1042"]'), { button: 1 }));
  assert.is(location.pathname, '/web/tickets');
});

test("the host page's own link under /web/ is left to the browser", async () => {
  const hostLink = document.createElement('a');
  hostLink.href = '/web/tickets';
  document.body.append(hostLink);
  const client = await start();
  assert.not.ok(click(hostLink), 'not taken');
  assert.is(location.pathname, '/web/');
  assert.is(client.state.route.value?.pattern, '');
});

test('Back and Forward (popstate) show the route of the location they reach', async () => {
  const client = await start();
  client.navigate('/web/tickets/SD-1');
  await settle();
  history.replaceState(null, '', '/web/tickets'); // where Back would land
  window.dispatchEvent(new PopStateEvent('popstate'));
  await settle();
  assert.match(mainText(), 'Tickets');
  assert.is(client.state.route.value?.path, '/web/tickets');
});

test('nothing matching: the not-found panel (strings.notFound) with a link to /web/, which moves there', async () => {
  history.replaceState(null, '', '/web/nowhere/at/all');
  const client = await start(ROUTES, { strings: { notFound: 'Seite nicht gefunden' } });
  assert.match(mainText(), 'Seite nicht gefunden');
  assert.equal(client.state.route.value, { path: '/web/nowhere/at/all', pattern: null, params: {} });
  assert.is(client.diagnostics().route, null);
  assert.ok(click(inShadow('.main a[href="/web/"]')));
  await settle();
  assert.match(mainText(), 'Start');
});

test('the default not-found text is "Page not found"', async () => {
  history.replaceState(null, '', '/web/nowhere');
  await start();
  assert.match(mainText(), 'Page not found');
});

test('after a move focus goes to the first heading and the page scrolls to its top; not at the first render', async () => {
  const scrolls: unknown[] = [];
  const original = window.scrollTo;
  window.scrollTo = ((...args: unknown[]) => void scrolls.push(args)) as typeof window.scrollTo;
  try {
    history.replaceState(null, '', '/web/tickets');
    const client = await start();
    assert.is(shadow().activeElement, null, 'the first render takes no focus');
    assert.equal(scrolls, []);
    client.navigate('/web/tickets/SD-9');
    await settle();
    assert.is(shadow().activeElement?.textContent, 'Ticket SD-9', 'the h3, the first heading');
    assert.equal(scrolls, [[0, 0]]);
    client.navigate('/web/plain');
    await settle();
    assert.is(shadow().activeElement, inShadow('.main'), 'no heading: the main area');
    assert.ok(inShadow('.header'), 'the header stays');
  } finally {
    window.scrollTo = original;
  }
});

test('a screen that throws shows the failed-screen panel with Try again, the header staying', async () => {
  let fail = true;
  const Flaky = () => {
    if (fail) throw new Error('the flaky screen broke');
    return <h2>Flaky mended</h2>;
  };
  history.replaceState(null, '', '/web/flaky');
  const client = await start({ flaky: Flaky });
  const logged = client.logger.stats().logged;
  assert.match(mainText(), 'This screen failed');
  assert.match(mainText(), 'the flaky screen broke');
  assert.is(client.logger.stats().logged, logged, 'logged before this read');
  fail = false;
  [...shadow().querySelectorAll('button')].find((b) => b.textContent === 'Try again')?.click();
  await settle();
  assert.match(mainText(), 'Flaky mended');
});

test("a lazy screen: the loading state, then its module's default export; imported once", async () => {
  let imports = 0;
  const module = deferred<{ default: typeof Ticket }>();
  const LazyTicket = lazy(() => {
    imports++;
    return module.promise;
  });
  const client = await start({ ...ROUTES, 'tickets/:id': LazyTicket });
  client.navigate('/web/tickets/SD-3');
  await settle();
  assert.match(mainText(), 'Starting…', 'the loading state');
  assert.is(imports, 1);
  module.resolve({ default: Ticket });
  await settle();
  assert.match(mainText(), 'Ticket SD-3');
  assert.is(shadow().activeElement, inShadow('.main'), 'moved while it loaded: focus on the main area');
  client.navigate('/web/tickets/SD-4');
  await settle();
  assert.match(mainText(), 'Ticket SD-4');
  assert.is(imports, 1, 'not imported again');
});

test('a lazy screen whose import fails: the failed-screen panel, logged once; Try again imports again', async () => {
  let fail!: (error: Error) => void;
  const first = new Promise<{ default: typeof Ticket }>((_, reject) => (fail = reject));
  let imports = 0;
  const LazyTicket = lazy(() => {
    imports++;
    return imports === 1 ? first : Promise.resolve({ default: Ticket });
  });
  history.replaceState(null, '', '/web/tickets/SD-5');
  const client = await start({ 'tickets/:id': LazyTicket });
  assert.match(mainText(), 'Starting…');
  const before = client.logger.stats().logged;
  fail(new TypeError('Failed to fetch dynamically imported module'));
  await settle();
  await settle();
  assert.match(mainText(), 'This screen failed');
  assert.match(mainText(), 'Failed to fetch dynamically imported module');
  assert.is(client.logger.stats().logged - before, 1, 'logged once');
  [...shadow().querySelectorAll('button')].find((b) => b.textContent === 'Try again')?.click();
  await settle();
  assert.is(imports, 2);
  assert.match(mainText(), 'Ticket SD-5');
  assert.is(client.logger.stats().logged - before, 1, 'still once');
});

test('routes with render rejects with an Error saying to pass one of them', async () => {
  const error = await bootstrap({ routes: ROUTES, render: () => 'x' }).catch((e) => e);
  assert.instance(error, Error);
  assert.match(error.message, /routes or render, not both/);
  assert.is(el.shadowRoot, null, 'nothing started');
});

test("a second client with routes rejects with an Error naming the running one's mount element", async () => {
  await start();
  const other = document.createElement('div');
  other.id = 'second';
  document.body.append(other);
  const error = await bootstrap({ mount: other, routes: ROUTES, captureErrors: false }).catch((e) => e);
  assert.instance(error, Error);
  assert.match(error.message, '#emweb');
  assert.ok(await bootstrap({ mount: other, captureErrors: false }), 'one without routes may run beside it');
  await unmount(el);
  assert.ok(await bootstrap({ mount: '#emweb', routes: ROUTES, captureErrors: false }), 'once it has gone, another may');
});

test('without routes nothing changes: no popstate listener, no link handling, navigate loads the page', async () => {
  const added: string[] = [];
  const original = window.addEventListener;
  window.addEventListener = function (this: Window, type: string, ...rest: unknown[]) {
    added.push(type);
    return (original as (...a: unknown[]) => void).call(this, type, ...rest);
  } as typeof window.addEventListener;
  try {
    const client = await bootstrap({ captureErrors: false, render: () => <a href="/web/tickets">Tickets</a> });
    await settle();
    assert.not.ok(added.includes('popstate'));
    assert.not.ok(click(inShadow('a')), "the link is the browser's");
    assert.is(client.state.route.value, null);
    assert.is(client.diagnostics().route, null);
  } finally {
    window.addEventListener = original;
  }
});

test('unmount stops listening to the history', async () => {
  const client = await start();
  await client.unmount();
  history.replaceState(null, '', '/web/tickets');
  window.dispatchEvent(new PopStateEvent('popstate'));
  assert.is(client.state.route.value?.path, '/web/', 'no longer follows');
});

test.run();

// A routed client's moves, with the guard a test's own: a place on the same screen asks nothing and
// keeps the screen; navigate takes URLs of the page's origin only.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRouting, type Routing, type RoutingWindow } from '../../src/routes/routing';
import type { MoveGuard } from '../../src/session/workingDay';
import type { Routes } from '../../src/types/client';

const ROUTES: Routes = { form: () => null, done: () => null };

let routing: Routing | undefined;
test.after.each(() => {
  routing?._end();
  routing = undefined;
  history.replaceState(null, '', '/web/');
});

/** A routing over happy-dom's window at `path`, whose guard records each question and says Stay; the page loads nothing. */
function setup(path = '/web/form') {
  history.replaceState(null, '', path);
  const asked: string[] = [];
  const assigned: string[] = [];
  const guard: MoveGuard = (_go, stay) => {
    asked.push(location.pathname);
    stay();
  };
  const win: RoutingWindow = {
    location: new Proxy(location, {
      get: (target, name) => (name === 'assign' ? (url: string) => void assigned.push(String(url)) : Reflect.get(target, name)),
    }),
    history,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  routing = createRouting(ROUTES, win, guard);
  const shown: string[] = [];
  const stop = routing._location.subscribe((at) => void shown.push(at));
  return { routing, asked, assigned, shown, stop };
}

function linkClick(href: string): MouseEvent {
  const link = document.createElement('a');
  link.setAttribute('href', href);
  const event = new MouseEvent('click', { button: 0, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'composedPath', { value: () => [link, document.body] });
  return event;
}

test('a place on the same screen (only the fragment differs): no question, an entry of its own, the screen not shown again', () => {
  const { routing, asked, shown } = setup();
  const before = history.length;
  routing._navigate('#notes');
  assert.is(location.pathname + location.hash, '/web/form#notes');
  assert.is(history.length, before + 1, 'an entry of its own, as a browser makes one');
  assert.equal(routing._place.value, { hash: '#notes' });

  const click = linkClick('/web/form#history');
  routing._follow(click);
  assert.ok(click.defaultPrevented, 'taken: the browser would not look for the place inside the client');
  assert.is(location.hash, '#history');
  assert.is(history.length, before + 2);
  assert.equal(routing._place.value, { hash: '#history' });

  routing._navigate('/web/form#history');
  assert.is(history.length, before + 2, 'the same address again: no new entry');
  assert.equal(asked, [], 'nothing asked');
  assert.equal(shown, ['/web/form'], 'the location the screen shows never changed');

  routing._navigate('/web/done');
  assert.equal(asked, ['/web/form'], 'another screen asks');
});

test("client.navigate takes URLs of the page's origin only: a script or another scheme or origin is a TypeError, and nothing runs", () => {
  const { routing, asked, assigned } = setup();
  const before = history.length;
  for (const url of [
    'javascript:window.__ran = true',
    ' JavaScript:window.__ran = true',
    'data:text/html,<script>window.__ran = true</script>',
    'blob:http://localhost/1c2d',
    'https://elsewhere.test/web/tickets',
    '//elsewhere.test/web/',
  ]) {
    assert.throws(
      () => routing._navigate(url),
      (error: unknown) => error instanceof TypeError,
      url,
    );
  }
  assert.equal([asked, assigned, history.length, location.href], [[], [], before, 'http://localhost/web/form']);

  routing._navigate('/auth/?returnUrl=/web/');
  assert.equal(assigned, ['/auth/?returnUrl=/web/'], "the origin's own page outside /web/ is the browser's");
});

test.run();

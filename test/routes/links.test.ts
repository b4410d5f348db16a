// Which clicks inside the client move without a page load: the table of the contract's rules.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientUrl, linkToFollow } from '../../src/routes/links';

// happy-dom's page is http://localhost/web/ (test/setup.ts): links resolve against it.
const page = location;

function linkClick(attributes: Record<string, string>, init: MouseEventInit = {}) {
  const link = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const event = new MouseEvent('click', { button: 0, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'composedPath', { value: () => [link.firstChild ?? link, link, document.body] });
  return event;
}

const followed = (attributes: Record<string, string>, init?: MouseEventInit) =>
  linkToFollow(linkClick(attributes, init), page)?.href ?? null;

test('a plain link on the origin under /web/ is followed, read against the page', () => {
  assert.is(followed({ href: '/web/tickets/SD-1042' }), 'http://localhost/web/tickets/SD-1042');
  assert.is(followed({ href: 'SD-1042' }), 'http://localhost/web/SD-1042');
  assert.is(followed({ href: 'http://localhost/web/' }), 'http://localhost/web/');
  assert.is(followed({ href: '/web/tickets?state=closed' }), 'http://localhost/web/tickets?state=closed');
  assert.is(followed({ href: '/web/#top' }), 'http://localhost/web/#top');
  assert.is(followed({ href: '/web/tickets#top' }), 'http://localhost/web/tickets#top');
  assert.is(followed({ href: '/web/tickets/1', target: '_self' }), 'http://localhost/web/tickets/1');
});

const LEFT_TO_THE_BROWSER: [string, Record<string, string>, MouseEventInit?][] = [
  ['ctrl', { href: '/web/tickets/1' }, { ctrlKey: true }],
  ['meta', { href: '/web/tickets/1' }, { metaKey: true }],
  ['shift', { href: '/web/tickets/1' }, { shiftKey: true }],
  ['alt', { href: '/web/tickets/1' }, { altKey: true }],
  ['the middle button', { href: '/web/tickets/1' }, { button: 1 }],
  ['target _blank', { href: '/web/tickets/1', target: '_blank' }],
  ['a named target', { href: '/web/tickets/1', target: 'reports' }],
  ['download', { href: '/web/tickets/1', download: '' }],
  ['another origin', { href: 'https://elsewhere.test/web/tickets/1' }],
  ['another port', { href: 'http://localhost:8081/web/tickets/1' }],
  ['outside /web/', { href: '/auth/?returnUrl=/web/' }],
  ['a path that only starts like /web', { href: '/webshop/' }],
  ['mailto', { href: 'mailto:desk@example.test' }],
  ['no href', {}],
];

for (const [why, attributes, init] of LEFT_TO_THE_BROWSER) {
  test(`left to the browser: ${why}`, () => {
    assert.is(followed(attributes, init), null);
  });
}

test('a click a screen has handled already (defaultPrevented) is left alone', () => {
  const event = linkClick({ href: '/web/tickets/1' });
  event.preventDefault();
  assert.is(linkToFollow(event, page), null);
});

test('a click on something else than a link is not a move', () => {
  const event = new MouseEvent('click', { button: 0 });
  Object.defineProperty(event, 'composedPath', { value: () => [document.createElement('button'), document.body] });
  assert.is(linkToFollow(event, page), null);
});

test("clientUrl: only the page's origin under /web/", () => {
  assert.is(clientUrl('/web/x', page)?.pathname, '/web/x');
  assert.is(clientUrl('https://elsewhere.test/web/x', page), null);
  assert.is(clientUrl('/api/web/tickets', page), null);
  assert.throws(() => clientUrl('http://[bad', page));
});

test.run();

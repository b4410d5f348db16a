import { pathBelowBase } from './match';

/** `url` read against the page's address, when it is one of the client's: on the page's origin and under /web/. */
export function clientUrl(url: string | URL, page: Location): URL | null {
  let target: URL;
  try {
    target = new URL(url, page.href);
  } catch {
    return null;
  }
  return target.origin === page.origin && pathBelowBase(target.pathname) !== null ? target : null;
}

/** What a click carries that decides whose it is: the event as the browser gives it. */
type LinkClick = Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'defaultPrevented' | 'composedPath'>;

// An HTML or an SVG link: its attribute is read, since an SVG link's `href` is not a string.
const isLink = (target: EventTarget): target is Element =>
  (target as Element).localName === 'a' && (target as Element).hasAttribute?.('href');

/**
 * The address a click inside the client moves to without a page load, or null when the click is the
 * browser's: another button or a modifier key (a new tab or window, a download), a `target` other
 * than `_self`, `download`, a URL that is not the client's, or a link to a place on this same page
 * (its fragment is the browser's to scroll to). A click a screen has already handled is left alone.
 * The link is found through the composed path, so a link in a screen's own shadow root counts too.
 */
export function linkToFollow(click: LinkClick, page: Location): URL | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.ctrlKey || click.metaKey || click.altKey || click.shiftKey) return null;
  const link = click.composedPath().find(isLink);
  if (!link) return null;
  const target = link.getAttribute('target');
  if ((target && !/^_self$/i.test(target)) || link.hasAttribute('download')) return null;
  const url = clientUrl(link.getAttribute('href') as string, page);
  if (!url) return null;
  const samePage = url.pathname === page.pathname && url.search === page.search && url.hash !== '';
  return samePage ? null : url;
}

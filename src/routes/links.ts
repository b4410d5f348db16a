import { pathBelowBase } from './match';

/**
 * `url` read against the page's address, when it is on the page's origin, its scheme too (never a
 * `javascript:` or a `blob:` URL). A URL that does not parse throws, as `location.assign` would.
 */
function pageUrl(url: string | URL, page: Location): URL | null {
  const target = new URL(url, page.href);
  return target.origin === page.origin && target.protocol === page.protocol ? target : null;
}

/** `url` read against the page's address, when it is one of the client's: on the page's origin and under /web/. */
export function clientUrl(url: string | URL, page: Location): URL | null {
  const target = pageUrl(url, page);
  return target && pathBelowBase(target.pathname) !== null ? target : null;
}

/** What `client.navigate` takes: a URL of the page's origin; any other is refused before anything runs. */
export function navigableUrl(url: string | URL, page: Location): URL {
  const target = pageUrl(url, page);
  if (!target) throw new TypeError(`EMWeb: client.navigate takes URLs of the page's origin only, not ${url}`);
  return target;
}

/** What a click carries that decides whose it is: the event as the browser gives it. */
type LinkClick = Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'defaultPrevented' | 'composedPath'>;

// An HTML or an SVG link: its attribute is read, since an SVG link's `href` is not a string.
const isLink = (target: EventTarget): target is Element =>
  (target as Element).localName === 'a' && (target as Element).hasAttribute?.('href');

/**
 * The address a click inside the client moves to without a page load, or null when the click is the
 * browser's: another button or a modifier key (a new tab or window, a download), a `target` other
 * than `_self`, `download`, or a URL that is not the client's. A click a screen has already handled
 * is left alone.
 * The link is found through the composed path, so a link in a screen's own shadow root counts too.
 */
export function linkToFollow(click: LinkClick, page: Location): URL | null {
  const link = click.composedPath().find(isLink);
  const target = link?.getAttribute('target') || '_self';
  const browsers =
    !link ||
    click.defaultPrevented ||
    click.button ||
    click.ctrlKey ||
    click.metaKey ||
    click.altKey ||
    click.shiftKey ||
    target.toLowerCase() !== '_self' ||
    link.hasAttribute('download');
  return browsers ? null : clientUrl(link.getAttribute('href') as string, page);
}

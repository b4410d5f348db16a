/**
 * Routes under /web/ for one client: the location it shows (a signal), the route that matches it,
 * moves (`navigate`, a followed link, Back and Forward) and what they listen to. Only a client with
 * `routes` has one: without it nothing listens to the history or to clicks.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { clientUrl, linkToFollow } from './links';
import { matchRoute } from './match';
import type { CurrentRoute, NavigateOptions, RouteScreen, Routes } from './types';

/** The part of the location a screen depends on; the fragment is the browser's. */
interface ShownLocation {
  path: string;
  search: string;
}

export interface Routing {
  location: ReadonlySignal<ShownLocation>;
  route: ReadonlySignal<CurrentRoute>;
  /** The screen of a matching key. */
  screenOf(pattern: string): RouteScreen;
  navigate(url: string | URL, options?: NavigateOptions): void;
  /** The click listener for the client's own root: links inside the client only. */
  follow(event: Event): void;
  /** Stops listening to the history. */
  end(): void;
}

/** The browser pieces routing uses: the window's, or a test's. */
export type RoutingWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

/** Refuses `routes` whose screens are not components, naming the key at fault (`null` throws in Object.entries). */
export function checkRoutes(routes: Routes): void {
  for (const [pattern, screen] of Object.entries(routes)) {
    if (typeof screen !== 'function') throw new TypeError(`EMWeb: routes["${pattern}"] is not a component`);
  }
}

export function createRouting(routes: Routes, win: RoutingWindow): Routing {
  const patterns = Object.keys(routes);
  const read = (): ShownLocation => ({ path: win.location.pathname, search: win.location.search });
  const location = signal(read());
  // A move to a place on the same page (its fragment) shows the same screen: nothing re-renders.
  const update = () => {
    const now = read();
    if (now.path !== location.peek().path || now.search !== location.peek().search) location.value = now;
  };
  const route = computed(() => matchRoute(patterns, location.value.path));

  const navigate = (url: string | URL, options: NavigateOptions = {}) => {
    const target = clientUrl(url, win.location);
    if (!target) return win.location.assign(String(url));
    const href = target.pathname + target.search + target.hash;
    if (options.replace) win.history.replaceState(null, '', href);
    else win.history.pushState(null, '', href);
    update();
  };

  win.addEventListener('popstate', update);
  return {
    location,
    route,
    screenOf: (pattern) => routes[pattern] as RouteScreen,
    navigate,
    follow(event) {
      const url = linkToFollow(event as MouseEvent, win.location);
      if (!url) return;
      event.preventDefault();
      navigate(url);
    },
    end: () => win.removeEventListener('popstate', update),
  };
}

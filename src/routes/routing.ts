/**
 * Routes under /web/ for one client: the location it shows (a signal), the route that matches it,
 * moves (`navigate`, a followed link, Back and Forward) and what they listen to. Only a client with
 * `routes` has one: without it nothing listens to the history or to clicks.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { Routes } from '../client/types';
import { clientUrl, linkToFollow } from './links';
import { matchRoute } from './match';
import type { CurrentRoute, NavigateOptions } from './types';

export interface Routing {
  /** The location's path and search (`/web/tickets?state=all`): its fragment is the browser's. */
  location: ReadonlySignal<string>;
  route: ReadonlySignal<CurrentRoute>;
  /** The screens by pattern, as the option gave them. */
  routes: Routes;
  navigate(url: string | URL, options?: NavigateOptions): void;
  /** The click listener for the client's own root: links inside the client only. */
  follow(event: Event): void;
  /** Stops listening to the history. */
  end(): void;
}

/** The browser pieces routing uses: the window's, or a test's. */
export type RoutingWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

export function createRouting(routes: Routes, win: RoutingWindow): Routing {
  const patterns = Object.keys(routes);
  const read = () => win.location.pathname + win.location.search;
  // A move to a place on the same page (its fragment) shows the same screen: the signal keeps its value.
  const location = signal(read());
  const update = () => {
    location.value = read();
  };
  const route = computed(() => matchRoute(patterns, location.value.split('?')[0] as string));

  const navigate = (url: string | URL, options: NavigateOptions = {}) => {
    const target = clientUrl(url, win.location);
    if (!target) return win.location.assign(url);
    const href = target.pathname + target.search + target.hash;
    win.history[options.replace ? 'replaceState' : 'pushState'](null, '', href);
    update();
  };

  win.addEventListener('popstate', update);
  return {
    location,
    route,
    routes,
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

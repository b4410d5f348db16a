/**
 * Routes under /web/ for one client: the location it shows (a signal), the route that matches it,
 * moves (`navigate`, a followed link, Back and Forward) and what they listen to. Only a client with
 * `routes` has one: without it nothing listens to the history or to clicks.
 *
 * Every move asks the client's guard first (unsaved work: "Leave this page?"). Back and Forward have
 * moved the location already when the page hears of them, so each history entry the routing makes
 * carries its index (`emwebIndex` in `history.state`): staying goes back by the distance moved.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { MoveGuard } from '../session/workingDay';
import type { CurrentRoute } from '../state/clientState';
import type { NavigateOptions, Routes } from '../types/client';
import { linkToFollow, navigableUrl } from './links';
import { matchRoute, pathBelowBase } from './match';

export interface Routing {
  /** The location's path and search (`/web/tickets?state=all`): its fragment is the browser's. */
  _location: ReadonlySignal<string>;
  _route: ReadonlySignal<CurrentRoute>;
  /** The screens by pattern, as the option gave them. */
  _routes: Routes;
  _navigate(url: string | URL, options?: NavigateOptions): void;
  /** The click listener for the client's own root: links inside the client only. */
  _follow(event: Event): void;
  /** Stops listening to the history. */
  _end(): void;
}

/** The browser pieces routing uses: the window's, or a test's. */
export type RoutingWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

const moveAtOnce: MoveGuard = (go) => go();

/** Where a history entry's index is kept, beside whatever else its state holds. */
const INDEX = 'emwebIndex';

const indexOf = (state: unknown): number | null => {
  const index = (state as Record<string, unknown> | null)?.[INDEX];
  return typeof index === 'number' ? index : null;
};
const withIndex = (state: unknown, index: number) => ({
  ...(typeof state === 'object' && state !== null ? state : {}),
  [INDEX]: index,
});

export function createRouting(routes: Routes, win: RoutingWindow, guard: MoveGuard = moveAtOnce): Routing {
  const patterns = Object.keys(routes);
  const { history } = win;
  const read = () => win.location.pathname + win.location.search;
  // A move to a place on the same page (its fragment) shows the same screen: the signal keeps its value.
  const location = signal(read());
  const route = computed(() => matchRoute(patterns, location.value.split('?')[0] as string));
  let index = indexOf(history.state) ?? 0;
  if (indexOf(history.state) === null) history.replaceState(withIndex(history.state, index), '');
  /** The `popstate` of a Stay's own step back, which is no move. */
  let undoing = false;

  const navigate = (url: string | URL, options: NavigateOptions = {}) => {
    const target = navigableUrl(url, win.location);
    if (pathBelowBase(target.pathname) === null) return win.location.assign(url);
    guard(
      () => {
        const href = target.pathname + target.search + target.hash;
        if (!options.replace) index += 1;
        history[options.replace ? 'replaceState' : 'pushState'](withIndex(null, index), '', href);
        location.value = read();
      },
      () => {},
    );
  };

  const onPopState = () => {
    if (undoing) {
      undoing = false;
      return;
    }
    const reached = indexOf(history.state);
    if (read() === location.value) {
      index = reached ?? index;
      return;
    }
    const distance = reached === null ? null : reached - index;
    const shown = location.value;
    guard(
      () => {
        index = reached ?? index;
        location.value = read();
      },
      () => {
        if (distance) {
          undoing = true;
          history.go(-distance);
        } else {
          // An entry the routing did not make: the screen's address comes back as a new one.
          index += 1;
          history.pushState(withIndex(null, index), '', shown);
        }
      },
    );
  };

  win.addEventListener('popstate', onPopState);
  return {
    _location: location,
    _route: route,
    _routes: routes,
    _navigate: navigate,
    _follow(event) {
      const url = linkToFollow(event as MouseEvent, win.location);
      if (!url) return;
      event.preventDefault();
      navigate(url);
    },
    _end: () => win.removeEventListener('popstate', onPopState),
  };
}

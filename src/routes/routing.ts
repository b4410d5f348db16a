/**
 * Routes under /web/ for one client: the location it shows (a signal), the route that matches it,
 * moves (`navigate`, a followed link, Back and Forward) and what they listen to. Only a client with
 * `routes` has one: without it nothing listens to the history or to clicks.
 *
 * Every move to another screen asks the client's guard first (unsaved work: "Leave this page?"); a
 * move to a place on the same screen (only the fragment differs) leaves the screen as it is, so it
 * asks nothing and loses nothing. Back and Forward have
 * moved the location already when the page hears of them, so each history entry the routing makes
 * carries its index (`emwebIndex` in `history.state`): staying goes back by the distance moved.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { MoveGuard } from '../session/workingDay';
import type { CurrentRoute } from '../state/clientState';
import type { NavigateOptions, Routes } from '../types/client';
import { linkToFollow, navigableUrl } from './links';
import { matchRoute, pathBelowBase } from './match';

/** A place on the shown screen a move asked for: its fragment (`#notes`, or '' for none). */
interface Place {
  hash: string;
}

export interface Routing {
  /** The location's path and search (`/web/tickets?state=all`): its fragment is the browser's. */
  _location: ReadonlySignal<string>;
  _route: ReadonlySignal<CurrentRoute>;
  /** The place the last move on the same screen asked for (a record each move, so the same place again counts). */
  _place: ReadonlySignal<Place | null>;
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

export function createRouting(routes: Routes, win: RoutingWindow, guard: MoveGuard): Routing {
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

  const place = signal<Place | null>(null);

  const navigate = (url: string | URL, options: NavigateOptions = {}) => {
    const target = navigableUrl(url, win.location);
    if (pathBelowBase(target.pathname) === null) return win.location.assign(url);
    const onScreen = target.pathname + target.search === read();
    // The same address again is no new entry, as a browser does for a link to where it is.
    const replace = options.replace || target.href === win.location.href;
    const go = () => {
      const href = target.pathname + target.search + target.hash;
      if (!replace) index += 1;
      history[replace ? 'replaceState' : 'pushState'](withIndex(null, index), '', href);
      location.value = read();
    };
    if (!onScreen) return guard(go, () => {});
    go();
    place.value = { hash: target.hash };
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
    _place: place,
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

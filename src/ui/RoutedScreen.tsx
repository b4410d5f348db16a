import type { Ref, RefObject } from 'preact';
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { LoadingText } from '../routes/lazy';
import { BASE_PATH } from '../routes/match';
import type { Routing } from '../routes/routing';
import type { RouteScreen } from '../types/client';
import { focusFirstHeading } from './focus';
import { HostScreen } from './HostScreen';
import type { Shell } from './shell';

/**
 * After a move (never at the first render) focus goes to the new screen's first heading (made
 * focusable by script), else to the main area, and the page scrolls to its top: a keyboard or
 * screen-reader user is where a page load would have put them. A lazy screen still loading has no
 * heading yet: the main area gets it.
 */
function useMoveFocus(at: string, area: RefObject<HTMLElement | null>): void {
  const shown = useRef(at);
  useLayoutEffect(() => {
    const element = area.current;
    if (shown.current === at || !element) return;
    shown.current = at;
    focusFirstHeading(element, element);
    scrollTo(0, 0);
  }, [at]);
}

export interface RoutedScreenProps {
  shell: Shell;
  routing: Routing;
  headingRef: Ref<HTMLHeadingElement>;
  /** The main area: where focus goes when the screen has no heading. */
  area: RefObject<HTMLElement | null>;
}

/**
 * The screen of the location's route, or the built-in not-found panel with a way back to the start.
 * Each path gets a screen of its own: the one of the path left is unmounted, even when both paths
 * have the same route.
 */
export function RoutedScreen({ shell, routing, headingRef, area }: RoutedScreenProps) {
  const strings = shell._strings;
  const at = routing._location.value;
  const { path, pattern, params } = routing._route.value;
  useMoveFocus(at, area);
  if (pattern === null) {
    return (
      <section class="panel">
        <h2>{strings.notFound}</h2>
        <a href={BASE_PATH}>{strings.notFoundLink}</a>
      </section>
    );
  }
  const Screen = routing._routes[pattern] as RouteScreen;
  const query = new URLSearchParams(at.slice(path.length));
  return (
    <LoadingText.Provider value={strings.loading}>
      <HostScreen
        key={path}
        render={(client) => <Screen client={client} params={params} query={query} />}
        shell={shell}
        headingRef={headingRef}
      />
    </LoadingText.Provider>
  );
}

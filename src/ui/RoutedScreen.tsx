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

/** A fragment's id as a browser reads it: decoded, or as it is when it does not decode. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * A move to a place on the same screen shows it, as a browser shows a fragment: its element (in the
 * client's own root, where the browser would not look), else the top for none or `#top`. Focus and
 * the screen stay as they are.
 */
function usePlace(routing: Routing, area: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const before = routing._place.peek();
    return routing._place.subscribe((place) => {
      if (!place || place === before) return;
      const id = fragmentId(place.hash);
      const element = id && (area.current?.getRootNode() as ShadowRoot | undefined)?.getElementById(id);
      if (element) element.scrollIntoView();
      else if (!id || id.toLowerCase() === 'top') scrollTo(0, 0);
    });
  }, [routing]);
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
  usePlace(routing, area);
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

import type { Ref, RefObject } from 'preact';
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Client } from '../client/types';
import { type RouteFrame, RouteFrameContext } from '../routes/lazy';
import { BASE_PATH } from '../routes/match';
import type { Routing } from '../routes/routing';
import { HostScreen } from './HostScreen';
import type { Strings } from './strings';

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/** The built-in panel for a location no route matches: a way back to the start. */
function NotFound({ strings, headingRef }: { strings: Strings; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section class="panel">
      <h2 tabIndex={-1} ref={headingRef}>
        {strings.notFound}
      </h2>
      <p>
        <a href={BASE_PATH}>{strings.notFoundLink}</a>
      </p>
    </section>
  );
}

/** Focus on the screen's first heading (made focusable by script), else on the main area itself. */
function focusScreen(area: HTMLElement): boolean {
  const heading = area.querySelector<HTMLElement>(HEADINGS);
  const target = heading ?? area;
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return heading !== null;
}

/**
 * After a move (never at the first render) focus goes to the new screen and the page scrolls to
 * its top, so that a keyboard or screen reader user is where a page load would have put them. A
 * lazy screen still loading has no heading yet: focus waits on the main area until it comes.
 */
function useMoveFocus(at: string, area: RefObject<HTMLElement | null>): RouteFrame['shown'] {
  const shown = useRef(at);
  const waiting = useRef(false);
  useLayoutEffect(() => {
    if (shown.current === at || !area.current) return;
    shown.current = at;
    waiting.current = !focusScreen(area.current);
    scrollTo(0, 0);
  }, [at]);
  return () => {
    const element = area.current;
    const stillThere = element && (element.getRootNode() as Document | ShadowRoot).activeElement === element;
    if (waiting.current && stillThere) focusScreen(element);
    waiting.current = false;
  };
}

export interface RoutedScreenProps {
  routing: Routing;
  client: Client;
  strings: Strings;
  onError(error: unknown): void;
  headingRef: Ref<HTMLHeadingElement>;
  /** The main area: where focus goes when the screen has no heading. */
  area: RefObject<HTMLElement | null>;
}

/**
 * The screen of the location's route, or the not-found panel. Each path gets a screen of its own:
 * the one of the path left is unmounted, even when both paths have the same route.
 */
export function RoutedScreen({ routing, client, strings, onError, headingRef, area }: RoutedScreenProps) {
  const { path, search } = routing.location.value;
  const { pattern, params } = routing.route.value;
  const shown = useMoveFocus(path + search, area);
  const frame: RouteFrame = { loading: strings.loading, shown };
  if (pattern === null) return <NotFound strings={strings} headingRef={headingRef} />;
  const Screen = routing.screenOf(pattern);
  const query = new URLSearchParams(search);
  return (
    <RouteFrameContext.Provider value={frame}>
      <HostScreen
        key={path}
        render={() => <Screen client={client} params={params} query={query} />}
        client={client}
        strings={strings}
        onError={onError}
        headingRef={headingRef}
      />
    </RouteFrameContext.Provider>
  );
}

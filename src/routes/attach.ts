import { effect } from '@preact/signals';
import type { ClientRun } from '../client/run';
import type { BootstrapOptions } from '../client/types';
import { createRouting, type Routing } from './routing';

/**
 * Refuses what cannot be routed, before anything starts: `routes` with `render`, and a second
 * client with `routes` while one runs (the location is the page's: two would fight over it).
 */
export function checkRoutesOption(options: BootstrapOptions, routedElement: Element | false | undefined): void {
  if (options.routes === undefined) return;
  if (options.render !== undefined) {
    throw new Error('EMWeb: pass routes or render, not both');
  }
  if (routedElement) {
    // Named as a selector would: `#emweb`, else its tag.
    throw new Error(`EMWeb: routes already run in ${routedElement.id ? `#${routedElement.id}` : routedElement.localName}`);
  }
}

/** Gives a run its routes: its client's navigate and state.route follow the routing, which ends with the run. */
export function routeRun(run: ClientRun, options: BootstrapOptions): Routing | undefined {
  if (!options.routes) return undefined;
  const routing = createRouting(options.routes, window);
  const { route } = run._state;
  const stopFollowing = effect(() => {
    route.value = routing.route.value;
  });
  run._client.navigate = routing.navigate;
  run._onEnd(() => {
    stopFollowing();
    routing.end();
  });
  return routing;
}

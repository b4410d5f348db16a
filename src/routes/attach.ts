import { effect } from '@preact/signals';
import type { ClientRun } from '../client/run';
import type { BootstrapOptions } from '../client/types';
import { checkRoutes, createRouting, type Routing } from './routing';

/** How an error names a mount element: `#emweb`, else its tag and classes. */
const describe = (element: Element): string =>
  element.id ? `#${element.id}` : [element.localName, ...element.classList].join('.');

/**
 * Refuses what cannot be routed, before anything starts: `routes` with `render`, and a second
 * client with `routes` while one runs (the location is the page's: two would fight over it).
 */
export function checkRoutesOption(options: BootstrapOptions, routedElement: Element | undefined): void {
  if (options.routes === undefined) return;
  if (options.render !== undefined) {
    throw new Error('EMWeb: pass either routes or render, not both');
  }
  checkRoutes(options.routes);
  if (routedElement) {
    throw new Error(`EMWeb: a client with routes runs in ${describe(routedElement)} (one per page)`);
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

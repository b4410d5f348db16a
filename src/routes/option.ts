/**
 * Refuses what cannot be routed, before anything starts: `routes` with `render`, and a second
 * client with `routes` while one runs (the location is the page's: two would fight over it).
 */
export function checkRoutesOption(
  options: { routes?: unknown; render?: unknown },
  routedElement: Element | false | undefined,
): void {
  if (options.routes === undefined) return;
  if (options.render !== undefined) {
    throw new Error('EMWeb: pass routes or render, not both');
  }
  if (routedElement) {
    // Named as a selector would: `#emweb`, else its tag.
    throw new Error(`EMWeb: routes already run in ${routedElement.id ? `#${routedElement.id}` : routedElement.localName}`);
  }
}

import { BREAKPOINTS, type Breakpoint } from '../product/constants';

/** The breakpoint of a viewport `width` px wide: xs under 768, sm under 992, md under 1200, else lg. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

type MatchMedia = (query: string) => MediaQueryList;

/**
 * Follows the breakpoint through media queries rather than resize events: the browser then
 * decides the boundaries exactly as CSS does, and nothing runs while the width stays inside one.
 * Returns the function that stops watching.
 */
export function watchBreakpoint(matchMedia: MatchMedia | undefined, onChange: (breakpoint: Breakpoint) => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  // Widest last: the last query that matches names the breakpoint.
  const queries = (['sm', 'md', 'lg'] as const).map((name) => ({
    name,
    list: matchMedia(`(min-width: ${BREAKPOINTS[name]}px)`),
  }));
  const read = () => onChange(queries.filter(({ list }) => list.matches).at(-1)?.name ?? 'xs');
  for (const { list } of queries) list.addEventListener('change', read);
  read();
  return () => {
    for (const { list } of queries) list.removeEventListener('change', read);
  };
}

import { BREAKPOINTS, type Breakpoint } from '../constants';

/** The breakpoint of a viewport `width` px wide: xs under 768, sm under 992, md under 1200, else lg. */
export const breakpointOf = (width: number): Breakpoint =>
  width >= BREAKPOINTS.lg ? 'lg' : width >= BREAKPOINTS.md ? 'md' : width >= BREAKPOINTS.sm ? 'sm' : 'xs';

type MatchMedia = (query: string) => MediaQueryList;

/**
 * Follows the breakpoint through media queries rather than resize events: the browser then
 * decides the boundaries exactly as CSS does, and nothing runs while the width stays inside one.
 * Returns the function that stops watching.
 */
export function watchBreakpoint(matchMedia: MatchMedia | undefined, onChange: (bp: Breakpoint) => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const order = ['sm', 'md', 'lg'] as const;
  const lists = order.map((name) => matchMedia(`(min-width: ${BREAKPOINTS[name]}px)`));
  const read = () => {
    let bp: Breakpoint = 'xs';
    lists.forEach((list, i) => list.matches && (bp = order[i]!));
    onChange(bp);
  };
  lists.forEach((list) => list.addEventListener('change', read));
  read();
  return () => lists.forEach((list) => list.removeEventListener('change', read));
}

import { isValidElement } from 'preact';

/** The `$$typeof` of React's elements: React 18 and before, and React 19. */
const REACT_ELEMENT_TYPES: unknown[] = [Symbol.for('react.element'), Symbol.for('react.transitional.element')];

/** What a screen from a build that bundled the real `react` is told, on screen and in the log. */
export const FOREIGN_REACT_MESSAGE =
  'EMWeb: render returned an element of another React: "react" must resolve to "preact/compat" (an alias in your build)';

/**
 * Whether `value` is an element of a real React rather than of Preact. preact/compat marks its own
 * elements with React's `$$typeof` too, so the mark alone says nothing: only a Preact vnode passes
 * `isValidElement`. Preact renders nothing at all for a foreign element, which is why it is caught.
 */
export function isForeignReactElement(value: unknown): boolean {
  return REACT_ELEMENT_TYPES.includes((value as { $$typeof?: unknown } | null)?.$$typeof) && !isValidElement(value);
}

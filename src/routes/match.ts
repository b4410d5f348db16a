import { exec } from 'preact-iso/router';

/** Where the product is served: every route is a path below it. */
export const BASE_PATH = '/web/';

/** The route a location shows: the key that matched (`null`: nothing did, the not-found panel) and its params. */
export interface RouteMatch {
  /** The location's path, `/web/tickets/SD-1042`. */
  path: string;
  pattern: string | null;
  params: Record<string, string>;
}

/** The part of a path below `/web/` (`'tickets/SD-1042'`), or null for a path outside it. */
export function pathBelowBase(pathname: string): string | null {
  if (pathname === BASE_PATH.slice(0, -1)) return '';
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : null;
}

/**
 * The params of `pattern` for `below` (a path under /web/), or null when it does not match.
 * preact-iso's `exec` compares segment by segment and decodes params; two cases it answers
 * otherwise than the contract are settled first: `'*'` matches every path (`/web/` itself
 * included), and a param that does not decode (`%E0`) is no match rather than an exception.
 */
function paramsFor(pattern: string, below: string): Record<string, string> | null {
  if (pattern === '*') return {};
  try {
    const matched = exec(below, pattern);
    return matched ? { ...matched.params } : null;
  } catch {
    return null;
  }
}

/** The first key of `patterns`, in the object's order, that matches `pathname`; else the not-found match. */
export function matchRoute(patterns: readonly string[], pathname: string): RouteMatch {
  const below = pathBelowBase(pathname);
  if (below !== null) {
    for (const pattern of patterns) {
      const params = paramsFor(pattern, below);
      if (params) return { path: pathname, pattern, params };
    }
  }
  return { path: pathname, pattern: null, params: {} };
}

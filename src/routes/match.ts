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
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : null;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The params of `pattern` for `below` (a path under /web/), or null when it does not match: segment
 * by segment, `:name` taking one non-empty segment, decoded (one that does not decode is no match);
 * `'*'` matches every path, `/web/` itself included. Not preact-iso's `exec`: its flags (`?`, `+`,
 * `*` after a segment) are more than the contract's patterns, it throws on a segment that does not
 * decode and it does not match `'*'` to `/web/`; wrapped to fix those, it cost 214 B gzipped of a
 * bundle at its size guard, this 80.
 */
function paramsFor(pattern: string, below: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const wanted = segments(pattern);
  const got = segments(below);
  if (wanted.length !== got.length) return null;
  const params: Record<string, string> = {};
  try {
    for (const [i, part] of wanted.entries()) {
      if (part[0] === ':') params[part.slice(1)] = decodeURIComponent(got[i] as string);
      else if (part !== got[i]) return null;
    }
  } catch {
    return null;
  }
  return params;
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

import type { ComponentType } from 'preact';
import type { Client } from '../client/types';

/** What a route's screen is called with. */
export interface ScreenProps {
  client: Client;
  /** The pattern's params, decoded: `{ id: 'SD-1042' }` for `'tickets/:id'`. */
  params: Record<string, string>;
  /** The location's search. */
  query: URLSearchParams;
}

/** A component, or `lazy(() => import(url))`. */
export type RouteScreen = ComponentType<ScreenProps>;

/** Path patterns relative to `/web/` (`''`, `'tickets'`, `'tickets/:id'`, `'*'`), first match wins. */
export type Routes = Record<string, RouteScreen>;

export interface NavigateOptions {
  /** Replaces the current history entry instead of pushing one. */
  replace?: boolean;
}

/** The route shown: the location's path, the key that matched (`null`: the not-found panel) and its params. */
export interface CurrentRoute {
  path: string;
  pattern: string | null;
  params: Record<string, string>;
}

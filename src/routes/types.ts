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

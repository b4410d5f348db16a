import { createAuthTypeResolver, type AuthTypeResolver } from './auth/authType';
import { createLogger } from './logging';
import type { LoggerController } from './logging/types';
import { BUNDLE_PRODUCTION } from './mode';
import { browserLocalStorage, type SafeStorage } from './storage';

/** What one page shares between every client mounted on it: one logger, one storage, one probe per origin. */
export interface Page {
  logger: LoggerController;
  local: SafeStorage;
  resolver(origin: string, timeoutMs: number): AuthTypeResolver;
  /** How many clients are mounted; the logger stops with the last. */
  mounted: number;
}

let page: Page | undefined;

/** The page's shared pieces, made on first use. `production` only picks the logger's first defaults. */
export function getPage(production = BUNDLE_PRODUCTION): Page {
  if (!page) {
    const local = browserLocalStorage();
    const resolvers: Record<string, AuthTypeResolver> = {};
    page = {
      logger: createLogger({ production }),
      local,
      resolver: (origin, timeoutMs) =>
        (resolvers[origin] ??= createAuthTypeResolver({ fetch: (...a) => fetch(...a), local, origin, timeoutMs })),
      mounted: 0,
    };
  }
  return page;
}

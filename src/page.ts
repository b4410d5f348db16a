import { type CloudCheck, createCloudCheck } from './api/info';
import { type AuthTypeResolver, createAuthTypeResolver } from './auth/probe';
import { currentFetch } from './http';
import { createLogger } from './logging';
import type { LoggerController } from './logging/types';
import { BUNDLE_PRODUCTION } from './mode';
import { browserLocalStorage, type SafeStorage } from './storage';

/** What one page shares between every client mounted on it: one logger, one storage, one probe per origin, one cloud check. */
export interface Page {
  logger: LoggerController;
  local: SafeStorage;
  resolverFor(origin: string, timeoutMs: number): AuthTypeResolver;
  cloudCheck: CloudCheck;
  /** How many clients are mounted; the logger stops with the last. */
  mountedClients: number;
}

let page: Page | undefined;

/** The page's shared pieces, made on first use (importing the library makes nothing). `production` picks the logger's first defaults. */
export function getPage(production = BUNDLE_PRODUCTION): Page {
  if (!page) {
    const local = browserLocalStorage();
    const resolvers = new Map<string, AuthTypeResolver>();
    page = {
      logger: createLogger({ production }),
      local,
      resolverFor(origin, timeoutMs) {
        let resolver = resolvers.get(origin);
        if (!resolver) {
          resolver = createAuthTypeResolver({ fetch: currentFetch, local, origin, timeoutMs });
          resolvers.set(origin, resolver);
        }
        return resolver;
      },
      cloudCheck: createCloudCheck(),
      mountedClients: 0,
    };
  }
  return page;
}

/** The page's one logger, for bundler users; made on first call. */
export const getLogger = (): LoggerController => getPage().logger;

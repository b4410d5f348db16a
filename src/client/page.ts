/**
 * What one page shares between every client on it: one logger, one storage, one probe per origin,
 * one cloud check; and which clients are on the page. The logger is the page's, not a client's:
 * - it starts with the first client to attach, with that client's build (production or not) and logger options; a later
 *   client's logger options are ignored, with a console warning (one logger cannot follow two);
 * - it sends to the first attached client's `{apiBase}clientlogger/`, following that client's
 *   apiBase as start-up learns it; when that client leaves, the next oldest takes over;
 * - a client that leaves flushes it; the last one to leave stops it (timers and listeners go).
 * Starting, stopping and the endpoint go through the logger's controller, which stays here: the
 * page (window.EMWeb.logger, getLogger) gets the logger alone.
 */
import { effect, signal } from '@preact/signals';
import { type CloudCheck, createCloudCheck } from '../api/info';
import { apiUrl } from '../auth/apiBase';
import { type AuthTypeResolver, type AuthTypeResolverDeps, createAuthTypeResolver } from '../auth/probe';
import { authHeaders } from '../auth/token';
import { browserLocalStorage, browserSessionStorage, type SafeStorage } from '../browser/storage';
import { createLogger } from '../logging';
import type { Logger, LoggerStartOptions } from '../logging/types';
import { BUNDLE_PRODUCTION } from '../product/build';
import type { WritableClientState } from '../state/clientState';

/** A client as the page sees it. */
interface PageMember {
  _origin: string;
  _clientState: WritableClientState;
  /** How the logger starts when this is the first client (only the first one's start counts). */
  _loggerStart: LoggerStartOptions;
}

export interface Page {
  _logger: Logger;
  _local: SafeStorage;
  /** The probe of an origin, made with the first deps that ask for it. */
  _resolverFor(deps: AuthTypeResolverDeps): AuthTypeResolver;
  _cloudCheck: CloudCheck;
  /** Puts a client on the page; the promise it returns takes it off again (once). */
  _attach(member: PageMember): () => Promise<void>;
}

let page: Page | undefined;
/**
 * Stops the page's logger and lets go of everything: the test kit's resetPage. Kept beside the
 * page rather than on it, so that a bundle without the kit (the script tag's) leaves it out.
 */
let disposePage: (() => Promise<void>) | undefined;

function createPage(): Page {
  const local = browserLocalStorage();
  // Until the first client starts it, the logger has the bundle's defaults.
  const loggerControl = createLogger({ production: BUNDLE_PRODUCTION, local, sessionStorage: browserSessionStorage() });
  const resolvers = new Map<string, AuthTypeResolver>();
  const members = signal<readonly PageMember[]>([]);
  // When the last client leaves, its endpoint stays for the flush of the logger's stop.
  const stopEndpoint = effect(() => {
    const first = members.value[0];
    if (!first) return;
    const apiBase = first._clientState.apiBase.value;
    const headers = () => authHeaders(first._clientState.authType.peek(), local);
    loggerControl._setEndpoint(apiBase ? { url: apiUrl(first._origin, apiBase, 'clientlogger/'), headers } : null);
  });

  const attach = (member: PageMember) => {
    const others = members.peek();
    if (!others.length) {
      loggerControl._start(member._loggerStart);
    } else if (member._loggerStart.options) {
      console.warn("EMWeb: logger options ignored: the page's logger keeps the first client's");
    }
    members.value = [...others, member];
    return async () => {
      members.value = members.peek().filter((other) => other !== member);
      await (members.peek().length ? loggerControl._logger.flush() : loggerControl._stop());
    };
  };
  disposePage = async () => {
    members.value = [];
    stopEndpoint();
    await loggerControl._stop();
  };

  return {
    _logger: loggerControl._logger,
    _local: local,
    _resolverFor(deps) {
      let resolver = resolvers.get(deps.origin);
      if (!resolver) {
        resolver = createAuthTypeResolver(deps);
        resolvers.set(deps.origin, resolver);
      }
      return resolver;
    },
    _cloudCheck: createCloudCheck(),
    _attach: attach,
  };
}

/** The page's shared pieces, made on first use: importing the library makes nothing. */
export function getPage(): Page {
  page ??= createPage();
  return page;
}

/** The page's one logger, for bundler users; made on first call. */
export const getLogger = (): Logger => getPage()._logger;

/** Forgets the page's shared pieces: the next use makes new ones, as on a fresh page. */
export async function forgetPage(): Promise<void> {
  const dispose = disposePage;
  page = disposePage = undefined;
  await dispose?.();
}

import type { ClientFetchInit, ScreenFetch } from '../api/clientFetch';
import type { ClientConfiguration } from '../api/configuration';
import type { SafeStorage } from '../browser/storage';
import type { Logger } from '../logging/types';
import { BUILD_VERSION, STORAGE_KEYS } from '../product/constants';
import { navigableUrl } from '../routes/links';
import type { WorkingDay } from '../session/workingDay';
import { readOnlyState, type WritableClientState } from '../state/clientState';
import type { Client } from '../types/client';
import type { ScreenOfClient } from '../ui/shell';

export interface ClientDeps {
  state: WritableClientState;
  logger: Logger;
  local: SafeStorage;
  reloadConfiguration(): Promise<ClientConfiguration | false>;
  /** The calls of the product's API (api/clientFetch.ts); the page's client speaks for no screen in particular. */
  fetch: ScreenFetch;
  onSignOut(client: Client): void;
  /** The routing's, with the `routes` option; without it every URL is the browser's. */
  navigate: Client['navigate'] | undefined;
  /** The session's unsaved work (src/session/unsaved.ts): its one writer. */
  setUnsaved(unsaved: boolean): void;
  notify: Client['notify'];
  unmount(): Promise<void>;
}

/** A fact `bootstrap` only hands out once known; reading one earlier is a bug worth a clear message. */
export function known<T>(value: T | null): T {
  if (value === null) throw new Error('EMWeb: a fact read before start-up learnt it');
  return value;
}

/**
 * The client a host holds. Its facts are read from the state signals, never copied, so they stay
 * true after a configuration reload, and a screen that reads one re-renders when it changes.
 */
export function createClient(deps: ClientDeps): Client {
  const { state, logger } = deps;
  const client: Client = {
    get authType() {
      return known(state.authType.value);
    },
    get apiBase() {
      return known(state.apiBase.value);
    },
    get config() {
      return known(state.config.value);
    },
    get version() {
      return known(state.version.value);
    },
    get isCloud() {
      return known(state.isCloud.value);
    },
    get claims() {
      return state.claims.value;
    },
    // The client's own modules write `state`; the host reads it through this view only.
    state: readOnlyState(state),
    logger,
    fetch: (path, init) => deps.fetch(path, init),
    reloadConfiguration: deps.reloadConfiguration,
    // Without routes the browser loads it: a URL of the page's origin only, never a script.
    navigate: deps.navigate ?? ((url) => location.assign(navigableUrl(url, location))),
    setUnsaved: deps.setUnsaved,
    notify: (text, options) => deps.notify(text, options),
    diagnostics: () => ({
      buildVersion: BUILD_VERSION,
      serverVersion: state.version.value ?? '',
      authType: state.authType.value ?? '',
      apiBase: state.apiBase.value ?? '',
      isCloud: state.isCloud.value === true,
      breakpoint: state.breakpoint.value,
      userAgent: navigator.userAgent,
      logger: logger.stats(),
      route: state.route.value?.pattern ?? null,
    }),
    signOut() {
      for (const key of [STORAGE_KEYS.jwt, STORAGE_KEYS.devToken, STORAGE_KEYS.authType]) deps.local.remove(key);
      deps.onSignOut(client);
    },
    unmount: deps.unmount,
  };
  return client;
}

/**
 * A screen is shown: the client it is handed speaks for it. Its `setUnsaved` sets the screen's own
 * flag; once the screen is gone (`_close`) that does nothing and its `fetch` rejects with an
 * `AbortError` without sending, and its calls waiting for a sign-in are turned away.
 */
export function openScreen(page: Client, fetch: ScreenFetch, day: WorkingDay, path: string): ScreenOfClient {
  const gone = new AbortController();
  const unsaved = day._unsaved._forScreen();
  const client = Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(page),
      setUnsaved: { value: unsaved._set, enumerable: true },
      fetch: { value: (path: string, init?: ClientFetchInit) => fetch(path, init, gone.signal), enumerable: true },
    },
  ) as Client;
  return {
    _client: client,
    _drafts: { _path: path, _unsaved: unsaved, _store: day._drafts },
    _close() {
      unsaved._end();
      gone.abort(new DOMException('EMWeb: client.fetch not sent, its screen is gone', 'AbortError'));
    },
  };
}

import type { ApiCallDeps } from '../api/call';
import { type ConfigurationAnswer, requestConfiguration } from '../api/configuration';
import { type CloudCheck, loadVersion } from '../api/info';
import { apiBase, apiUrl, GATEWAY_API_BASE } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import { readClaims } from '../auth/claims';
import { type AuthTypeResolver, type ResolvedAuthType, rememberedAuthType } from '../auth/probe';
import { type FetchLike, request } from '../browser/http';
import { wasPreloaded } from '../browser/preload';
import type { SafeStorage } from '../browser/storage';
import type { Logger } from '../logging/types';
import { STORAGE_KEYS } from '../product/constants';
import type { StartupUpdate } from '../state/clientState';

export interface StartupDeps {
  _fetch: FetchLike;
  _local: SafeStorage;
  _origin: string;
  _production: boolean;
  /** Per request; a call that takes longer falls back as if it had failed. */
  _timeoutMs: number;
  _log: Pick<Logger, 'trace' | 'error'>;
  _now: () => number;
  /** The page's resolver, so that concurrent start-ups share one probe. */
  _resolveAuthType: AuthTypeResolver;
  /** The page's check, so that several clients on one page ask once. */
  _cloudCheck: CloudCheck;
  /** Aborted when the client ends: its calls then answer `aborted`, which is no failure. */
  _signal?: AbortSignal;
}

/** What start-up tells its caller as it goes; neither may throw. */
export interface StartupEvents {
  _onUpdate(update: StartupUpdate): void;
  /** The security gateway refused the configuration call (401): called as soon as that answer arrives. */
  _onSignInRequired(): void;
}

/** The calls of a mode: the start-up's deps, with the mode's API base and headers. */
function apiCallFor(deps: StartupDeps, authType: AuthType): StartupDeps & ApiCallDeps {
  return { ...deps, _base: apiBase(authType, deps._production), _authType: authType };
}

export interface LoadedConfiguration extends ConfigurationAnswer {
  /** The security gateway refused the call (401): the user must sign in. */
  _signInRequired: boolean;
}

/** The configuration of a mode, at start-up (maybe the probe's answer already) and on reload. */
export async function loadConfiguration(
  deps: StartupDeps,
  authType: AuthType,
  prefetched?: ResolvedAuthType['_prefetched'],
): Promise<LoadedConfiguration> {
  const answer = await requestConfiguration({ ...apiCallFor(deps, authType), _prefetched: prefetched });
  return { ...answer, _signInRequired: authType === 'secgw' && answer._status === 401 };
}

/**
 * One pass with a given mode: configuration, version and cloud check side by side, none waiting
 * for another. Each fact is handed on as it arrives, so a UI fills in progressively. Resolves with
 * the configuration call's status.
 */
async function loadFacts(
  deps: StartupDeps,
  { _authType: authType, _prefetched: prefetched }: ResolvedAuthType,
  events: StartupEvents,
): Promise<number> {
  events._onUpdate({ authType });
  const call = apiCallFor(deps, authType);
  const [configStatus] = await Promise.all([
    loadConfiguration(deps, authType, prefetched).then((loaded) => {
      if (loaded._signInRequired) events._onSignInRequired();
      events._onUpdate({ config: loaded._config });
      return loaded._status;
    }),
    loadVersion(call).then((version) => events._onUpdate({ version })),
    deps._cloudCheck(call).then((isCloud) => events._onUpdate({ isCloud })),
  ]);
  return configStatus;
}

/**
 * A page may start the probe's request with itself (README, "Starting with the page") before it
 * can know that this browser remembers its mode. A start that did not ask that URL takes the
 * preload's answer all the same, from the browser's preload cache (nothing reaches the server),
 * so that no engine warns of a preload left unused. Without such a preload nothing is asked.
 */
function takeProbePreload(deps: StartupDeps, authType: AuthType): void {
  const url = apiUrl(deps._origin, GATEWAY_API_BASE, 'ClientConfiguration');
  const askedIt = apiBase(authType, deps._production) === GATEWAY_API_BASE;
  if (!askedIt && wasPreloaded(url, globalThis.performance)) {
    void request(deps._fetch, url, { timeoutMs: deps._timeoutMs, readBody: false });
  }
}

/**
 * The start-up sequence, without any UI: sign-in mode, then the calls of its API base, then the
 * claims, each handed to `events` as it is learnt. A remembered mode whose configuration call
 * answers 404 is wrong (the server changed modes): it is forgotten and the probe runs afresh,
 * once. Rejects only with the probe's error; every later step falls back instead of failing.
 */
export async function runStartup(deps: StartupDeps, events: StartupEvents): Promise<void> {
  // A remembered mode is known at once: its calls leave in this very task, before anything is drawn.
  const resolved = rememberedAuthType(deps._local) ?? (await deps._resolveAuthType());
  const configStatus = await loadFacts(deps, resolved, events);
  if (resolved._remembered && configStatus === 404) {
    deps._local.remove(STORAGE_KEYS.authType);
    await loadFacts(deps, await deps._resolveAuthType(), events);
  } else if (resolved._remembered) takeProbePreload(deps, resolved._authType);
  events._onUpdate({ claims: readClaims(deps._local.get(STORAGE_KEYS.jwt), deps._now()) });
}

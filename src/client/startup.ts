import type { ApiCallDeps } from '../api/call';
import { type ConfigurationAnswer, requestConfiguration } from '../api/configuration';
import { type CloudCheck, loadVersion } from '../api/info';
import { apiBase, apiUrl, GATEWAY_API_BASE } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import { type AuthTypeResolver, type ResolvedAuthType, rememberedAuthType } from '../auth/probe';
import { type FetchLike, request } from '../browser/http';
import { wasPreloaded } from '../browser/preload';
import type { SafeStorage } from '../browser/storage';
import type { Logger } from '../logging/types';
import { STORAGE_KEYS } from '../product/constants';
import type { StartupUpdate } from '../state/clientState';

export interface StartupDeps {
  fetch: FetchLike;
  local: SafeStorage;
  origin: string;
  production: boolean;
  /** Per request; a call that takes longer falls back as if it had failed. */
  timeoutMs: number;
  log: Pick<Logger, 'trace' | 'error'>;
  now: () => number;
  /** The page's resolver, so that concurrent start-ups share one probe. */
  resolveAuthType: AuthTypeResolver;
  /** The page's check, so that several clients on one page ask once. */
  cloudCheck: CloudCheck;
  /** Aborted when the client ends: its calls then answer `aborted`, which is no failure. */
  signal?: AbortSignal;
}

/** What start-up tells its caller as it goes; neither may throw. */
export interface StartupEvents {
  onUpdate(update: StartupUpdate): void;
  /** Start-up's calls are done: the stored token is read now (by the token's follower, the claims' one reader and writer). */
  onCallsDone(): void;
  /**
   * The security gateway refused a call (401): called as soon as that answer arrives; a screen's
   * call says whom it was sent as.
   */
  onSignInRequired(sentAs?: string | null): void;
}

/** The calls of an authType: the start-up's deps, with its API base and headers. */
function apiCallFor(deps: StartupDeps, authType: AuthType): StartupDeps & ApiCallDeps {
  return { ...deps, apiBase: apiBase(authType, deps.production), authType };
}

export interface LoadedConfiguration extends ConfigurationAnswer {
  /** The security gateway refused the call (401): the user must sign in. */
  signInRequired: boolean;
}

/** The configuration of an authType, at start-up (maybe the probe's answer already) and on reload. */
export async function loadConfiguration(
  deps: StartupDeps,
  authType: AuthType,
  prefetched?: ResolvedAuthType['prefetched'],
): Promise<LoadedConfiguration> {
  const answer = await requestConfiguration({ ...apiCallFor(deps, authType), prefetched });
  return { ...answer, signInRequired: authType === 'secgw' && answer.status === 401 };
}

/**
 * One pass's calls, out on the network: how their answers are heard. Each fact is handed on as its
 * answer arrives, so a UI fills in progressively.
 */
type FactsSent = (events: StartupEvents) => Promise<void>;

/**
 * Configuration, version and cloud check leave side by side, none waiting for another. A
 * remembered authType (no probe's answer with it) whose configuration call answers 404 is wrong
 * (the server changed modes): it is forgotten and the probe runs afresh, once (a probe's answer
 * comes with it).
 */
function sendFacts(deps: StartupDeps, { authType, prefetched }: ResolvedAuthType): FactsSent {
  const call = apiCallFor(deps, authType);
  const config = loadConfiguration(deps, authType, prefetched);
  const version = loadVersion(call);
  const isCloud = deps.cloudCheck(call);
  return async (events) => {
    events.onUpdate({ authType });
    const [configStatus] = await Promise.all([
      config.then((loaded) => {
        if (loaded.signInRequired) events.onSignInRequired();
        events.onUpdate({ config: loaded.config });
        return loaded.status;
      }),
      version.then((version) => events.onUpdate({ version })),
      isCloud.then((isCloud) => events.onUpdate({ isCloud })),
    ]);
    // A probe's answer proved this authType just now: nothing more to check.
    if (prefetched) return;
    if (configStatus === 404) {
      deps.local.remove(STORAGE_KEYS.authType);
      await (await sendStartup(deps))(events);
    } else takeProbePreload(deps, authType);
  };
}

/**
 * Start-up's first requests, sent at once (before anything that hears them need exist): a
 * remembered authType's calls leave in this very task; else the probe does, and the calls follow it.
 */
export async function sendStartup(deps: StartupDeps): Promise<FactsSent> {
  return sendFacts(deps, rememberedAuthType(deps.local) ?? (await deps.resolveAuthType()));
}

/**
 * A page may start the probe's request with itself (README, "Starting with the page") before it
 * can know that this browser remembers its authType. A start that did not ask that URL takes the
 * preload's answer all the same, from the browser's preload cache (nothing reaches the server),
 * so that no engine warns of a preload left unused. Without such a preload nothing is asked.
 */
function takeProbePreload(deps: StartupDeps, authType: AuthType): void {
  const url = apiUrl(deps.origin, GATEWAY_API_BASE, 'ClientConfiguration');
  const askedIt = apiBase(authType, deps.production) === GATEWAY_API_BASE;
  if (!askedIt && wasPreloaded(url, globalThis.performance)) {
    void request(deps.fetch, url, { timeoutMs: deps.timeoutMs, readBody: false });
  }
}

/**
 * The start-up sequence, without any UI: authType, then the calls of its API base, each fact
 * handed to `events` as it is learnt, then word that the calls are done (the claims are read
 * then). It takes on the requests `sent` already (by default it sends them now). Rejects only with
 * the probe's error; every later step falls back instead of failing.
 */
export async function runStartup(deps: StartupDeps, events: StartupEvents, sent = sendStartup(deps)): Promise<void> {
  await (await sent)(events);
  events.onCallsDone();
}

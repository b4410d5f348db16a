/**
 * A run's start-up, without the DOM: what its calls need, how a start ends (ready, or the probe's
 * rejection on screen with Retry), where what it learns goes (the state, and the session's life when
 * the gateway asks for a sign-in), and the configuration reload that follows it.
 */
import type { ClientConfiguration } from '../api/configuration';
import type { AuthType } from '../auth/authType';
import { currentFetch } from '../browser/http';
import { STARTUP_TIMEOUT_MS } from '../product/constants';
import { errorText } from '../product/text';
import type { WorkingDay } from '../session/workingDay';
import { applyStartupUpdate, type WritableClientState } from '../state/clientState';
import type { Client } from '../types/client';
import type { Page } from './page';
import type { SignIn } from './signIn';
import { loadConfiguration, type StartupDeps, type StartupEvents } from './startup';
import type { BootstrapOptions } from './types';

/** A start that was ended before it finished: its promise says so rather than handing out a dead client. */
const ENDED = 'EMWeb: unmounted during start-up';

export function startupDeps(page: Page, options: BootstrapOptions, production: boolean, signal: AbortSignal): StartupDeps {
  // What the probe needs is what every start-up call needs.
  const call = {
    fetch: currentFetch,
    local: page._local,
    origin: options.origin ?? location.origin,
    timeoutMs: options.timeoutMs ?? STARTUP_TIMEOUT_MS,
  };
  return {
    ...call,
    production,
    log: page._logger,
    now: Date.now,
    resolveAuthType: page._resolverFor(call),
    cloudCheck: page._cloudCheck,
    signal,
  };
}

/**
 * How one start-up ends: the session's life says it, and its promise resolves with the client, or
 * rejects as the probe did (or because the run ended first).
 */
export function settleStart(
  startup: Promise<void>,
  day: WorkingDay,
  handedOut: { client: Client; started(): void },
): Promise<Client> {
  const start = startup.then(
    () => {
      if (day._life._hasEnded()) throw new Error(ENDED);
      handedOut.started();
      return handedOut.client;
    },
    (error: unknown) => {
      day._life._failed(errorText(error));
      throw error;
    },
  );
  // A failed start is on screen with its Retry: it must not also surface as an unhandled rejection.
  start.catch(() => {});
  return start;
}

/**
 * What start-up learns goes into the run's state while the run lasts; once its calls are done, the
 * signed-in user is read (src/session/signedInUser.ts, the claims' one owner, which follows the
 * stored JWT from then on). A sign-in the gateway asks for goes to the session's life, which tells
 * start-up's from mid-day's.
 */
export function startupEvents(state: WritableClientState, day: WorkingDay, signIn: SignIn): StartupEvents {
  return {
    onUpdate: (update) => {
      if (!day._life._hasEnded()) applyStartupUpdate(state, update);
    },
    onCallsDone: () => {
      if (!day._life._hasEnded()) day._user._read();
    },
    onSignInRequired: () => {
      const when = day._life._signInRequired();
      if (when === 'startUp') signIn._atStartUp();
      else if (when === 'midDay') signIn._hostCallback?.();
    },
  };
}

/**
 * Fetches the configuration again, as start-up does, and hands it on as start-up would: through
 * the run's events, which an ended run ignores. A failure keeps the last one in the state.
 */
export async function reloadConfiguration(
  deps: StartupDeps,
  authType: AuthType | null,
  events: StartupEvents,
): Promise<ClientConfiguration | false> {
  if (!authType) return false;
  const loaded = await loadConfiguration(deps, authType);
  if (loaded.config) events.onUpdate({ config: loaded.config });
  else if (loaded.signInRequired) events.onSignInRequired();
  return loaded.config;
}

/**
 * The client a run hands out, and the tabs' share of its session: its calls (through the session,
 * which holds them while a sign-in is under way and lets each go only for its own user), its
 * configuration reload, and its sign-out, told to the other tabs of the origin as theirs is told
 * to it. A sign-in in another tab brings a tab that asks for one back.
 */
import { createClientFetch, type ScreenFetch } from '../api/clientFetch';
import { AUTH_PATH } from '../product/constants';
import type { Routing } from '../routes/routing';
import { sessionForCalls } from '../session/forCalls';
import type { WorkingDay } from '../session/workingDay';
import type { WritableClientState } from '../state/clientState';
import { openTabChannel } from '../tabs/channel';
import { joinSessionTabs, SESSION_CHANNEL, type SessionTabs } from '../tabs/session';
import type { Client } from '../types/client';
import type { Notices } from '../ui/notices';
import { createClient, known } from './client';
import type { Page } from './page';
import { reloadConfiguration } from './start';
import type { StartupDeps, StartupEvents } from './startup';
import type { BootstrapOptions } from './types';

/** A run's parts before its client: what it calls with, what it shows, and what ends it. */
export interface RunParts {
  options: BootstrapOptions;
  page: Page;
  deps: StartupDeps;
  state: WritableClientState;
  day: WorkingDay;
  notices: Notices;
  routing: Routing | undefined;
  events: StartupEvents;
  /** Aborted when the run ends: the calls still out answer `aborted`. */
  calls: AbortSignal;
  end(): Promise<void>;
}

/** What a run hands out: its client and the calls behind it, with the tabs' share of its session (sign-out, sign-in). */
export interface HandedOut {
  client: Client;
  /** The calls of the product's API, for the page's client and every screen's. */
  fetch: ScreenFetch;
  /** Start-up is done: ready, unless the gateway asked for a sign-in meanwhile. */
  started(): void;
  stop(): void;
}

/** The screens' calls: through the session, which holds them while a sign-in is under way. */
function clientFetchFor({ deps, state, day, events, calls }: RunParts): ScreenFetch {
  // The start-up's deps: the same fetch, origin, storage, time limit and logger.
  return createClientFetch({
    ...deps,
    apiBase: () => known(state.apiBase.peek()),
    authType: () => state.authType.peek(),
    endSignal: calls,
    session: sessionForCalls(day, events.onSignInRequired),
  });
}

/** The tabs' share of the session: a sign-out anywhere ends it here; a sign-in anywhere brings it back. */
function sessionTabsFor(parts: RunParts, reload: (events: StartupEvents) => Promise<unknown>, signOut: () => void): SessionTabs {
  const { day, events } = parts;
  return joinSessionTabs({
    open: openTabChannel(SESSION_CHANNEL),
    waitsForSignIn: day._life._asksForSignIn,
    // This tab asked for a sign-in already: a refusal now leaves it on that, asking nothing more.
    reload: () => reload({ ...events, onSignInRequired: () => {} }),
    signOut,
  });
}

export function handOutClient(parts: RunParts): HandedOut {
  const { options, page, deps, state, day, notices, routing, events, end } = parts;
  const onSignOut = options.onSignOut ?? defaultSignOut(deps.origin);
  const reload = async (reloadEvents: StartupEvents) => {
    const config = await reloadConfiguration(deps, state.authType.peek(), reloadEvents);
    // Past the gateway's refusal: the session is back.
    if (config && day._life._asksForSignIn()) {
      day._back();
      tabs._signedIn();
    }
    return config;
  };
  const fetch = clientFetchFor(parts);
  const client = createClient({
    state,
    logger: page._logger,
    local: page._local,
    reloadConfiguration: () => reload(events),
    onSignOut: (signedOut) => {
      day._signedOut();
      tabs._signedOut();
      onSignOut(signedOut);
    },
    fetch,
    navigate: routing?._navigate,
    setUnsaved: day._unsaved._set,
    notify: notices._notify,
    unmount: end,
  });
  const tabs = sessionTabsFor(parts, reload, () => {
    if (day._life._hasEnded()) return;
    day._signedOut();
    try {
      onSignOut(client);
    } catch (error) {
      page._logger.error('EMWeb: onSignOut failed', error);
    }
  });
  const started = () => {
    // A start the gateway refused stays on its sign-in: the sign-in's return brings it back.
    if (day._life._started()) tabs._signedIn();
  };
  return { client, fetch, started, stop: tabs._stop };
}

const defaultSignOut = (origin: string) => (client: Client) =>
  client.state.authType.peek() === 'secgw' ? location.assign(origin + AUTH_PATH) : location.reload();

/**
 * One client's life, without the DOM: its state, its start-up (again on Retry), the configuration
 * reload, its session (src/session/: the shell's status, the calls waiting for a sign-in, unsaved
 * work, the expiry notice), sign-in and sign-out shared with the other tabs of the origin
 * (src/tabs/), its routes, and its place on the page. It can start before its mount element exists
 * (the script tag starts it while the page is still parsing); mount.tsx shows it, bootstrap.ts
 * keeps it per element. Ending it, at any point, ends everything it runs.
 */

import { computed } from '@preact/signals';
import { createClientFetch, type ScreenFetch } from '../api/clientFetch';
import type { ClientConfiguration } from '../api/configuration';
import type { AuthType } from '../auth/authType';
import { currentFetch } from '../browser/http';
import { letNodeExit } from '../browser/letNodeExit';
import { runsInProduction } from '../product/build';
import { AUTH_PATH, STARTUP_TIMEOUT_MS } from '../product/constants';
import { errorText } from '../product/text';
import { createRouting, type Routing } from '../routes/routing';
import { createWorkingDay, type WorkingDay } from '../session/workingDay';
import { watchBreakpoint } from '../state/breakpoint';
import { applyStartupUpdate, type ClientState, createClientState } from '../state/clientState';
import { openTabChannel } from '../tabs/channel';
import { joinSessionTabs, SESSION_CHANNEL, type SessionTabs } from '../tabs/session';
import type { Timers } from '../tabs/token';
import type { Client } from '../types/client';
import { createNotices, type Notices } from '../ui/notices';
import type { ScreenOfClient } from '../ui/shell';
import { clientForScreen, createClient, known } from './client';
import { getPage, type Page } from './page';
import { createSignIn, type SignIn } from './signIn';
import { loadConfiguration, runStartup, type StartupDeps, type StartupEvents } from './startup';
import type { BootstrapOptions } from './types';

export interface ClientRun {
  readonly _client: Client;
  readonly _state: ClientState;
  /** The session's life and what hangs on it; its status is what the shell shows. */
  readonly _day: WorkingDay;
  readonly _notices: Notices;
  /** With the `routes` option: the location's route. */
  readonly _routing: Routing | undefined;
  /** The latest start (Retry begins another): resolves once start-up is done, rejects with the probe's error. */
  readonly _started: Promise<Client>;
  /** Whether the run has ended: nothing of it is left running. */
  readonly _ended: boolean;
  /** Starts afresh after a failed start. */
  _retry(): void;
  /** Where a sign-in happens: this tab at start-up, a new tab mid-day (or the host's `onSignInRequired`). */
  readonly _signIn: SignIn;
  /** A screen is shown: the client it is handed, and what ends its share when it goes. */
  _openScreen(): ScreenOfClient;
  /** Something to end first when the run ends (the UI: nothing the user sees waits on the network). */
  _onEnd(teardown: () => void): void;
  /** Ends the run: what was added with onEnd, the breakpoint watch, its place on the page. */
  _end(): Promise<void>;
}

/** A start that was ended before it finished: its promise says so rather than handing out a dead client. */
const ENDED = 'EMWeb: unmounted during start-up';

function startupDeps(page: Page, options: BootstrapOptions, production: boolean, signal: AbortSignal): StartupDeps {
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
function settleStart(startup: Promise<void>, day: WorkingDay, session: RunSession): Promise<Client> {
  const start = startup.then(
    () => {
      if (day._life._hasEnded()) throw new Error(ENDED);
      session.started();
      return session.client;
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

const browserTimers: Timers = {
  // A wait for a token's exp must not keep a host's test run alive.
  set: (callback, ms) => letNodeExit(setTimeout(callback, ms)),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** A run's parts before its client: what it calls with, what it shows, and what ends it. */
interface RunParts {
  options: BootstrapOptions;
  page: Page;
  deps: StartupDeps;
  state: ClientState;
  day: WorkingDay;
  notices: Notices;
  routing: Routing | undefined;
  events: StartupEvents;
  /** Aborted when the run ends: the calls still out answer `aborted`. */
  calls: AbortSignal;
  end(): Promise<void>;
}

/** The client and its session, which the tabs of the origin share: the stored token, sign-out, sign-in. */
interface RunSession {
  client: Client;
  /** The calls of the product's API, for the page's client and every screen's. */
  fetch: ScreenFetch;
  /** Start-up is done: ready, unless the gateway asked for a sign-in meanwhile. */
  started(): void;
  stop(): void;
}

/** The screens' calls: through the session, which holds them while a sign-in is under way. */
function clientFetchFor({ deps, state, day, page, events, calls }: RunParts): ScreenFetch {
  return createClientFetch({
    fetch: deps.fetch,
    origin: deps.origin,
    apiBase: () => known(state.apiBase.peek()),
    authType: () => state.authType.peek(),
    local: deps.local,
    timeoutMs: deps.timeoutMs,
    endSignal: calls,
    log: page._logger,
    session: {
      waitsForSignIn: day._life._waitsForSignIn,
      comebacks: day._life._comebacks,
      user: day._user._read,
      // One sign-in for a burst of 401s: the session's life asks once, until the session is back.
      ended: () => events.onSignInRequired(),
      wait: day._waiting._wait,
    },
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

function createSession(parts: RunParts): RunSession {
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

/**
 * What start-up learns goes into the run's state while the run lasts; once its calls are done, the
 * signed-in user is read (src/session/signedInUser.ts, the claims' one owner, which follows the
 * stored JWT from then on). A sign-in the gateway asks for goes to the session's life, which tells
 * start-up's from mid-day's.
 */
function startupEvents(state: ClientState, day: WorkingDay, signIn: SignIn): StartupEvents {
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

/** A screen is shown: its own client, unsaved flag and drafts, which end when it goes. */
function openScreen(session: RunSession, day: WorkingDay, routing: Routing | undefined): ScreenOfClient {
  const gone = new AbortController();
  const unsaved = day._unsaved._forScreen();
  return {
    _client: clientForScreen(session.client, session.fetch, { unsaved, gone: gone.signal }),
    // With routes a screen is its route's path's; without, the page's.
    _drafts: { _path: routing?._route.peek().path ?? location.pathname, _unsaved: unsaved, _store: day._drafts },
    _close() {
      unsaved._end();
      gone.abort(new DOMException('EMWeb: client.fetch not sent, its screen is gone', 'AbortError'));
    },
  };
}

/** Starts a client: the start-up requests leave first, before the page's logger starts or anything is drawn. */
export function startClient(options: BootstrapOptions): ClientRun {
  const production = runsInProduction(options.production);
  const page = getPage();
  // Ending the run aborts its calls still out: they answer `aborted`, which nothing reports.
  const calls = new AbortController();
  const deps = startupDeps(page, options, production, calls.signal);
  const day = createWorkingDay({
    local: page._local,
    now: deps.now,
    timers: browserTimers,
    page: globalThis,
    locks: globalThis.navigator?.locks,
    warnBeforeMs: options.warnBeforeExpiryMs ?? 120_000,
    keepDraftsMs: (options.drafts?.keepDays ?? 7) * 86_400_000,
    warn: (message) => page._logger.warn(message),
  });
  const routing = options.routes ? createRouting(options.routes, window, day._guardMove) : undefined;
  const claims = computed(() => day._user._identity.value?.claims ?? null);
  const state = createClientState(production, 'lg', { claims, unsaved: day._unsaved._unsaved, route: routing?._route });
  const signIn = createSignIn({ options, origin: deps.origin, logger: page._logger, day });
  const events = startupEvents(state, day, signIn);
  const startup = runStartup(deps, events);

  // A member of the page: the origin of the deps, its state, and how it would start the logger.
  const leavePage = page._attach({
    _origin: deps.origin,
    _state: state,
    _loggerStart: { production, options: options.logger, captureErrors: options.captureErrors !== false },
  });
  // watchBreakpoint reads the viewport's breakpoint at once.
  const stopBreakpoint = watchBreakpoint(globalThis.matchMedia?.bind(globalThis), (breakpoint) => {
    state.breakpoint.value = breakpoint;
  });
  const notices = createNotices();
  const teardowns: (() => void)[] = [];
  const end = async () => {
    if (day._life._hasEnded()) return;
    day._end();
    calls.abort();
    session.stop();
    routing?._end();
    for (const teardown of teardowns) teardown();
    notices._dispose();
    stopBreakpoint();
    await leavePage();
  };
  const parts = { options, page, deps, state, day, notices, routing, events, calls: calls.signal, end };
  const session = createSession(parts);
  let started = settleStart(startup, day, session);
  return {
    _client: session.client,
    _state: state,
    _day: day,
    _notices: notices,
    _routing: routing,
    get _started() {
      return started;
    },
    get _ended() {
      return day._life._hasEnded();
    },
    _retry() {
      if (day._life._hasEnded()) return;
      day._life._loading();
      started = settleStart(runStartup(deps, events), day, session);
    },
    _signIn: signIn,
    _openScreen: () => openScreen(session, day, routing),
    _onEnd: (teardown: () => void) => void teardowns.push(teardown),
    _end: end,
  };
}

/**
 * Fetches the configuration again, as start-up does, and hands it on as start-up would: through
 * the run's events, which an ended run ignores. A failure keeps the last one in the state.
 */
async function reloadConfiguration(
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

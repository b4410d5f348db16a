/**
 * One client's life, without the DOM: its state and status, its start-up (again on Retry), the
 * configuration reload, sign-in and sign-out (shared with the other tabs of the origin: src/tabs/), and
 * its place on the page. It can start before its
 * mount element exists (the script tag starts it while the page is still parsing); mount.tsx
 * shows it, bootstrap.ts keeps it per element. Ending it, at any point, ends everything it runs.
 */

import { type ReadonlySignal, type Signal, signal } from '@preact/signals';
import { createClientFetch } from '../api/clientFetch';
import type { ClientConfiguration } from '../api/configuration';
import type { AuthType } from '../auth/authType';
import { currentFetch } from '../browser/http';
import { letNodeExit } from '../browser/letNodeExit';
import type { Logger } from '../logging/types';
import { runsInProduction } from '../product/build';
import { AUTH_PATH, STARTUP_TIMEOUT_MS } from '../product/constants';
import { errorText } from '../product/text';
import { watchBreakpoint } from '../state/breakpoint';
import { applyStartupUpdate, type ClientState, createClientState } from '../state/clientState';
import { openTabChannel } from '../tabs/channel';
import { joinSessionTabs, SESSION_CHANNEL } from '../tabs/session';
import { followToken, type StorageEvents, type Timers, type TokenFollower } from '../tabs/token';
import { createClient, known } from './client';
import { getPage, type Page } from './page';
import { loadConfiguration, runStartup, type StartupDeps, type StartupEvents } from './startup';
import type { ShellStatus } from './status';
import type { BootstrapOptions, Client } from './types';

export interface ClientRun {
  readonly _client: Client;
  readonly _state: ClientState;
  readonly _shellStatus: ReadonlySignal<ShellStatus>;
  /** The latest start (Retry begins another): resolves once start-up is done, rejects with the probe's error. */
  readonly _started: Promise<Client>;
  /** Whether the run has ended: nothing of it is left running. */
  readonly _ended: boolean;
  /** Starts afresh after a failed start. */
  _retry(): void;
  /** The sign-in the gateway asks for: `onSignInRequired`, or the gateway's page. */
  _signIn(): void;
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
    local: page.local,
    origin: options.origin ?? location.origin,
    timeoutMs: options.timeoutMs ?? STARTUP_TIMEOUT_MS,
  };
  return {
    ...call,
    production,
    log: page._logger,
    now: Date.now,
    resolveAuthType: page._resolverFor(call),
    cloudCheck: page.cloudCheck,
    signal,
  };
}

const defaultSignOut = (origin: string) => (client: Client) =>
  client.state.authType.peek() === 'secgw' ? location.assign(origin + AUTH_PATH) : location.reload();

/** The host's `onSignInRequired`, or the gateway's sign-in page coming back here; a host callback that throws is logged. */
function signInFor(options: BootstrapOptions, origin: string, logger: Logger): () => void {
  const signIn =
    options.onSignInRequired ?? (() => location.assign(`${origin}${AUTH_PATH}?returnUrl=${encodeURIComponent(location.href)}`));
  return () => {
    try {
      signIn();
    } catch (error) {
      logger.error('EMWeb: onSignInRequired failed', error);
    }
  };
}

/** Whether the run has ended: its status says so, and nothing of it is left running. */
const hasEnded = (status: Signal<ShellStatus>): boolean => status.peek()._kind === 'ended';

/**
 * How one start-up ends: the run's status says it (and whether the run has ended), and its promise
 * resolves with the session's client, or rejects as the probe did (or because the run ended first).
 */
function settleStart(startup: Promise<void>, status: Signal<ShellStatus>, session: RunSession): Promise<Client> {
  const start = startup.then(
    () => {
      if (hasEnded(status)) throw new Error(ENDED);
      // A start the gateway refused stays on its sign-in: the sign-in's return starts afresh.
      if (status.peek()._kind !== 'signInRequired') session.show();
      return session.client;
    },
    (error: unknown) => {
      if (!hasEnded(status)) status.value = { _kind: 'failed', _message: errorText(error) };
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
  status: Signal<ShellStatus>;
  events: StartupEvents;
  /** Aborted when the run ends: the calls still out answer `aborted`. */
  calls: AbortSignal;
  ended(): boolean;
  end(): Promise<void>;
}

/** The client and its session, which the tabs of the origin share: the stored token, sign-out, sign-in. */
interface RunSession {
  client: Client;
  token: TokenFollower;
  /** The shell's one way to ready: after a start, or after a reload that got past the gateway's refusal. */
  show(): void;
  stop(): void;
}

function createSession({ options, page, deps, state, status, events, calls, ended, end }: RunParts): RunSession {
  const onSignOut = options.onSignOut ?? defaultSignOut(deps.origin);
  const reload = async (reloadEvents: StartupEvents) => {
    const config = await reloadConfiguration(deps, state.authType.peek(), reloadEvents);
    if (config && status.peek()._kind === 'signInRequired') show();
    return config;
  };
  const client = createClient({
    state,
    logger: page._logger,
    local: page.local,
    reloadConfiguration: () => reload(events),
    onSignOut: (signedOut) => {
      tabs.signedOut();
      onSignOut(signedOut);
    },
    fetch: createClientFetch({
      fetch: deps.fetch,
      origin: deps.origin,
      apiBase: () => known(state.apiBase.peek()),
      authType: () => state.authType.peek(),
      local: deps.local,
      timeoutMs: deps.timeoutMs,
      endSignal: calls,
      log: page._logger,
      // The gateway ended the session mid-day: one sign-in for a burst of 401s, until ready again.
      onSessionEnded: () => {
        if (status.peek()._kind !== 'signInRequired') events.onSignInRequired();
      },
    }),
    unmount: end,
  });
  const storageEvents = globalThis as StorageEvents;
  const token = followToken({
    local: page.local,
    events: storageEvents,
    now: deps.now,
    timers: browserTimers,
    onClaims: (claims) => {
      state.claims.value = claims;
    },
  });
  const tabs = joinSessionTabs({
    open: openTabChannel(SESSION_CHANNEL),
    waitsForSignIn: () => status.peek()._kind === 'signInRequired',
    // This tab asked for a sign-in already: a refusal now leaves it on that, asking nothing more.
    reload: () => reload({ ...events, onSignInRequired: () => {} }),
    signOut: () => {
      if (ended()) return;
      try {
        onSignOut(client);
      } catch (error) {
        page._logger.error('EMWeb: onSignOut failed', error);
      }
    },
  });
  const show = () => {
    if (ended()) return;
    status.value = { _kind: 'ready', _client: client };
    tabs.signedIn();
  };
  const stop = () => {
    token.stop();
    tabs.stop();
  };
  return { client, token, show, stop };
}

/**
 * What start-up learns goes into the run's state while the run lasts; once it has read the claims,
 * the token's follower takes them over (`readToken`: reads the stored JWT's claims into the state,
 * and follows it from then on).
 */
function startupEvents(
  state: ClientState,
  status: Signal<ShellStatus>,
  signIn: () => void,
  readToken: () => void,
): StartupEvents {
  return {
    onUpdate: (update) => {
      if (hasEnded(status)) return;
      // The claims have one writer, the token's follower: start-up's reading of them only starts it.
      const { claims, ...facts } = update;
      applyStartupUpdate(state, facts);
      if (claims !== undefined) readToken();
    },
    onSignInRequired: () => {
      if (hasEnded(status)) return;
      status.value = { _kind: 'signInRequired' };
      signIn();
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
  const state = createClientState(production, 'lg');
  const status = signal<ShellStatus>({ _kind: 'loading' });
  const ended = () => hasEnded(status);
  const signIn = signInFor(options, deps.origin, page._logger);
  // Start-up reads the claims last, after its calls: the session below exists by then.
  const events = startupEvents(state, status, signIn, () => session.token.read());
  const startup = runStartup(deps, events);

  // A member of the page: the origin of the deps, its state, and how it would start the logger.
  const leavePage = page._attach({
    origin: deps.origin,
    _state: state,
    _loggerStart: { production, options: options.logger, captureErrors: options.captureErrors !== false },
  });
  // watchBreakpoint reads the viewport's breakpoint at once.
  const stopBreakpoint = watchBreakpoint(globalThis.matchMedia?.bind(globalThis), (breakpoint) => {
    state.breakpoint.value = breakpoint;
  });
  const teardowns: (() => void)[] = [];
  const end = async () => {
    if (ended()) return;
    status.value = { _kind: 'ended' };
    calls.abort();
    session.stop();
    for (const teardown of teardowns) teardown();
    stopBreakpoint();
    await leavePage();
  };
  const session = createSession({ options, page, deps, state, status, events, calls: calls.signal, ended, end });
  let started = settleStart(startup, status, session);
  return {
    _client: session.client,
    _state: state,
    _shellStatus: status,
    get _started() {
      return started;
    },
    get _ended() {
      return ended();
    },
    _retry() {
      if (ended()) return;
      status.value = { _kind: 'loading' };
      started = settleStart(runStartup(deps, events), status, session);
    },
    _signIn: signIn,
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

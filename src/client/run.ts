/**
 * One client's life, without the DOM: it puts together its state, its start-up (start.ts; again on
 * Retry), its session (src/session/: the shell's status, who is signed in, the calls waiting for a
 * sign-in, unsaved work per screen, the expiry notice), the client it hands out with the tabs' share
 * of the session (handOut.ts), the screens' own clients, its routes, and its place on the page. It can start before its mount element exists
 * (the script tag starts it while the page is still parsing); mount.tsx shows it, bootstrap.ts
 * keeps it per element. Ending it, at any point, ends everything it runs.
 */

import { computed } from '@preact/signals';
import { letNodeExit } from '../browser/letNodeExit';
import { runsInProduction } from '../product/build';
import { createRouting, type Routing } from '../routes/routing';
import { createWorkingDay, type WorkingDay } from '../session/workingDay';
import { watchBreakpoint } from '../state/breakpoint';
import { createClientState, type WritableClientState } from '../state/clientState';
import type { Timers } from '../tabs/token';
import type { Client } from '../types/client';
import { createNotices, type Notices } from '../ui/notices';
import type { ScreenOfClient } from '../ui/shell';
import { openScreen } from './client';
import { handOutClient } from './handOut';
import { getPage } from './page';
import { createSignIn, type SignIn } from './signIn';
import { settleStart, startupDeps, startupEvents } from './start';
import { runStartup, sendStartup } from './startup';
import type { BootstrapOptions } from './types';

export interface ClientRun {
  readonly _client: Client;
  readonly _clientState: WritableClientState;
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

const browserTimers: Timers = {
  // A wait for a token's exp must not keep a host's test run alive.
  set: (callback, ms) => letNodeExit(setTimeout(callback, ms)),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Starts a client: the start-up requests leave first, before the page's logger starts or anything is drawn. */
export function startClient(options: BootstrapOptions): ClientRun {
  const production = runsInProduction(options.production);
  const page = getPage();
  // Ending the run aborts its calls still out: they answer `aborted`, which nothing reports.
  const calls = new AbortController();
  const deps = startupDeps(page, options, production, calls.signal);
  // The start-up requests leave before the rest of the run is put together: nothing below is needed
  // until an answer comes.
  const sent = sendStartup(deps);
  const day = createWorkingDay({
    ...deps,
    timers: browserTimers,
    page: globalThis,
    locks: globalThis.navigator?.locks,
    warnBeforeMs: options.warnBeforeExpiryMs ?? 120_000,
    keepDraftsMs: (options.drafts?.keepDays ?? 7) * 86_400_000,
    warn: (message) => page._logger.warn(message),
  });
  const routing = options.routes ? createRouting(options.routes, window, day._guardMove) : undefined;
  const claims = computed(() => day._user._identity.value?.claims ?? null);
  const state = createClientState(production, { claims, unsaved: day._unsaved._unsaved, route: routing?._route });
  const signIn = createSignIn({ options, origin: deps.origin, logger: page._logger, day });
  const events = startupEvents(state, day, signIn);
  const startup = runStartup(deps, events, sent);

  // A member of the page: the origin of the deps, its state, and how it would start the logger.
  const leavePage = page._attach({
    _origin: deps.origin,
    _clientState: state,
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
    calls.abort(new DOMException('EMWeb: client.fetch aborted, the client ended', 'AbortError'));
    handedOut.stop();
    routing?._end();
    for (const teardown of teardowns) teardown();
    notices._dispose();
    stopBreakpoint();
    await leavePage();
  };
  const parts = { options, page, deps, state, day, notices, routing, events, calls: calls.signal, end };
  const handedOut = handOutClient(parts);
  let started = settleStart(startup, day, handedOut);
  return {
    _client: handedOut.client,
    _clientState: state,
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
      started = settleStart(runStartup(deps, events), day, handedOut);
    },
    _signIn: signIn,
    // With routes a screen is its route's path's; without, the page's.
    _openScreen: () => openScreen(handedOut.client, handedOut.fetch, day, routing?._route.peek().path ?? location.pathname),
    _onEnd: (teardown: () => void) => void teardowns.push(teardown),
    _end: end,
  };
}

// Shells, clients and loggers for the UI tests (not a test file itself).
import { signal } from '@preact/signals';
import { render } from 'react-dom';
import type { Test } from 'uvu';
import type { Claims } from '../../src/auth/claims';
import { createClient } from '../../src/client/client';
import type { FlushResult, Logger, LoggerStats } from '../../src/logging/types';
import { errorText } from '../../src/product/text';
import type { ExpiryNotice } from '../../src/session/expiry';
import { createQuestions } from '../../src/session/question';
import type { ShellStatus } from '../../src/session/status';
import { applyStartupUpdate, createClientState } from '../../src/state/clientState';
import type { Client, SpeedDialAction } from '../../src/types/client';
import { createNotices } from '../../src/ui/notices';
import type { Shell } from '../../src/ui/shell';
import { DEFAULT_STRINGS } from '../../src/ui/strings';
import { memoryStorage } from '../fakes';
import { readyWorkingDay } from '../fakes/workingDay';

/**
 * A shell that is loading, with whatever the test overrides; every request it makes recorded in
 * `calls`. `status` and `userName` (the token's name) are the test's to set.
 */
export function fakeShell(overrides: Partial<Shell> = {}, logger: Logger = fakeLogger().logger) {
  const calls: string[] = [];
  const unsaved = signal(false);
  const claims = signal<Claims | null>(null);
  const state = createClientState(true, { claims, unsaved, route: undefined });
  const status = signal<ShellStatus>({ tag: 'loading' });
  const userName = signal<string | null>(null);
  const signOuts: Client[] = [];
  const notices = createNotices();
  const questions = createQuestions();
  const sessionNotice = signal<ExpiryNotice | null>(null);
  const drafts = { _path: '/web/', _unsaved: readyWorkingDay()._unsaved._forScreen(), _store: readyWorkingDay()._drafts };
  const client = createClient({
    state,
    logger,
    local: memoryStorage(),
    reloadConfiguration: async () => false,
    fetch: () => Promise.reject(new Error('no API in this test')),
    onSignOut: (signedOut) => void signOuts.push(signedOut),
    navigate: undefined,
    setUnsaved: (value) => {
      unsaved.value = value;
    },
    notify: notices._notify,
    unmount: async () => {},
  });
  const shell: Shell = {
    _clientState: state,
    _shellStatus: status,
    _client: client,
    _notices: notices,
    _sessionNotice: sessionNotice,
    _question: questions._open,
    _userName: userName,
    _strings: DEFAULT_STRINGS,
    _actions: [],
    _runAction: (action) => calls.push(`run:${action.label}`),
    _retry: () => calls.push('retry'),
    _signIn: () => calls.push('signIn'),
    _signInMidDay: () => calls.push('signInMidDay'),
    _signInHere: () => calls.push('signInHere'),
    _openScreen: () => {
      calls.push('screenOpened');
      return { _client: client, _drafts: drafts, _close: () => void calls.push('screenLeft') };
    },
    _reportScreenError: (error) => calls.push(`screenError:${errorText(error)}`),
    ...overrides,
  };
  return { shell, calls, state, claims, status, userName, client, signOuts, notices, questions, unsaved, sessionNotice };
}

const EMPTY_STATS: LoggerStats = {
  logged: 0,
  sent: 0,
  queued: 0,
  dropped: 0,
  droppedBy: { queueFull: 0, rateLimited: 0, beforeSend: 0, rejected: 0, tooLarge: 0, network: 0, storeFull: 0 },
  restored: 0,
  status: 'idle',
};

/** A logger that records its ERROR entries and answers flush() with the result given. */
export function fakeLogger(flushResult: FlushResult = { sent: 0, kept: 0, dropped: 0 }) {
  const errors: unknown[][] = [];
  const noop = () => {};
  const logger: Logger = {
    trace: noop,
    debug: noop,
    info: noop,
    log: noop,
    warn: noop,
    error: (...args: unknown[]) => void errors.push(args),
    fatal: noop,
    updateConfig: noop,
    getConfig: () => {
      throw new Error('not used by the UI');
    },
    flush: async () => flushResult,
    stats: () => EMPTY_STATS,
    setContext: noop,
  };
  return { logger, errors };
}

/** The shell with start-up done: secgw in production, a configuration, a version, the cloud, a user. */
export function readyShell(overrides: Partial<Shell> = {}, logger: Logger = fakeLogger().logger) {
  const made = fakeShell(overrides, logger);
  applyStartupUpdate(made.state, {
    authType: 'secgw',
    config: { displayName: 'Acme Service Desk', configurationItemName: 'ACME-1' },
    version: '5.3.1',
    isCloud: true,
  });
  made.claims.value = { userId: 'ann' };
  made.status.value = { tag: 'ready', screen: 0 };
  return made;
}

export const actionsNamed = (...labels: string[]): SpeedDialAction[] => labels.map((label) => ({ label, run() {} }));

/** The button whose text is `name`. */
export const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent === name);

/** The element a UI test renders into: fresh in the body for each test of `test`, emptied and gone after it. */
export function renderHostEachTest(test: Test): { readonly host: HTMLElement } {
  let host: HTMLElement | undefined;
  test.before.each(() => {
    host = document.createElement('div');
    document.body.append(host);
  });
  test.after.each(() => {
    if (host === undefined) return;
    render(null, host);
    host.remove();
  });
  return {
    get host() {
      if (host === undefined) throw new Error('the host element exists inside a test only');
      return host;
    },
  };
}

import type { AuthType } from '../auth/authType';

/**
 * Every text the client shows, in one table. `bootstrap({ strings })` overrides any of them;
 * `{name}` marks a value filled in when the text is shown.
 */
export const DEFAULT_STRINGS = {
  /** The header's title until the configuration names the product. */
  appName: 'EMWeb',
  loading: 'Starting…',
  startFailed: 'The client could not start',
  retry: 'Retry',
  signInRequired: 'Sign-in required',
  signInRequiredDetail: 'The security gateway asks you to sign in.',
  signIn: 'Sign in',
  /** The sign-in dialog, once Sign in opened the gateway in a new tab. */
  signInElsewhere: 'Sign in in the new tab; this page then carries on.',
  /** The sign-in dialog, when the browser did not open the new tab. */
  newTabRefused: 'The browser did not open a new tab.',
  signInHere: 'Sign in in this tab',
  leaveTitle: 'Leave this page?',
  leaveDetail: 'Changes you made will not be saved.',
  stay: 'Stay',
  leave: 'Leave',
  signOutTitle: 'Sign out with unsaved changes?',
  /** The notice before the session ends; `{time}` is the local time. */
  sessionEnding: 'Your session ends at {time}.',
  /** The same notice once that time has passed. */
  sessionHasEnded: 'Your session has ended.',
  signInAgain: 'Sign in again',
  /** Another user signed in on this browser; `{name}` is who. */
  userChanged: 'Signed in as {name} now. Unsaved work on this page was not kept.',
  /** A notice's close button. */
  dismiss: 'Dismiss',
  /** How many times a notice still shown was asked for. */
  noticeCount: '×{count}',
  /** A screen came back with what was typed before a reload, a crash or a closed tab. */
  draftRestored: 'Restored unsaved changes from {time}.',
  discard: 'Discard',
  screenFailed: 'This screen failed',
  tryAgain: 'Try again',
  /** A location under /web/ that no route matches. */
  notFound: 'Page not found',
  /** The not-found panel's link to /web/. */
  notFoundLink: 'Go to the start page',

  serverVersion: 'Server {version}',
  buildVersion: 'Build {version}',
  cloud: 'Cloud',
  /** The signed-in user, by the name the token gives. */
  signedInAs: 'Signed in as {name}',
  /** The signed-in user, when the token gives no name: by the user's id. */
  signedInAsUser: 'Signed in as user {id}',
  notSignedIn: 'Not signed in',
  modeOracle: 'Oracle',
  modeSecgw: 'Security gateway',
  modeToken: 'Token',

  homeTitle: 'Start-up',
  homeDetail: 'API base {apiBase} · configuration {configuration}',
  unavailable: 'unavailable',

  /** The floating action button's accessible name, and its menu's. */
  menu: 'Actions',
  sendLogs: 'Send logs now',
  reloadConfiguration: 'Reload configuration',
  copyDiagnostics: 'Copy diagnostics',
  signOut: 'Sign out',

  logsSent: 'Log entries sent: {count}',
  logsKept: 'Server unavailable, log entries kept for retry: {count}',
  logsDropped: 'Log entries dropped: {count}',
  logsNothingToSend: 'No log entries to send',
  configurationReloaded: 'Configuration reloaded',
  configurationUnavailable: 'The configuration could not be loaded',
  diagnosticsCopied: 'Diagnostics copied',
  diagnosticsNotCopied: 'The diagnostics could not be copied',
  actionFailed: '{action} failed',
};

export type Strings = typeof DEFAULT_STRINGS;

/** The defaults with a host's overrides on top; only known keys holding text are taken. */
export function mergeStrings(overrides: Partial<Strings> | undefined): Strings {
  const strings = { ...DEFAULT_STRINGS };
  for (const key of Object.keys(strings) as (keyof Strings)[]) {
    const text = overrides?.[key];
    if (typeof text === 'string') strings[key] = text;
  }
  return strings;
}

/** `fill('Server {version}', { version: '5.3' })` → `'Server 5.3'`. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));

/** `template` with `{time}` as the local time (hours and minutes) of `at`, in epoch ms. */
export const fillTime = (template: string, at: number): string =>
  fill(template, { time: new Date(at).toLocaleTimeString([], { timeStyle: 'short' }) });

/** The text that names each authType. */
const AUTH_TYPE_NAMES = { oracle: 'modeOracle', secgw: 'modeSecgw', token: 'modeToken' } as const satisfies Record<
  AuthType,
  keyof Strings
>;

/** The authType as the user reads it. */
export const authTypeName = (authType: AuthType, strings: Strings): string => strings[AUTH_TYPE_NAMES[authType]];

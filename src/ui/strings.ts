import type { AuthType } from '../auth/authType';

/**
 * Every text the client shows, in one table. `bootstrap({ strings })` overrides any of them;
 * `{name}` marks a value filled in when the text is shown.
 */
export const DEFAULT_STRINGS = {
  /** The header's title until the configuration names the product. */
  appName: 'EMWeb',
  /** The start-up panel while the server is asked, and a lazy screen while its module loads. */
  loading: 'Starting…',
  /** The start-up panel, when start-up failed. */
  startFailed: 'The client could not start',
  /** The failed start-up panel's button. */
  retry: 'Retry',
  /** The sign-in dialog's title, and the start-up panel's while a sign-in is under way. */
  signInRequired: 'Sign-in required',
  /** The sign-in dialog's text, and that panel's. */
  signInRequiredDetail: 'The security gateway asks you to sign in.',
  /** The sign-in dialog's button. */
  signIn: 'Sign in',
  /** The sign-in dialog, once Sign in opened the gateway in a new tab. */
  signInElsewhere: 'Sign in in the new tab; this page then carries on.',
  /** The sign-in dialog, when the browser did not open the new tab. */
  newTabRefused: 'The browser did not open a new tab.',
  /** The sign-in dialog's button when the new tab was refused. */
  signInHere: 'Sign in in this tab',
  /** The question before a move away from unsaved work. */
  leaveTitle: 'Leave this page?',
  /** The text of both questions, before a move and before Sign out. */
  leaveDetail: 'Changes you made will not be saved.',
  /** Both questions' button that stays. */
  stay: 'Stay',
  /** The question before a move: its button that goes (Sign out's says `signOut`). */
  leave: 'Leave',
  /** The question before Sign out with unsaved work. */
  signOutTitle: 'Sign out with unsaved changes?',
  /** The notice before the session ends; `{time}` is the local time. */
  sessionEnding: 'Your session ends at {time}.',
  /** The same notice once that time has passed. */
  sessionHasEnded: 'Your session has ended.',
  /** The session-end notice's button. */
  signInAgain: 'Sign in again',
  /** Another user signed in on this browser; `{name}` is who. */
  userChanged: 'Signed in as {name} now. Unsaved work on this page was not kept.',
  /** A notice's close button. */
  dismiss: 'Dismiss',
  /** How many times a notice still shown was asked for. */
  noticeCount: '×{count}',
  /** A screen came back with what was typed before a reload, a crash or a closed tab. */
  draftRestored: 'Restored unsaved changes from {time}.',
  /** The restored-draft notice's button. */
  discard: 'Discard',
  /** The panel of a screen that threw. */
  screenFailed: 'This screen failed',
  /** That panel's button. */
  tryAgain: 'Try again',
  /** A location under /web/ that no route matches. */
  notFound: 'Page not found',
  /** The not-found panel's link to /web/. */
  notFoundLink: 'Go to the start page',

  /** The header's versions line: the server's. */
  serverVersion: 'Server {version}',
  /** The header's versions line: this bundle's. */
  buildVersion: 'Build {version}',
  /** The header's badge for a cloud instance. */
  cloud: 'Cloud',
  /** The signed-in user, by the name the token gives. */
  signedInAs: 'Signed in as {name}',
  /** The signed-in user, when the token gives no name: by the user's id. */
  signedInAsUser: 'Signed in as user {id}',
  /** The header, when no user is signed in. */
  notSignedIn: 'Not signed in',
  /** The header's badge for the `oracle` authType. */
  modeOracle: 'Oracle',
  /** The header's badge for the `secgw` authType. */
  modeSecgw: 'Security gateway',
  /** The header's badge for the `token` authType. */
  modeToken: 'Token',

  /** The home view's title. */
  homeTitle: 'Start-up',
  /** The home view's text. */
  homeDetail: 'API base {apiBase} · configuration {configuration}',
  /** The home view, for a configuration that could not be loaded. */
  unavailable: 'unavailable',

  /** The floating action button's accessible name, and its menu's. */
  menu: 'Actions',
  /** The built-in action that flushes the logger. */
  sendLogs: 'Send logs now',
  /** The built-in action that fetches the configuration again. */
  reloadConfiguration: 'Reload configuration',
  /** The built-in action that copies `client.diagnostics()`. */
  copyDiagnostics: 'Copy diagnostics',
  /** The built-in Sign out action. */
  signOut: 'Sign out',

  /** Send logs now's notice: delivered. */
  logsSent: 'Log entries sent: {count}',
  /** Send logs now's notice: kept for a retry. */
  logsKept: 'Server unavailable, log entries kept for retry: {count}',
  /** Send logs now's notice: dropped. */
  logsDropped: 'Log entries dropped: {count}',
  /** Send logs now's notice: nothing queued. */
  logsNothingToSend: 'No log entries to send',
  /** Reload configuration's notice: done. */
  configurationReloaded: 'Configuration reloaded',
  /** Reload configuration's notice: failed. */
  configurationUnavailable: 'The configuration could not be loaded',
  /** Copy diagnostics' notice: done. */
  diagnosticsCopied: 'Diagnostics copied',
  /** Copy diagnostics' notice: failed. */
  diagnosticsNotCopied: 'The diagnostics could not be copied',
  /** The notice of an action that threw or rejected. */
  actionFailed: '{action} failed',
};

/** Every text the client shows, by key: the shape of `DEFAULT_STRINGS` and of the `strings` option. */
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

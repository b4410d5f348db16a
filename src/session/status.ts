/**
 * What the shell is doing, as one value: the UI shows exactly this and nothing else decides it.
 * - `loading`: start-up is asking the server; nothing is claimed about the user.
 * - `ready`: start-up is done; the client is handed out and the screens and actions are there.
 *   `screen` counts the screens shown afresh: it moves on when the session comes back for another
 *   user, so that nothing the last user saw stays on screen.
 * - `signInRequired`: the security gateway answered 401 at start-up, before anything was shown; a
 *   sign-in is under way in this tab.
 * - `sessionEnded`: the gateway ended the session mid-day; the screen stays, under the sign-in
 *   dialog, and the calls wait. `signIn` is how far the person got: the dialog `asked`, a sign-in
 *   `elsewhere` (a new tab opened), or the browser `refused` the new tab.
 * - `failed`: the probe rejected; `message` is its reason, shown as it is, with Retry.
 * - `ended`: the client was unmounted; nothing of it runs any more, and it never leaves this state.
 */
export type ShellStatus =
  | { tag: 'loading' }
  | { tag: 'ready'; screen: number }
  | { tag: 'signInRequired' }
  | { tag: 'sessionEnded'; screen: number; signIn: SignInStep }
  | { tag: 'failed'; message: string }
  | { tag: 'ended' };

export type SignInStep = 'asked' | 'elsewhere' | 'refused';

/** Whether the client's screen is shown: once ready, and through a session's end. */
export const showsScreen = (status: ShellStatus): status is Extract<ShellStatus, { screen: number }> =>
  status.tag === 'ready' || status.tag === 'sessionEnded';

import type { Client } from './types';

/**
 * What the shell is doing, as one value: the UI shows exactly this and nothing else decides it.
 * - `loading`: start-up is asking the server; nothing is claimed about the user.
 * - `ready`: start-up is done; the client is handed out and the screens and actions are there.
 * - `signInRequired`: the security gateway answered 401; a sign-in is under way.
 * - `failed`: the probe rejected; `_message` is its reason, shown as it is, with Retry.
 * - `ended`: the client was unmounted; nothing of it runs any more, and it never leaves this state.
 */
export type ShellStatus =
  | { _kind: 'loading' }
  | { _kind: 'ready'; _client: Client }
  | { _kind: 'signInRequired' }
  | { _kind: 'failed'; _message: string }
  | { _kind: 'ended' };

/**
 * What a sign-in at the gateway leaves in the browser, played in a test: the signed-in user's JWT
 * in storage, and the word to the other tabs that one of them became ready signed in.
 */
import { browserLocalStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import { openTabChannel } from '../tabs/channel';
import { announceSignedIn, SESSION_CHANNEL } from '../tabs/session';
import { makeJwt } from './jwt';

/** Who `signIn()` signs in when the test names nobody: the demo's user. */
export const DEFAULT_USER_ID = 1042;

/** How long a token of `signIn()` lasts unless its claims say otherwise: a working day. */
const SESSION_SECONDS = 8 * 60 * 60;

/** Who `signIn()` signs in, and for how long. */
export interface SignInOptions {
  /** The user who signs in; default 1042. Another user than the one who left is what "only to the one who left" is about. */
  userId?: number | string;
  /** Claims over the default ones (`authUserId`, `profileId`, `langId`, `sid`, `exp` in seconds…). */
  claims?: Record<string, unknown>;
}

let signIns = 0;

/** A token shaped like the gateway's for that user, valid for a working day from now. */
export function signedInJwt({ userId = DEFAULT_USER_ID, claims }: SignInOptions = {}): string {
  signIns += 1;
  return makeJwt({
    userId,
    authUserId: `user-${userId}`,
    profileId: 1,
    langId: 'en',
    // Each sign-in is a session of its own, as the gateway's would be.
    sid: `session-${signIns}`,
    exp: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
    ...claims,
  });
}

/**
 * Stores the token where the client reads it, then tells the tabs of the origin (every client of
 * this page included: a `BroadcastChannel` reaches every other instance of its name) as a tab that
 * became ready signed in would, through the same code. Without storage or `BroadcastChannel` that
 * part is left out.
 */
export function announceSignIn(jwt: string): void {
  browserLocalStorage().set(STORAGE_KEYS.jwt, jwt);
  // The same words a client's tab says (src/tabs/session.ts), not a copy of them.
  announceSignedIn(openTabChannel(SESSION_CHANNEL));
}

/**
 * What `client.fetch` asks of the session, in one place: one 401 is a short straight path,
 * `client.fetch` → here → the session's life → the sign-in dialog the shell shows. Each call asks
 * who is signed in at each attempt, waits while the session is over, and tells a 401 of its own
 * user's as the session's end.
 */
import type { SessionForCalls } from '../api/clientFetch';
import type { WorkingDay } from './workingDay';

/** `signInRequired`: the gateway asks for a sign-in; the life keeps a burst of 401s to one, until the session is back. */
export function sessionForCalls(day: WorkingDay, signInRequired: () => void): SessionForCalls {
  return {
    waitsForSignIn: day._life._waitsForSignIn,
    comebacks: day._life._comebacks,
    user: day._user._read,
    ended: signInRequired,
    wait: day._waiting._wait,
  };
}

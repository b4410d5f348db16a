/**
 * The calls that wait for the sign-in: each is held until the session is back, then goes on (the
 * same user came back) or is turned away (another user did: nothing of the last user's is sent for
 * the next). A waiting call can still be given up at any time through its signals.
 */

export interface WaitingCalls {
  /**
   * Resolves once the session is back for the same user. Rejects with the reason of the first of
   * `signals` to abort, or with the error a user change gives.
   */
  _wait(signals: readonly (AbortSignal | null | undefined)[]): Promise<void>;
  /** The session is back for the same user: every waiting call goes on. */
  _release(): void;
  /** Every waiting call rejects with `error`. */
  _turnAway(error: unknown): void;
}

/** Ends one waiting call: it stops listening to its signals, then `finish` resolves or rejects it. */
type Settle = (finish: (resolve: () => void, reject: (error: unknown) => void) => void) => void;

export function createWaitingCalls(): WaitingCalls {
  const waiters = new Set<Settle>();
  const settleAll: Settle = (finish) => {
    for (const settle of [...waiters]) settle(finish);
  };
  return {
    _wait(signals) {
      const given = signals.filter((signal): signal is AbortSignal => !!signal);
      const aborted = given.find((signal) => signal.aborted);
      if (aborted) return Promise.reject(aborted.reason);
      return new Promise<void>((resolve, reject) => {
        const settle: Settle = (finish) => {
          waiters.delete(settle);
          for (const stop of stopListening) stop();
          finish(resolve, reject);
        };
        const stopListening = given.map((signal) => {
          const onAbort = () => settle(() => reject(signal.reason));
          signal.addEventListener('abort', onAbort);
          return () => signal.removeEventListener('abort', onAbort);
        });
        waiters.add(settle);
      });
    },
    _release: () => settleAll((resolve) => resolve()),
    _turnAway: (error) => settleAll((_resolve, reject) => reject(error)),
  };
}

/**
 * A working day that loses nothing: the session's life and what hangs on it, put together in one
 * place. The gateway asks for a sign-in mid-day: the screen stays and the calls wait, remembering
 * who left. The session comes back: the same user's calls go on; another user's are turned away,
 * the unsaved work goes and the screen is shown afresh. A move, or a sign-out, asks first while
 * there is unsaved work.
 */
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import type { Timers } from '../tabs/token';
import { createExpiryWarning, type ExpiryWarning } from './expiry';
import { createSessionLife, type SessionLife } from './life';
import { createQuestions, type Questions } from './question';
import { createUnsavedWork, UNSAVED_LOCK_PREFIX, type UnsavedWork } from './unsaved';
import { isSameUser, userOf } from './user';
import { createWaitingCalls, type WaitingCalls } from './waitingCalls';

/** Asks before a move: `go` makes it, `stay` puts the location back. */
export type MoveGuard = (go: () => void, stay: () => void) => void;

export interface WorkingDayDeps {
  local: SafeStorage;
  now(): number;
  timers: Timers;
  /** The window: `beforeunload`. */
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  locks: LockManager | undefined;
  /** `warnBeforeExpiryMs`. */
  warnBeforeMs: number;
}

export interface WorkingDay {
  readonly _life: SessionLife;
  readonly _waiting: WaitingCalls;
  readonly _unsaved: UnsavedWork;
  readonly _questions: Questions;
  readonly _expiry: ExpiryWarning;
  /**
   * The gateway asks for a sign-in: start-up's, mid-day's, or none. Mid-day the user who left is
   * noted: the one the refused call was sent as, else the stored token's.
   */
  _signInRequired(sentAs?: string | null): ReturnType<SessionLife['_signInRequired']>;
  /** Who the stored token signs in now. */
  _storedUser(): string | null;
  /** Resolves once the session is back for `sentAs`; rejects as the waiting calls do, or when another user came back. */
  _waitForSession(signals: readonly (AbortSignal | null | undefined)[], sentAs: string | null): Promise<void>;
  /** The session is back (a configuration loaded past the gateway). */
  _back(): void;
  /** Asks before a move drops unsaved work; a move that goes ahead leaves the work behind. */
  _guardMove: MoveGuard;
  /** Whether the built-in Sign out goes ahead: it asks when this or another tab has unsaved work. */
  _confirmSignOut(): Promise<boolean>;
  /** A sign-out goes ahead: nothing unsaved holds it up. */
  _signedOut(): void;
  _end(): void;
}

/** The error a waiting call rejects with when the session came back for someone else. */
export const USER_CHANGED = 'EMWeb: not sent, another user signed in';

export function createWorkingDay(deps: WorkingDayDeps): WorkingDay {
  const life = createSessionLife();
  const waiting = createWaitingCalls();
  const questions = createQuestions();
  const unsaved = createUnsavedWork({
    page: deps.page,
    locks: deps.locks,
    lockName: UNSAVED_LOCK_PREFIX + Math.random().toString(36).slice(2),
  });
  const expiry = createExpiryWarning({ warnBeforeMs: deps.warnBeforeMs, now: deps.now, timers: deps.timers });
  const storedUser = () => userOf(deps.local.get(STORAGE_KEYS.jwt));
  let userWhoLeft: string | null = null;

  const back = () => {
    const wasMidDay = life._waitsForSignIn();
    const sameUser = !wasMidDay || isSameUser(userWhoLeft, storedUser());
    if (!sameUser) {
      questions._close();
      unsaved._set(false);
    }
    life._back(!sameUser);
    if (sameUser) waiting._release();
    else waiting._turnAway(new Error(USER_CHANGED));
  };

  return {
    _life: life,
    _waiting: waiting,
    _unsaved: unsaved,
    _questions: questions,
    _expiry: expiry,
    _signInRequired(sentAs) {
      const when = life._signInRequired();
      if (when === 'midDay') userWhoLeft = sentAs === undefined ? storedUser() : sentAs;
      return when;
    },
    _storedUser: storedUser,
    async _waitForSession(signals, sentAs) {
      await waiting._wait(signals);
      // A call sent as someone the session did not come back for: what it carries is not the next user's.
      if (!isSameUser(sentAs, storedUser())) throw new Error(USER_CHANGED);
    },
    _back: back,
    _guardMove(go, stay) {
      if (!unsaved._unsaved.peek()) return go();
      void questions._ask('leave').then((leave) => {
        if (!leave) return stay();
        unsaved._set(false);
        go();
      });
    },
    async _confirmSignOut() {
      return !(await unsaved._anyTab()) || questions._ask('signOut');
    },
    _signedOut() {
      questions._close();
      unsaved._set(false);
    },
    _end() {
      life._end();
      questions._close();
      unsaved._stop();
      expiry._stop();
    },
  };
}

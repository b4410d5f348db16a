/**
 * A working day that loses nothing, and whose work it is: the session's life and what hangs on it,
 * put together in one place. The gateway asks for a sign-in mid-day: the screen stays and the calls
 * wait. The session comes back: the calls go on, each only for the user it was made for
 * (api/clientFetch.ts asks `_user`). Another user signs in, in any tab: nothing of the first one's
 * waits, is asked about or stays on screen. A move, or a sign-out, asks first while there is
 * unsaved work.
 */
import { effect, type ReadonlySignal, signal } from '@preact/signals';
import { USER_CHANGED } from '../api/clientFetch';
import type { Identity } from '../auth/identity';
import type { SafeStorage } from '../browser/storage';
import type { StorageEvents, Timers } from '../tabs/token';
import { createDrafts, type Drafts } from './drafts';
import { createExpiryWarning, type ExpiryWarning } from './expiry';
import { createSessionLife, type SessionLife } from './life';
import { createQuestions, type Questions } from './question';
import { createSignedInUser, type SignedInUser } from './signedInUser';
import { createUnsavedWork, UNSAVED_LOCK_PREFIX, type UnsavedWork } from './unsaved';
import { createWaitingCalls, type WaitingCalls } from './waitingCalls';

/** Asks before a move: `go` makes it, `stay` puts the location back. */
export type MoveGuard = (go: () => void, stay: () => void) => void;

export interface WorkingDayDeps {
  local: SafeStorage;
  now(): number;
  timers: Timers;
  /** The window: `beforeunload`, `storage`, `pageshow`. */
  page: StorageEvents;
  locks: LockManager | undefined;
  /** `warnBeforeExpiryMs`. */
  warnBeforeMs: number;
  /** `drafts.keepDays`, in ms. */
  keepDraftsMs: number;
  /** A draft that could not be kept in storage. */
  warn(message: string): void;
}

export interface WorkingDay {
  readonly _life: SessionLife;
  readonly _user: SignedInUser;
  readonly _waiting: WaitingCalls;
  readonly _unsaved: UnsavedWork;
  readonly _questions: Questions;
  readonly _expiry: ExpiryWarning;
  /** The screens' drafts, kept for the signed-in user until saved, discarded, left or signed out. */
  readonly _drafts: Drafts;
  /** Who signed in the last time the user changed here; `null` until it does. */
  readonly _changedTo: ReadonlySignal<Identity | null>;
  /** The session is back (a configuration loaded past the gateway). */
  _back(): void;
  /** Asks before a move drops unsaved work; a move that goes ahead leaves the work behind. */
  _guardMove: MoveGuard;
  /** Whether the built-in Sign out goes ahead: it asks when this or another tab has unsaved work. */
  _confirmSignOut(): Promise<boolean>;
  /** A sign-out goes ahead: nothing unsaved holds it up, and no waiting call is sent. */
  _signedOut(): void;
  _end(): void;
}

/** The error waiting calls reject with when the user signs out, here or in another tab. */
const signedOut = () => new DOMException('EMWeb: client.fetch not sent, signed out', 'AbortError');

export function createWorkingDay(deps: WorkingDayDeps): WorkingDay {
  const life = createSessionLife();
  const waiting = createWaitingCalls();
  const questions = createQuestions();
  const unsaved = createUnsavedWork({ ...deps, lockName: UNSAVED_LOCK_PREFIX + Math.random().toString(36).slice(2) });
  const expiry = createExpiryWarning(deps);
  const changedTo = signal<Identity | null>(null);
  const user = createSignedInUser({
    ...deps,
    onUserChanged(identity) {
      // Nothing of the first user's goes on: no call, no question, no unsaved work, no screen.
      waiting._turnAway(new Error(USER_CHANGED));
      questions._close();
      unsaved._clear();
      life._freshScreen();
      changedTo.value = identity;
    },
  });
  const drafts = createDrafts({ ...deps, user });
  const stopExpiry = effect(() => expiry._follow(user._identity.value?.expiresAt ?? null));

  return {
    _life: life,
    _user: user,
    _waiting: waiting,
    _unsaved: unsaved,
    _questions: questions,
    _expiry: expiry,
    _drafts: drafts,
    _changedTo: changedTo,
    _back() {
      // Who came back is read first: another user turns the waiting calls away before any could go.
      user._read();
      life._back();
      waiting._release();
    },
    _guardMove(go, stay) {
      if (!unsaved._unsaved.peek()) return go();
      void questions._ask('leave').then((leave) => {
        if (!leave) return stay();
        drafts._left();
        unsaved._clear();
        go();
      });
    },
    async _confirmSignOut() {
      return !(await unsaved._anyTab()) || questions._ask('signOut');
    },
    _signedOut() {
      drafts._signedOut();
      questions._close();
      unsaved._clear();
      waiting._turnAway(signedOut());
    },
    _end() {
      life._end();
      questions._close();
      unsaved._stop();
      stopExpiry();
      expiry._stop();
      drafts._stop();
      user._stop();
    },
  };
}

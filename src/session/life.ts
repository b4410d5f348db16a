/**
 * The session's life, with one writer: every change of the shell's status goes through here, so
 * that the rules (an ended client stays ended; a sign-in asked for after the client was ready keeps
 * the screen) hold in one place. The client, the tabs, `client.fetch` and the UI read `status`.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ShellStatus, SignInStep } from './status';

export interface SessionLife {
  readonly _status: ReadonlySignal<ShellStatus>;
  /** A start (or Retry) is asking the server. */
  _loading(): void;
  /** Start-up is done: ready, unless the gateway asked for a sign-in meanwhile. True when it became ready. */
  _started(): boolean;
  /** The probe rejected. */
  _failed(message: string): void;
  /**
   * The gateway asks for a sign-in. Before the client was ready it is start-up's (`'startUp'`: the
   * sign-in happens in this tab); once ready it is mid-day's (`'midDay'`: the screen stays); a
   * session already ended, or a client that ended, asks nothing more (`null`).
   */
  _signInRequired(): 'startUp' | 'midDay' | null;
  /** How far the mid-day sign-in got. */
  _signInStep(step: SignInStep): void;
  /** The session is back: ready again. */
  _back(): void;
  /** Another user is signed in now: the screen shown is started afresh, under whatever shows over it. */
  _freshScreen(): void;
  /** The client ended: for good. */
  _end(): void;
  _hasEnded(): boolean;
  /** Whether calls wait now: the session ended mid-day and is not back yet. */
  _waitsForSignIn(): boolean;
  /** Whether a sign-in is asked for now, at start-up or mid-day: a sign-in elsewhere brings this one back. */
  _asksForSignIn(): boolean;
  /** How many times the session came back after a sign-in was asked for. */
  _comebacks(): number;
}

export function createSessionLife(): SessionLife {
  const status = signal<ShellStatus>({ tag: 'loading' });
  let comebacks = 0;
  const now = () => status.peek();
  const set = (next: ShellStatus) => {
    if (now().tag !== 'ended') status.value = next;
  };
  const asksForSignIn = () => now().tag === 'sessionEnded' || now().tag === 'signInRequired';
  const screen = () => {
    const current = now();
    return 'screen' in current ? current.screen : 0;
  };
  return {
    _status: status,
    _loading: () => set({ tag: 'loading' }),
    _started() {
      const loading = now().tag === 'loading';
      if (loading) set({ tag: 'ready', screen: screen() });
      return loading;
    },
    _failed: (message) => set({ tag: 'failed', message }),
    _signInRequired() {
      const { tag: kind } = now();
      if (kind === 'ready') {
        set({ tag: 'sessionEnded', screen: screen(), signIn: 'asked' });
        return 'midDay';
      }
      if (kind === 'loading' || kind === 'failed') {
        set({ tag: 'signInRequired' });
        return 'startUp';
      }
      return null;
    },
    _signInStep(step) {
      const current = now();
      if (current.tag === 'sessionEnded') set({ ...current, signIn: step });
    },
    _back() {
      if (asksForSignIn()) {
        comebacks += 1;
        set({ tag: 'ready', screen: screen() });
      }
    },
    _freshScreen() {
      const current = now();
      if ('screen' in current) set({ ...current, screen: current.screen + 1 });
    },
    _end: () => set({ tag: 'ended' }),
    _hasEnded: () => now().tag === 'ended',
    _waitsForSignIn: () => now().tag === 'sessionEnded',
    _asksForSignIn: asksForSignIn,
    _comebacks: () => comebacks,
  };
}

import type { Signal } from '@preact/signals';
import type { ClientState } from '../state/clientState';
import type { Strings } from '../strings';
import type { Client, Screen, SpeedDialAction } from '../types';

export type Phase = 'loading' | 'ready' | 'error' | 'signin';

/** Everything the UI reads, and the few things it may ask for. The UI imports no network code. */
export interface Shell {
  state: ClientState;
  phase: Signal<Phase>;
  /** The rejection's message while `phase` is `error`. */
  startError: Signal<string>;
  /** Set once start-up is done. */
  client: Signal<Client | null>;
  /** A short message for the live region; cleared after a few seconds. */
  notice: Signal<string>;
  /**
   * Counts the moments focus should move to what the main area now shows (after Retry, after a
   * sign-in is asked for): a user who acted, or a screen reader, must not be left on `<body>`.
   */
  focusRequests: Signal<number>;
  strings: Strings;
  /** At most five. */
  actions: SpeedDialAction[];
  render?: (client: Client) => Screen;
  /** Runs a speed-dial action; its failure becomes a notice, never an exception. */
  run(action: SpeedDialAction): void;
  retry(): void;
  signIn(): void;
  /** A host screen failed while rendering. */
  reportScreenError(error: unknown): void;
}

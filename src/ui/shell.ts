import type { Signal } from '../state/signal';
import type { ComponentChild } from 'preact';
import type { ClientState } from '../state/signals';
import type { Client, SpeedDialAction } from '../types';

export type Phase = 'loading' | 'ready' | 'error' | 'signin';

/** Everything the UI reads, and the few things it may ask for. The UI imports no network code. */
export interface Shell {
  state: ClientState;
  phase: Signal<Phase>;
  /** The rejection's message while `phase` is `error`. */
  error: Signal<string>;
  /** Set once start-up is done. */
  client: Signal<Client | null>;
  /** A short message for the live region; cleared after a few seconds. */
  notice: Signal<string>;
  actions: SpeedDialAction[];
  render?: (client: Client) => ComponentChild;
  /** Runs a speed-dial action; its failure becomes a notice, never an exception. */
  run(action: SpeedDialAction): void;
  retry(): void;
  signIn(): void;
}

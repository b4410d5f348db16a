import type { ReadonlySignal, Signal } from '@preact/signals';
import type { ShellStatus } from '../client/status';
import type { Client, Screen, SpeedDialAction } from '../client/types';
import type { Routing } from '../routes/routing';
import type { ClientState } from '../state/clientState';
import type { Strings } from './strings';

/** Everything the UI reads, and the few things it may ask for. The UI imports no network code. */
export interface Shell {
  _state: ClientState;
  /** What the shell is doing: the UI shows exactly this. */
  _shellStatus: ReadonlySignal<ShellStatus>;
  /** The signed-in user's name from the token, beside the claims; `null` when it gives none. */
  _userName: ReadonlySignal<string | null>;
  /** A short message for the live region; cleared after a few seconds. */
  _notice: Signal<string>;
  _strings: Strings;
  /** At most five. */
  _actions: SpeedDialAction[];
  _render?: (client: Client) => Screen;
  /** With the `routes` option: the main area shows the location's route. */
  _routing?: Routing;
  /** Runs a speed-dial action; its failure becomes a notice, never an exception. */
  _runAction(action: SpeedDialAction): void;
  _retry(): void;
  _signIn(): void;
  /** A host screen failed while rendering. */
  _reportScreenError(error: unknown): void;
}

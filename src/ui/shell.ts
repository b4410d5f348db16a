import type { ReadonlySignal } from '@preact/signals';
import type { Routing } from '../routes/routing';
import type { ExpiryNotice } from '../session/expiry';
import type { OpenQuestion } from '../session/question';
import type { ShellStatus } from '../session/status';
import type { WritableClientState } from '../state/clientState';
import type { Client, Screen, SpeedDialAction } from '../types/client';
import type { Notices } from './notices';
import type { Strings } from './strings';
import type { ScreenDrafts } from './useDraft';

/** A shown screen's client, and what ends its share when the screen goes. */
export interface ScreenOfClient {
  readonly _client: Client;
  /** What the screen's `useDraft` needs: its path, its own unsaved flag, the client's drafts. */
  readonly _drafts: ScreenDrafts;
  _close(): void;
}

/** Everything the UI reads, and the few things it may ask for. The UI imports no network code. */
export interface Shell {
  _clientState: WritableClientState;
  /** What the shell is doing: the UI shows exactly this. */
  _shellStatus: ReadonlySignal<ShellStatus>;
  /** The signed-in user's name from the token, beside the claims; `null` when it gives none. */
  _userName: ReadonlySignal<string | null>;
  /** The client the screens get. */
  _client: Client;
  /** The speed dial's reports and the screens' `client.notify`. */
  _notices: Notices;
  /** The notice before the session ends (when, or that it has), while it is up. */
  _sessionNotice: ReadonlySignal<ExpiryNotice | null>;
  /** The unsaved-work question being asked, if any. */
  _question: ReadonlySignal<OpenQuestion | null>;
  _strings: Strings;
  /** At most five. */
  _actions: SpeedDialAction[];
  _render?: (client: Client) => Screen;
  /** With the `routes` option: the main area shows the location's route. */
  _routing?: Routing;
  /** Runs a speed-dial action; its failure becomes a notice, never an exception. */
  _runAction(action: SpeedDialAction): void;
  _retry(): void;
  /** Start-up's sign-in, in this tab. */
  _signIn(): void;
  /** The sign-in dialog's (and the expiry notice's): a new tab, or the host's `onSignInRequired`. */
  _signInMidDay(): void;
  /** Where the browser refused the new tab: this tab, once unsaved work is asked about. */
  _signInHere(): void;
  /** A screen is shown: the client it is handed; its share ends (unsaved work, calls) when it goes. */
  _openScreen(): ScreenOfClient;
  /** A host screen failed while rendering. */
  _reportScreenError(error: unknown): void;
}

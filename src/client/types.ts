import type { LoggerOptions } from '../logging/types';
import type { Client, Routes, Screen, SpeedDialActions } from '../types/client';
import type { Strings } from '../ui/strings';

/** What `bootstrap` and `EMWeb.bootstrap` take; every option is optional. */
export interface BootstrapOptions {
  /**
   * The element to mount in, or its selector; none found: `bootstrap` rejects with an `Error` naming the selector.
   * @defaultValue `'#emweb'`
   */
  mount?: Element | string;
  /**
   * Picks the API base and the logger's defaults.
   * @defaultValue the bundle's build (production in `emweb.js`)
   */
  production?: boolean;
  /**
   * Where the API paths live.
   * @defaultValue `location.origin`
   */
  origin?: string;
  /** Any `LoggerConfig` field over the build's logger defaults, and the `beforeSend` hook (docs/logger.md). */
  logger?: LoggerOptions;
  /**
   * Uncaught errors and unhandled rejections become ERROR entries of the logger.
   * @defaultValue `true`
   */
  captureErrors?: boolean;
  /**
   * Called when the security gateway answers 401, as soon as that answer arrives; mid-day the sign-in
   * dialog shows as well, and its Sign in calls this again.
   * @defaultValue at start-up go to `/auth/?returnUrl=<current URL>`; mid-day the sign-in dialog's Sign in opens it in a new tab
   */
  onSignInRequired?: () => void;
  /**
   * How long before the stored JWT's `exp` the shell says the session ends, in ms; `0`: never.
   * @defaultValue `120000`
   */
  warnBeforeExpiryMs?: number;
  /**
   * The product's own screens, shown in the main area once start-up is done: `(client) =>` an element
   * (`EMWeb.html`, `EMWeb.React.createElement`, JSX), a string (shown as text) or a DOM `Node` (inserted as it is).
   * @defaultValue the home view
   */
  render?: (client: Client) => Screen;
  /** Screens by path pattern under /web/ (`''`, `'tickets'`, `'tickets/:id'`, `'*'`), the first key that matches wins; not together with `render`. */
  routes?: Routes;
  /**
   * The speed dial's actions `{ label, run(client) }`: an array replaces the built-ins; a function
   * receives them and returns the list (adds, removes, reorders).
   * @defaultValue the four built-ins
   */
  actions?: SpeedDialActions;
  /**
   * Called by Sign out once `jwt`, `devToken` and `authType` are removed from localStorage.
   * @defaultValue under the gateway go to `/auth/`, else reload
   */
  onSignOut?: (client: Client) => void;
  /**
   * Any of the texts the client shows, by key.
   * @defaultValue `DEFAULT_STRINGS` (English)
   */
  strings?: Partial<Strings>;
  /**
   * How long each start-up call and each `client.fetch` (without its own `timeoutMs`) may take, in ms,
   * before it counts as failed; above 2^31−1, or `Infinity`, no limit.
   * @defaultValue `10000`
   */
  timeoutMs?: number;
  /**
   * Drafts kept by `useDraft`: `keepDays` is how many days a copy nobody came back to is kept.
   * @defaultValue `{ keepDays: 7 }`
   */
  drafts?: { keepDays?: number };
}

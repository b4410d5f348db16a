import type { LoggerOptions } from '../logging/types';
import type { Client, Routes, Screen, SpeedDialActions } from '../types/client';
import type { Strings } from '../ui/strings';

export interface BootstrapOptions {
  /** Element or selector to mount in; default `'#emweb'`. */
  mount?: Element | string;
  /** Picks the API base and the logger's defaults; default: the bundle's build (production in `emweb.js`). */
  production?: boolean;
  /** Where the API paths live; default `location.origin`. */
  origin?: string;
  /** Applied over the build's logger defaults, with an optional `beforeSend` hook. */
  logger?: LoggerOptions;
  /** Uncaught errors and unhandled rejections go to `logger.error`; default true. */
  captureErrors?: boolean;
  /**
   * Called when the security gateway answers 401; default: at start-up go to
   * `/auth/?returnUrl=<current URL>`, mid-day open it in a new tab from the sign-in dialog.
   */
  onSignInRequired?: () => void;
  /** How long before the stored JWT's `exp` the shell says the session ends, in ms; default 120000, `0`: never. */
  warnBeforeExpiryMs?: number;
  /** The product's own screens, shown in the main area once start-up is done; default: the home view. */
  render?: (client: Client) => Screen;
  /** Screens by path pattern under /web/ (`''`, `'tickets'`, `'tickets/:id'`, `'*'`); not together with `render`. */
  routes?: Routes;
  /** An array replaces the built-in speed-dial actions; a function receives them and returns the list. */
  actions?: SpeedDialActions;
  /** Called by Sign out once the stored sign-in is gone; default: under the gateway go to `/auth/`, else reload. */
  onSignOut?: (client: Client) => void;
  /** Any of the texts the client shows. */
  strings?: Partial<Strings>;
  /** How long each start-up call and each `client.fetch` (without its own `timeoutMs`) may take, in ms; default 10000. */
  timeoutMs?: number;
  /** Drafts kept by `useDraft`: `keepDays` (default 7) is how long a copy nobody came back to is kept. */
  drafts?: { keepDays?: number };
}

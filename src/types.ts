import type { ComponentChild } from 'preact';
import type { Logger, LoggerConfig } from './logging/types';
import type { ClientState } from './state/signals';
import type { StartupFacts } from './startup';

/** What `bootstrap` resolves to: the facts start-up learnt, live state, and the way out. */
export interface Client extends StartupFacts {
  state: ClientState;
  logger: Logger;
  /** Flushes the logger, stops timers and listeners, and removes the UI. */
  unmount(): Promise<void>;
}

/** An entry of the floating action button's speed dial. */
export interface SpeedDialAction {
  label: string;
  /** May return a promise; a failure becomes a notice and an ERROR log entry. */
  run(client: Client): unknown;
}

export interface BootstrapOptions {
  /** Element or selector to mount in; default `'#emweb'`. */
  mount?: Element | string;
  /** Picks the API base and the logger's defaults; default: the bundle's mode. */
  production?: boolean;
  /** Where the API paths live; default `location.origin`. */
  origin?: string;
  /** Applied over the mode's logger defaults. */
  logger?: Partial<LoggerConfig>;
  /** Uncaught errors and unhandled rejections go to `logger.error`; default true. */
  captureErrors?: boolean;
  /** Called when the security gateway answers 401; default: go to `/auth/?returnUrl=<current URL>`. */
  onSignInRequired?: () => void;
  /** The product's own screens, shown in the main area once start-up is done. */
  render?: (client: Client) => ComponentChild;
  /** Speed-dial actions in place of the built-in ones; at most 5 are shown. */
  actions?: SpeedDialAction[];
  /** How long each start-up call may take, in ms; default 10000. */
  timeoutMs?: number;
}

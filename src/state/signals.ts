import { signal, type Signal } from './signal';
import type { Breakpoint } from '../constants';
import type { AuthType } from '../auth/authType';
import type { Claims } from '../auth/claims';
import type { ClientConfiguration } from '../api/configuration';

/** What screens read; each piece fills in as start-up learns it (`null` until then). */
export interface ClientState {
  authType: Signal<AuthType | null>;
  /** The configuration object, `false` when it could not be loaded, `null` while loading. */
  config: Signal<ClientConfiguration | false | null>;
  version: Signal<string | null>;
  isCloud: Signal<boolean | null>;
  claims: Signal<Claims | null>;
  breakpoint: Signal<Breakpoint>;
}

export const createState = (breakpoint: Breakpoint = 'lg'): ClientState => ({
  authType: signal(null),
  config: signal(null),
  version: signal(null),
  isCloud: signal(null),
  claims: signal(null),
  breakpoint: signal(breakpoint),
});

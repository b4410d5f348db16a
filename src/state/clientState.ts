import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { ClientConfiguration } from '../api/configuration';
import { type ApiBase, apiBase } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import type { Claims } from '../auth/claims';
import type { Breakpoint } from '../product/constants';

/** The route shown: the location's path, the key that matched (`null`: the not-found panel) and its params. */
export interface CurrentRoute {
  path: string;
  pattern: string | null;
  params: Record<string, string>;
}

/** The facts start-up learns; `Client` carries the same ones, read from the state. */
export interface StartupFacts {
  authType: AuthType;
  apiBase: ApiBase;
  config: ClientConfiguration | false;
  /** The server's version text, `''` when it could not be read. */
  version: string;
  isCloud: boolean;
  claims: Claims | null;
}

/** Facts as they arrive, one or a few at a time (the API base follows from the authType). */
export type StartupUpdate = Partial<Omit<StartupFacts, 'apiBase' | 'claims'>>;

/** What screens read; each piece fills in as start-up learns it (`null` until then). */
export interface ClientState {
  authType: Signal<AuthType | null>;
  /** Follows from the authType and the build. */
  apiBase: ReadonlySignal<ApiBase | null>;
  /** The configuration object, `false` when it could not be loaded, `null` while loading. */
  config: Signal<ClientConfiguration | false | null>;
  version: Signal<string | null>;
  isCloud: Signal<boolean | null>;
  /** The signed-in user's claims (the session's own signal). */
  claims: ReadonlySignal<Claims | null>;
  breakpoint: Signal<Breakpoint>;
  /** With the `routes` option, the route shown (the routing's own signal); else `null`. */
  route: ReadonlySignal<CurrentRoute | null>;
  /** Whether the shown screen holds unsaved work (the session's own signal). */
  unsaved: ReadonlySignal<boolean>;
}

/** The signals other parts own, which the state shows beside its own. */
export interface OwnedElsewhere {
  /** The signed-in user's (src/session/signedInUser.ts). */
  claims: ReadonlySignal<Claims | null>;
  unsaved: ReadonlySignal<boolean>;
  route: ReadonlySignal<CurrentRoute> | undefined;
}

/** The state as hosts and screens get it: every signal read-only, in its type and at run time. */
export type ClientStateView = { readonly [K in keyof ClientState]: ReadonlySignal<ClientState[K]['value']> };

/**
 * A read-only view of the state. A computed signal has no setter, so a host's `state.x.value = …`
 * throws instead of quietly rewriting what the client believes; the view itself is frozen, so no
 * signal of it can be swapped either. Every signal of the state gets one, whoever adds it.
 */
export function readOnlyState(state: ClientState): ClientStateView {
  const view: Record<string, ReadonlySignal<unknown>> = {};
  for (const [name, owned] of Object.entries(state) as [string, ReadonlySignal<unknown>][]) {
    view[name] = computed(() => owned.value);
  }
  return Object.freeze(view) as ClientStateView;
}

export function createClientState(production: boolean, breakpoint: Breakpoint, owned: OwnedElsewhere): ClientState {
  const authType = signal<AuthType | null>(null);
  return {
    authType,
    apiBase: computed(() => (authType.value ? apiBase(authType.value, production) : null)),
    config: signal(null),
    version: signal(null),
    isCloud: signal(null),
    claims: owned.claims,
    breakpoint: signal(breakpoint),
    route: owned.route ?? signal(null),
    unsaved: owned.unsaved,
  };
}

/**
 * The one way start-up writes into the state: every fact of the update, in one render. Its type
 * names only what start-up learns; the rest follows from it (apiBase) or from the viewport (breakpoint).
 */
export function applyStartupUpdate(state: ClientState, update: StartupUpdate): void {
  batch(() => {
    for (const [fact, value] of Object.entries(update)) {
      if (value !== undefined) (state[fact as keyof StartupUpdate] as Signal<unknown>).value = value;
    }
  });
}

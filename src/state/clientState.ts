import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { ClientConfiguration } from '../api/configuration';
import { type ApiBase, apiBase } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import type { Claims } from '../auth/claims';
import type { Breakpoint } from '../product/constants';

/** The route shown: the location's path, the key that matched (`null`: the not-found panel) and its params. */
export interface CurrentRoute {
  /** The location's path under `/web/`. */
  path: string;
  /** The `routes` key that matched; `null`: none did (the not-found panel). */
  pattern: string | null;
  /** The pattern's params, decoded. */
  params: Record<string, string>;
}

/** The facts start-up learns; `Client` carries the same ones, read from the state. */
export interface StartupFacts {
  /** How this client signs in: `'oracle'`, `'secgw'` or `'token'`. */
  authType: AuthType;
  /** `'/api/web/'` in production under the gateway, else `'/api/'`. */
  apiBase: ApiBase;
  /** The client configuration object, or `false` when it could not be loaded. */
  config: ClientConfiguration | false;
  /** The server's version text, `''` when it could not be read. */
  version: string;
  /** Whether the instance runs in the vendor's cloud: `{api base}info/cloudinstance` answered 200, whatever the body. */
  isCloud: boolean;
  /** The stored JWT's claims, or `null` (missing, malformed, expired). */
  claims: Claims | null;
}

/** Facts as they arrive, one or a few at a time (the API base follows from the authType). */
export type StartupUpdate = Partial<Omit<StartupFacts, 'apiBase' | 'claims'>>;

/**
 * The client's state as hosts and screens read it: each piece fills in as start-up learns it (`null`
 * until then). Every signal is read-only, in its type and at run time (read `.value`; a component
 * that reads one re-renders when it changes).
 */
export type ClientState = {
  /** How this client signs in: `'oracle'`, `'secgw'` or `'token'`. */
  readonly authType: ReadonlySignal<AuthType | null>;
  /** The API path: follows from the authType and the build. */
  readonly apiBase: ReadonlySignal<ApiBase | null>;
  /** The configuration object, `false` when it could not be loaded, `null` while loading. */
  readonly config: ReadonlySignal<ClientConfiguration | false | null>;
  /** The server's version text, `''` when it could not be read. */
  readonly version: ReadonlySignal<string | null>;
  /** Whether the instance runs in the vendor's cloud. */
  readonly isCloud: ReadonlySignal<boolean | null>;
  /** The signed-in user's claims, `null` when no valid JWT is stored. */
  readonly claims: ReadonlySignal<Claims | null>;
  /** The width class of the viewport: `'xs'`, `'sm'`, `'md'` or `'lg'`. */
  readonly breakpoint: ReadonlySignal<Breakpoint>;
  /** With the `routes` option, the route shown; else `null`. */
  readonly route: ReadonlySignal<CurrentRoute | null>;
  /** Whether the shown screen holds unsaved work. */
  readonly unsaved: ReadonlySignal<boolean>;
};

/**
 * The state as the client holds it: the view's signals, those the state owns writable. `claims`
 * (the session's), `route` (the routing's) and `unsaved` (the session's) are owned elsewhere.
 */
export type WritableClientState = ClientState & {
  readonly authType: Signal<AuthType | null>;
  readonly config: Signal<ClientConfiguration | false | null>;
  readonly version: Signal<string | null>;
  readonly isCloud: Signal<boolean | null>;
  readonly breakpoint: Signal<Breakpoint>;
};

/** The signals other parts own, which the state shows beside its own. */
export interface OwnedElsewhere {
  /** The signed-in user's (src/session/signedInUser.ts). */
  claims: ReadonlySignal<Claims | null>;
  unsaved: ReadonlySignal<boolean>;
  route: ReadonlySignal<CurrentRoute> | undefined;
}

/**
 * A read-only view of the state. A computed signal has no setter, so a host's `state.x.value = …`
 * throws instead of quietly rewriting what the client believes; the view itself is frozen, so no
 * signal of it can be swapped either. Every signal of the state gets one, whoever adds it.
 */
export function readOnlyState(state: WritableClientState): ClientState {
  const view: Record<string, ReadonlySignal<unknown>> = {};
  for (const [name, owned] of Object.entries(state) as [string, ReadonlySignal<unknown>][]) {
    view[name] = computed(() => owned.value);
  }
  return Object.freeze(view) as ClientState;
}

/** The state before start-up learns anything: the breakpoint is `lg` until the client reads the viewport's. */
export function createClientState(production: boolean, owned: OwnedElsewhere): WritableClientState {
  const authType = signal<AuthType | null>(null);
  return {
    authType,
    apiBase: computed(() => (authType.value ? apiBase(authType.value, production) : null)),
    config: signal(null),
    version: signal(null),
    isCloud: signal(null),
    claims: owned.claims,
    breakpoint: signal<Breakpoint>('lg'),
    route: owned.route ?? signal(null),
    unsaved: owned.unsaved,
  };
}

/**
 * The one way start-up writes into the state: every fact of the update, in one render. Its type
 * names only what start-up learns; the rest follows from it (apiBase) or from the viewport (breakpoint).
 */
export function applyStartupUpdate(state: WritableClientState, update: StartupUpdate): void {
  batch(() => {
    for (const [fact, value] of Object.entries(update)) {
      if (value !== undefined) (state[fact as keyof StartupUpdate] as Signal<unknown>).value = value;
    }
  });
}

/**
 * Who is signed in, with one owner: the one reader of the stored JWT's identity. It decodes the
 * token once each time it changes, and the claims, the header's name, the tabs and `client.fetch`
 * ask it. Another user signing in (in another tab, the stored JWT changing, a page back from the
 * back/forward cache) is one event, `onUserChanged`, whatever told this tab of it first.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { type Identity, readIdentity } from '../auth/identity';
import { LONGEST_TIMEOUT_MS } from '../browser/http';
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import { listenForToken, type StorageEvents, type Timers } from '../tabs/token';

export interface SignedInUser {
  /** Who the stored JWT signs in, once start-up has read it; `null` before (nothing is claimed while loading). */
  readonly _identity: ReadonlySignal<Identity | null>;
  /** Reads the stored JWT now (decoding it only when it changed) and follows it from then on; the user's id. */
  _read(): string | null;
  _stop(): void;
}

export interface SignedInUserDeps {
  local: SafeStorage;
  /** The window: `storage` and `pageshow`. */
  page: StorageEvents;
  now(): number;
  timers: Timers;
  /** Another user than the last one known signed in here. */
  onUserChanged(now: Identity): void;
}

/** What the owner is doing: not reading yet (start-up's calls are out), following the stored JWT, or stopped for good. */
type Reading = { tag: 'unread' } | { tag: 'following'; jwt: string | null } | { tag: 'stopped' };

export function createSignedInUser(deps: SignedInUserDeps): SignedInUser {
  const identity = signal<Identity | null>(null);
  let reading: Reading = { tag: 'unread' };
  // The last user known here: a token removed (signed out, or ended) and another stored is a change too.
  let lastUser: string | null = null;
  let expiry: unknown;

  const publish = (jwt: string | null) => {
    deps.timers.clear(expiry);
    const next = readIdentity(jwt, deps.now());
    identity.value = next;
    // Read again at `exp`: the claims turn null then (a timer that fired early, or a capped wait, waits again).
    if (next.claims && next.expiresAt !== null) {
      const wait = Math.min(Math.max(next.expiresAt - deps.now(), 0), LONGEST_TIMEOUT_MS);
      expiry = deps.timers.set(() => publish(jwt), wait);
    }
    const changed = next.userId !== null && lastUser !== null && next.userId !== lastUser;
    if (next.userId !== null) lastUser = next.userId;
    if (changed) deps.onUserChanged(next);
  };
  const read = () => {
    const jwt = deps.local.get(STORAGE_KEYS.jwt);
    if (reading.tag === 'unread' || (reading.tag === 'following' && reading.jwt !== jwt)) {
      reading = { tag: 'following', jwt };
      publish(jwt);
    }
    return identity.peek()?.userId ?? null;
  };
  const stopListening = listenForToken(deps.page, () => {
    if (reading.tag === 'following') read();
  });
  return {
    _identity: identity,
    _read: read,
    _stop() {
      stopListening();
      deps.timers.clear(expiry);
      reading = { tag: 'stopped' };
    },
  };
}

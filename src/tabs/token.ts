/**
 * The claims follow the stored JWT while the page is open: another tab that stores a new one or
 * removes it (a `storage` event), and its `exp` passing. One timeout waits for `exp`, so that a
 * tab, hidden or not, runs nothing in between.
 */
import { type Claims, claimsExpireAt, readClaims } from '../auth/claims';
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';

/** Where `storage` events arrive: `window`, or a test's own target. */
export type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The longest delay a browser's setTimeout takes as it is (2^31 - 1 ms, some 24.8 days); a longer one fires at once. */
export const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

export interface TokenDeps {
  local: SafeStorage;
  events: StorageEvents;
  now(): number;
  timers: Timers;
  /**
   * The claims of the stored JWT now (`null` without a valid one), and its `exp` in ms since the
   * epoch, read even once it has passed (`null` without one): the expiry notice follows it.
   */
  onClaims(claims: Claims | null, expiresAt: number | null): void;
}

export interface TokenFollower {
  /** Reads the stored JWT now, hands on its claims, and waits for its `exp`. */
  _read(): void;
  /** Stops listening and waiting. */
  _stop(): void;
}

export function followToken(deps: TokenDeps): TokenFollower {
  let expiry: unknown;
  let stopped = false;
  const read = () => {
    if (stopped) return;
    deps.timers.clear(expiry);
    const jwt = deps.local.get(STORAGE_KEYS.jwt);
    const claims = readClaims(jwt, deps.now());
    const expiresAt = claimsExpireAt(jwt);
    deps.onClaims(claims, expiresAt);
    // Read again at `exp`: the claims turn null then (a timer that fired early, or a capped wait, waits again).
    if (claims && expiresAt !== null) {
      expiry = deps.timers.set(read, Math.min(Math.max(expiresAt - deps.now(), 0), LONGEST_TIMEOUT_MS));
    }
  };
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    // `null`: another tab cleared the whole storage.
    if (key === STORAGE_KEYS.jwt || key === null) read();
  };
  deps.events.addEventListener('storage', onStorage);
  return {
    _read: read,
    _stop() {
      stopped = true;
      deps.timers.clear(expiry);
      deps.events.removeEventListener('storage', onStorage);
    },
  };
}

import { type Claims, claimsOf } from './claims';
import { readJwtPayload } from './jwtPayload';

/**
 * Who a stored JWT signs in, decoded once: its `userId` (read even once `exp` has passed: a user
 * whose session ran out is still the one who was signed in), the five claims while it is valid,
 * the name a person reads, and when it ends.
 */
export interface Identity {
  /** The `userId` claim as text; `null` without a token or without that claim. */
  userId: string | null;
  /** The contract's claims while the token is valid at the time it was read; `null` otherwise. */
  claims: Claims | null;
  /** The token's `name` claim (OpenID Connect's), trimmed; `null` when it gives none. */
  name: string | null;
  /** Its `exp` in ms since the epoch; `null` when it has none. */
  expiresAt: number | null;
}

/** A `userId` as text to compare: an object's JSON (its own `toString` may be anything but a function). */
const userText = (userId: unknown): string | null =>
  userId == null ? null : typeof userId === 'object' ? JSON.stringify(userId) : String(userId);

/** Reads a JWT (or none) at `nowMs`. Never throws. */
export function readIdentity(jwt: string | null, nowMs: number): Identity {
  const payload = readJwtPayload(jwt);
  const { userId, name, exp } = payload ?? {};
  return {
    userId: userText(userId),
    claims: payload && claimsOf(payload, nowMs),
    name: (typeof name === 'string' && name.trim()) || null,
    expiresAt: typeof exp === 'number' ? exp * 1000 : null,
  };
}

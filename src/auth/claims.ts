import { readJwtPayload } from './jwtPayload';

/** The JWT claims the client reads, in the order diagnostics and the demo show them. */
export const CLAIM_NAMES = ['userId', 'authUserId', 'profileId', 'langId', 'sid'] as const;

/**
 * The claims the client reads from the signed-in JWT, each exactly as the payload holds it
 * (the issuer decides between numbers and strings); a claim the payload lacks is left out.
 */
export type Claims = { [K in (typeof CLAIM_NAMES)[number]]?: unknown };

/** Whether a payload is still valid at `nowMs`; a token without `exp` never expires (RFC 7519 makes it optional). */
function isUnexpired(payload: Record<string, unknown>, nowMs: number): boolean {
  const { exp } = payload;
  if (exp === undefined) return true;
  // An `exp` that is not a number cannot be trusted: the token counts as malformed.
  return typeof exp === 'number' && exp * 1000 > nowMs;
}

/**
 * The claims of a JWT still valid at `nowMs`, or `null` when there is no usable token. The
 * signature is not checked: the server does that on every call, the client only shows who it is.
 * Never throws.
 */
export function readClaims(jwt: string | null, nowMs: number): Claims | null {
  const payload = readJwtPayload(jwt);
  return payload && claimsOf(payload, nowMs);
}

/** The claims of a decoded payload still valid at `nowMs`, else `null`. */
export function claimsOf(payload: Record<string, unknown>, nowMs: number): Claims | null {
  if (!isUnexpired(payload, nowMs)) return null;
  const claims: Claims = {};
  for (const name of CLAIM_NAMES) if (Object.hasOwn(payload, name)) claims[name] = payload[name];
  return claims;
}

import { isPlainObject } from '../http';

export const CLAIM_NAMES = ['userId', 'authUserId', 'profileId', 'langId', 'sid'] as const;
export type ClaimName = (typeof CLAIM_NAMES)[number];

/**
 * The claims the client reads from the signed-in JWT, each exactly as the payload holds it
 * (the issuer decides between numbers and strings); a claim the payload lacks is left out.
 */
export type Claims = { [K in ClaimName]?: unknown };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** base64url → UTF-8 text; atob alone yields one char per byte, which garbles any non-ASCII name. */
function decodeBase64Url(part: string): string {
  // A length of 4n+1 cannot come from any byte string; atob would reject it anyway, but not every atob agrees.
  if (!BASE64URL.test(part) || part.length % 4 === 1) throw 0;
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The claims of a JWT still valid at `nowMs`, or `null` when there is no usable token. The
 * signature is not checked: the server does that on every call, the client only shows who it is.
 * A token without `exp` never expires (RFC 7519 makes the claim optional); an `exp` that is not
 * a number cannot be trusted, so the token counts as malformed. Never throws.
 */
export function readClaims(jwt: string | null, nowMs: number): Claims | null {
  try {
    const parts = typeof jwt === 'string' ? jwt.split('.') : [];
    if (parts.length !== 3) return null;
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!isPlainObject(payload)) return null;
    const { exp } = payload;
    if (exp !== undefined && (typeof exp !== 'number' || !(exp * 1000 > nowMs))) return null;
    const claims: Claims = {};
    for (const name of CLAIM_NAMES) if (Object.hasOwn(payload, name)) claims[name] = payload[name];
    return claims;
  } catch {
    return null;
  }
}

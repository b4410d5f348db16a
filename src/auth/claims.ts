import { isPlainObject } from '../browser/http';

export const CLAIM_NAMES = ['userId', 'authUserId', 'profileId', 'langId', 'sid'] as const;
type ClaimName = (typeof CLAIM_NAMES)[number];

/**
 * The claims the client reads from the signed-in JWT, each exactly as the payload holds it
 * (the issuer decides between numbers and strings); a claim the payload lacks is left out.
 */
export type Claims = { [K in ClaimName]?: unknown };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * base64url → UTF-8 text, or `null`; atob alone yields one char per byte, which garbles any
 * non-ASCII name. atob decodes base64 as browsers must ("forgiving"): the padding may be left out,
 * and a length of 4n+1, which no byte string has, throws.
 */
function decodeBase64Url(part: string): string | null {
  if (!BASE64URL.test(part)) return null;
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

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
  try {
    const parts = typeof jwt === 'string' ? jwt.split('.') : [];
    if (parts.length !== 3) return null;
    const text = decodeBase64Url(parts[1] ?? '');
    const payload: unknown = text === null ? null : JSON.parse(text);
    if (!isPlainObject(payload) || !isUnexpired(payload, nowMs)) return null;
    const claims: Claims = {};
    for (const name of CLAIM_NAMES) if (Object.hasOwn(payload, name)) claims[name] = payload[name];
    return claims;
  } catch {
    // Invalid UTF-8 or JSON.
    return null;
  }
}

/** Tokens for tests: shaped like a signed-in user's JWT, signed by nobody (the client never checks signatures). */

const base64url = (text: string): string =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const HEADER = base64url('{"alg":"HS256","typ":"JWT"}');

/**
 * A JWT whose payload holds `claims` (`userId`, `authUserId`, `profileId`, `langId`, `sid`, `exp`
 * in seconds…). A string is taken as the payload's text as it is, to make a malformed token.
 */
export function makeJwt(claims: Record<string, unknown> | string = {}): string {
  const payload = typeof claims === 'string' ? claims : JSON.stringify(claims);
  return `${HEADER}.${base64url(payload)}.${base64url('unsigned')}`;
}

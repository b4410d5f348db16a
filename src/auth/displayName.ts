import { readJwtPayload } from './jwtPayload';

/**
 * The signed-in user's name as a person reads it: the token's `name` claim (OpenID Connect's
 * standard one), trimmed, or `null` when the token carries none. It is not one of the contract's
 * five claims, so it is read beside them rather than added to them.
 */
export function readDisplayName(jwt: string | null): string | null {
  const name = readJwtPayload(jwt)?.name;
  return (typeof name === 'string' && name.trim()) || null;
}

import type { Claims } from '../auth/claims';
import { asText } from '../product/text';
import { fill, type Strings } from './strings';

/**
 * Who the header says is signed in: the token's name where it gives one, else the user's id with a
 * label (a bare `1042` tells a person nothing), else that nobody is. Without claims (no token, or
 * an expired one) nobody is signed in, whatever name was read.
 */
export function userLabel(claims: Claims | null, name: string | null, strings: Strings): string {
  if (!claims) return strings.notSignedIn;
  if (name) return fill(strings.signedInAs, { name });
  const id = claims.userId;
  return id === undefined || id === null ? strings.notSignedIn : fill(strings.signedInAsUser, { id: asText(id) });
}

import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import { type ApiBase, apiUrl } from './apiBase';
import type { AuthType } from './authType';

/**
 * The Authorization header the `token` authType needs. A development token wins over the signed-in JWT
 * so a developer can act as someone else without signing out; the other modes ride on cookies.
 */
export function authHeaders(authType: AuthType | null, local: SafeStorage): Record<string, string> {
  if (authType !== 'token') return {};
  const token = local.get(STORAGE_KEYS.devToken) || local.get(STORAGE_KEYS.jwt);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Where the API lives and how a call proves who asks. */
export interface SignIn {
  origin: string;
  apiBase: ApiBase;
  authType: AuthType | null;
  local: SafeStorage;
}

export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * The one place an API call gets its sign-in, for the start-up calls and `client.fetch` alike:
 * `{origin}{apiBase}path` and under the `token` authType the token, read at each call (another tab may have stored a
 * new one); the session cookie goes along with every request (browser/http.ts). Headers that set
 * Authorization themselves, in any case, keep theirs.
 */
export function signedRequest(signIn: SignIn, path: string, headers: Record<string, string> = {}): SignedRequest {
  const ownAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  return {
    url: apiUrl(signIn.origin, signIn.apiBase, path),
    headers: ownAuthorization ? headers : { ...headers, ...authHeaders(signIn.authType, signIn.local) },
  };
}

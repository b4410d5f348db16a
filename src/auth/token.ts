import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import type { AuthType } from './authType';

/**
 * The Authorization header token mode needs. A development token wins over the signed-in JWT
 * so a developer can act as someone else without signing out; the other modes ride on cookies.
 */
export function authHeaders(authType: AuthType | null, local: SafeStorage): Record<string, string> {
  if (authType !== 'token') return {};
  const token = local.get(STORAGE_KEYS.devToken) || local.get(STORAGE_KEYS.jwt);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

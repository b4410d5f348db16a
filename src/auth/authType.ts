import { STORAGE_KEYS } from '../constants';
import { request, type FetchLike, type HttpResult } from '../http';
import type { SafeStorage } from '../storage';
import { authHeaders } from './token';

export type AuthType = 'oracle' | 'secgw' | 'token';

export const isAuthType = (v: unknown): v is AuthType => v === 'oracle' || v === 'secgw' || v === 'token';

/** The first probe always asks the gateway's path, whatever the build: the build cannot know the mode. */
export const WEB_PROBE_PATH = '/api/web/ClientConfiguration';
/** The development API path, asked only when the gateway's path does not exist. */
export const FALLBACK_PROBE_PATH = '/api/ClientConfiguration';

/** A probe answer kept so the configuration loader need not ask the same URL again. */
export interface PrefetchedResponse extends HttpResult {
  url: string;
}

export interface AuthTypeResult {
  authType: AuthType;
  /** The probe's last answer, absent when the mode was remembered. */
  prefetched?: PrefetchedResponse;
}

/**
 * What the gateway path's answer decides (contract, "Sign-in mode probe"): the mode, or `null`
 * for a 404 (ask the development path). Any other status throws the contract's rejection.
 */
export function decideWebProbe(status: number, isJson: boolean): AuthType | null {
  // A 200 that is not JSON is an HTML page: not the gateway but something in its place
  // (an Oracle sign-in page, a catch-all route): the spec's "bare 200 in the error path".
  if (status === 200) return isJson ? 'secgw' : 'oracle';
  if (status === 401) return 'secgw';
  if (status === 404) return null;
  throw new Error('unhandled error case in getAuthTypeAsync status ' + status);
}

/** The development path proves token mode only by saying so; anything else, silence included, is oracle. */
export const decideFallbackProbe = ({ status, json }: HttpResult): AuthType =>
  status === 200 && (json as { authType?: unknown } | null)?.authType === 'token' ? 'token' : 'oracle';

export interface AuthTypeResolverDeps {
  fetch: FetchLike;
  local: SafeStorage;
  origin: string;
  timeoutMs: number;
}

export type AuthTypeResolver = () => Promise<AuthTypeResult>;

/**
 * The remembered mode, else the probe. Callers that arrive while a probe is in flight share it,
 * so a page never probes twice at once; once settled it is forgotten, so a Retry after a
 * rejection probes afresh, and a success is remembered by storage, not by this closure
 * (a sign-out that clears `authType` must lead to a new probe). The probe's last answer is
 * handed on: where it came from the configuration's own URL it is the configuration (or its
 * failure, a 401 included), so that is not asked twice.
 */
export function createAuthTypeResolver({ fetch, local, origin, timeoutMs }: AuthTypeResolverDeps): AuthTypeResolver {
  let inFlight: Promise<AuthTypeResult> | null = null;

  const get = async (path: string, headers?: Record<string, string>): Promise<PrefetchedResponse> => ({
    url: origin + path,
    ...(await request(fetch, origin + path, { headers, timeoutMs })),
  });

  // The development path is asked with the stored token, if any: a token server may want it
  // there too, and its answer becomes the configuration.
  const probe = async (): Promise<AuthTypeResult> => {
    let prefetched = await get(WEB_PROBE_PATH);
    const authType = decideWebProbe(prefetched.status, prefetched.isJson) ?? decideFallbackProbe((prefetched = await get(FALLBACK_PROBE_PATH, authHeaders('token', local))));
    local.set(STORAGE_KEYS.authType, authType);
    return { authType, prefetched };
  };

  return () => {
    const stored = local.get(STORAGE_KEYS.authType);
    if (isAuthType(stored)) return Promise.resolve({ authType: stored });
    if (stored !== null) local.remove(STORAGE_KEYS.authType);
    return (inFlight ??= probe().finally(() => (inFlight = null)));
  };
}

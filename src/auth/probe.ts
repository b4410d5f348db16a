import { type FetchLike, type HttpResult, isPlainObject, request } from '../browser/http';
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import { type AuthType, isAuthType } from './authType';
import { authHeaders } from './token';

/** The first probe always asks the gateway's path, whatever the build: the build cannot know the mode. */
export const WEB_PROBE_PATH = '/api/web/ClientConfiguration';
/** The development API path, asked only when the gateway's path does not exist. */
const FALLBACK_PROBE_PATH = '/api/ClientConfiguration';

/** A probe answer kept so the configuration loader need not ask the same URL again. */
export interface PrefetchedResponse extends HttpResult {
  _url: string;
}

export interface ResolvedAuthType {
  _authType: AuthType;
  /** True when the mode came from storage rather than from a probe. */
  _remembered: boolean;
  /** The probe's last answer, absent when the mode was remembered. */
  _prefetched?: PrefetchedResponse;
}

/**
 * What the gateway path's answer decides: the mode, or `null` for a 404 (ask the development
 * path). Any other status throws the rejection the product has always shown.
 */
export function decideWebProbe(status: number, isJson: boolean): AuthType | null {
  // A 200 that is not JSON is an HTML page: not the gateway but something in its place
  // (an Oracle sign-in page, a catch-all route), the "bare 200 in the error path".
  if (status === 200) return isJson ? 'secgw' : 'oracle';
  if (status === 401) return 'secgw';
  if (status === 404) return null;
  throw new Error(`unhandled error case in getAuthTypeAsync status ${status}`);
}

/** The development path proves token mode only by saying so; anything else, silence included, is oracle. */
export function decideFallbackProbe({ _status: status, _json: json }: HttpResult): AuthType {
  return status === 200 && isPlainObject(json) && json.authType === 'token' ? 'token' : 'oracle';
}

export interface AuthTypeResolverDeps {
  _fetch: FetchLike;
  _local: SafeStorage;
  _origin: string;
  _timeoutMs: number;
}

export type AuthTypeResolver = () => Promise<ResolvedAuthType>;

/** The mode an earlier start stored, when it is one of the three; anything else stored there is removed. */
export function rememberedAuthType(local: SafeStorage): ResolvedAuthType | null {
  const stored = local.get(STORAGE_KEYS.authType);
  if (isAuthType(stored)) return { _authType: stored, _remembered: true };
  if (stored !== null) local.remove(STORAGE_KEYS.authType);
  return null;
}

/**
 * The remembered mode, else the probe. Callers that arrive while a probe is in flight share it,
 * so a page never probes twice at once; once settled it is forgotten, so a Retry after a
 * rejection probes afresh, and a success is remembered by storage, not by this closure (a
 * sign-out that clears `authType` must lead to a new probe).
 */
export function createAuthTypeResolver({
  _fetch: fetch,
  _local: local,
  _origin: origin,
  _timeoutMs: timeoutMs,
}: AuthTypeResolverDeps): AuthTypeResolver {
  let inFlight: Promise<ResolvedAuthType> | null = null;

  const get = async (path: string, headers: Record<string, string>): Promise<PrefetchedResponse> => ({
    _url: origin + path,
    ...(await request(fetch, origin + path, { _headers: headers, _timeoutMs: timeoutMs })),
  });

  const probe = async (): Promise<ResolvedAuthType> => {
    let answer = await get(WEB_PROBE_PATH, {});
    let authType = decideWebProbe(answer._status, answer._isJson);
    if (authType === null) {
      // Asked with the stored token, if any: a token server may want it there too, and its
      // answer becomes the configuration.
      answer = await get(FALLBACK_PROBE_PATH, authHeaders('token', local));
      authType = decideFallbackProbe(answer);
    }
    local.set(STORAGE_KEYS.authType, authType);
    return { _authType: authType, _remembered: false, _prefetched: answer };
  };

  return () => {
    const remembered = rememberedAuthType(local);
    if (remembered) return Promise.resolve(remembered);
    inFlight ??= probe().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

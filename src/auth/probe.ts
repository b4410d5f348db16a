import { type FetchLike, type HttpResult, isCutShort, request, statusOf } from '../browser/http';
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';
import { type ApiBase, apiUrl, GATEWAY_API_BASE, PLAIN_API_BASE } from './apiBase';
import { type AuthType, isAuthType } from './authType';
import { authHeaders } from './token';

/** A probe answer kept so the configuration loader need not ask the same URL again. */
export interface PrefetchedResponse {
  url: string;
  result: HttpResult;
}

export interface ResolvedAuthType {
  authType: AuthType;
  /** The probe's last answer; absent when the authType came from storage rather than from a probe. */
  prefetched?: PrefetchedResponse;
}

/** The rejection the product has always shown for a probe answer it cannot read. */
const unhandledStatus = (status: number) => new Error(`unhandled error case in getAuthTypeAsync status ${status}`);

/**
 * What the gateway path's answer decides: the authType, or `null` for a 404 (ask the development
 * path). Any other status throws the rejection the product has always shown.
 */
export function decideWebProbe(status: number, isJson: boolean): AuthType | null {
  // A 200 that is not JSON is an HTML page: not the gateway but something in its place
  // (an Oracle sign-in page, a catch-all route), the "bare 200 in the error path".
  if (status === 200) return isJson ? 'secgw' : 'oracle';
  if (status === 401) return 'secgw';
  if (status === 404) return null;
  throw unhandledStatus(status);
}

/**
 * The development path proves the `token` authType only by saying so; anything else, silence included, is
 * oracle. Silence proves nothing when the page's leaving caused it: that throws as a status 0 at
 * the gateway's path does, and no authType is decided (none is stored for the next page).
 */
export function decideFallbackProbe(answer: HttpResult): AuthType {
  if (isCutShort(answer)) throw unhandledStatus(0);
  const body = answer.tag === 'answer' && answer.status === 200 ? answer.json?.value : undefined;
  return (body as { authType?: unknown } | null | undefined)?.authType === 'token' ? 'token' : 'oracle';
}

export interface AuthTypeResolverDeps {
  fetch: FetchLike;
  local: SafeStorage;
  origin: string;
  timeoutMs: number;
}

export type AuthTypeResolver = () => Promise<ResolvedAuthType>;

/** The authType an earlier start stored, when it is one of the three; anything else stored there is removed. */
export function rememberedAuthType(local: SafeStorage): ResolvedAuthType | null {
  const stored = local.get(STORAGE_KEYS.authType);
  if (isAuthType(stored)) return { authType: stored };
  if (stored !== null) local.remove(STORAGE_KEYS.authType);
  return null;
}

/**
 * The probe, asked for when no authType is remembered (start-up reads `rememberedAuthType` first,
 * in the same task). Callers that arrive while a probe is in flight share it,
 * so a page never probes twice at once; once settled it is forgotten, so a Retry after a
 * rejection probes afresh, and a success is remembered by storage, not by this closure (a
 * sign-out that clears `authType` must lead to a new probe).
 */
export function createAuthTypeResolver({ fetch, local, origin, timeoutMs }: AuthTypeResolverDeps): AuthTypeResolver {
  let inFlight: Promise<ResolvedAuthType> | null = null;

  const getConfiguration = async (apiBase: ApiBase, headers: Record<string, string>): Promise<PrefetchedResponse> => {
    const url = apiUrl(origin, apiBase, 'ClientConfiguration');
    return { url, result: await request(fetch, url, { headers, timeoutMs }) };
  };

  const probe = async (): Promise<ResolvedAuthType> => {
    // Always the gateway's path first, whatever the build: the build cannot know the authType.
    let answer = await getConfiguration(GATEWAY_API_BASE, {});
    let authType = decideWebProbe(statusOf(answer.result), answer.result.tag === 'answer' && answer.result.json !== null);
    if (authType === null) {
      // The plain path, asked only when the gateway's does not exist; with the stored token, if
      // any: a token server may want it there too, and its answer becomes the configuration.
      answer = await getConfiguration(PLAIN_API_BASE, authHeaders('token', local));
      authType = decideFallbackProbe(answer.result);
    }
    local.set(STORAGE_KEYS.authType, authType);
    return { authType, prefetched: answer };
  };

  return () => {
    inFlight ??= probe().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

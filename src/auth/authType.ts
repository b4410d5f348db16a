import { STORAGE_KEYS } from '../constants';
import { request, type FetchLike, type HttpResult } from '../http';
import type { SafeStorage } from '../storage';

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
  /** Present when the probe's answer already is the configuration. */
  prefetched?: PrefetchedResponse;
}

/** What the answer from the gateway's path decides (contract, "Sign-in mode probe"). */
export type WebProbeDecision =
  | { kind: 'mode'; authType: AuthType; bodyIsConfiguration: boolean }
  | { kind: 'fallback' }
  | { kind: 'unhandled'; status: number };

export function decideWebProbe(status: number, isJson: boolean): WebProbeDecision {
  // A 200 that is not JSON is an HTML page: the gateway is not there, something else
  // (an Oracle sign-in page, a catch-all route) answered in its place.
  if (status === 200) return { kind: 'mode', authType: isJson ? 'secgw' : 'oracle', bodyIsConfiguration: isJson };
  if (status === 401) return { kind: 'mode', authType: 'secgw', bodyIsConfiguration: false };
  if (status === 404) return { kind: 'fallback' };
  return { kind: 'unhandled', status };
}

/** The development path proves token mode only by saying so; anything else, silence included, is oracle. */
export const decideFallbackProbe = (status: number, isJson: boolean, body: unknown): AuthType =>
  status === 200 && isJson && (body as { authType?: unknown } | null)?.authType === 'token' ? 'token' : 'oracle';

export const unhandledProbeError = (status: number): Error =>
  new Error('unhandled error case in getAuthTypeAsync status ' + status);

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
 * (a sign-out that clears `authType` must lead to a new probe).
 */
export function createAuthTypeResolver(deps: AuthTypeResolverDeps): AuthTypeResolver {
  const { fetch, local, origin, timeoutMs } = deps;
  let inFlight: Promise<AuthTypeResult> | null = null;

  const get = async (path: string): Promise<PrefetchedResponse> => {
    const url = origin + path;
    return { url, ...(await request(fetch, url, { timeoutMs })) };
  };

  const probe = async (): Promise<AuthTypeResult> => {
    const web = await get(WEB_PROBE_PATH);
    const decision = decideWebProbe(web.status, web.isJson);
    let result: AuthTypeResult;
    if (decision.kind === 'unhandled') throw unhandledProbeError(decision.status);
    if (decision.kind === 'mode') {
      result = decision.bodyIsConfiguration
        ? { authType: decision.authType, prefetched: web }
        : { authType: decision.authType };
    } else {
      const dev = await get(FALLBACK_PROBE_PATH);
      const authType = decideFallbackProbe(dev.status, dev.isJson, dev.json);
      result = authType === 'token' ? { authType, prefetched: dev } : { authType };
    }
    local.set(STORAGE_KEYS.authType, result.authType);
    return result;
  };

  return () => {
    const stored = local.get(STORAGE_KEYS.authType);
    if (isAuthType(stored)) return Promise.resolve({ authType: stored });
    if (stored !== null) local.remove(STORAGE_KEYS.authType);
    if (!inFlight) {
      inFlight = probe().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };
}

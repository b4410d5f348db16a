import type { PrefetchedResponse } from '../auth/probe';
import { type FetchLike, isPlainObject, request } from '../http';
import type { Logger } from '../logging/types';

/** What every start-up API call needs to reach `{origin}{base}path`. */
export interface ApiCallDeps {
  fetch: FetchLike;
  origin: string;
  /** The API base, `/api/web/` or `/api/`. */
  base: string;
  /** The Authorization header in token mode; empty otherwise. */
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface ConfigurationDeps extends ApiCallDeps {
  log: Pick<Logger, 'trace'>;
  /** The probe's answer, used only when it came from this very URL (a dev build in secgw mode asks another one). */
  prefetched?: PrefetchedResponse;
}

/**
 * The server's client configuration. The client reads `configurationItemName`, `displayName`,
 * `customization` and `authType`, each as the server sent it, so they are typed as unknown.
 */
export type ClientConfiguration = Record<string, unknown>;

export interface ConfigurationAnswer {
  /** The configuration object, or `false` when the call failed or answered something else. */
  config: ClientConfiguration | false;
  /** The status it came with: 401 asks for a sign-in, 404 says a remembered mode is wrong. */
  status: number;
}

export async function requestConfiguration(deps: ConfigurationDeps): Promise<ConfigurationAnswer> {
  const url = `${deps.origin}${deps.base}ClientConfiguration`;
  const { prefetched } = deps;
  const answer =
    prefetched?.url === url ? prefetched : await request(deps.fetch, url, { headers: deps.headers, timeoutMs: deps.timeoutMs });
  const { status, json } = answer;
  if (status >= 200 && status < 300 && isPlainObject(json)) return { config: json, status };
  deps.log.trace(`ClientConfiguration failed with status ${status}`);
  return { config: false, status };
}

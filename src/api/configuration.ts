import type { PrefetchedResponse } from '../auth/probe';
import { type FetchLike, isPlainObject, request } from '../http';
import type { Logger } from '../logging/types';

/** What every start-up API call needs to reach `{origin}{base}path`. */
export interface ApiCallDeps {
  _fetch: FetchLike;
  _origin: string;
  /** The API base, `/api/web/` or `/api/`. */
  _base: string;
  /** The Authorization header in token mode; empty otherwise. */
  _headers: Record<string, string>;
  _timeoutMs: number;
}

export interface ConfigurationDeps extends ApiCallDeps {
  _log: Pick<Logger, 'trace'>;
  /** The probe's answer, used only when it came from this very URL (a dev build in secgw mode asks another one). */
  _prefetched?: PrefetchedResponse;
}

/**
 * The server's client configuration. The client reads `configurationItemName`, `displayName`,
 * `customization` and `authType`, each as the server sent it, so they are typed as unknown.
 */
export type ClientConfiguration = Record<string, unknown>;

export interface ConfigurationAnswer {
  /** The configuration object, or `false` when the call failed or answered something else. */
  _config: ClientConfiguration | false;
  /** The status it came with: 401 asks for a sign-in, 404 says a remembered mode is wrong. */
  _status: number;
}

export async function requestConfiguration(deps: ConfigurationDeps): Promise<ConfigurationAnswer> {
  const url = `${deps._origin}${deps._base}ClientConfiguration`;
  const { _prefetched: prefetched } = deps;
  const answer =
    prefetched?._url === url
      ? prefetched
      : await request(deps._fetch, url, { _headers: deps._headers, _timeoutMs: deps._timeoutMs });
  const { _status: status, _json: json } = answer;
  if (status >= 200 && status < 300 && isPlainObject(json)) return { _config: json, _status: status };
  deps._log.trace(`ClientConfiguration failed with status ${status}`);
  return { _config: false, _status: status };
}

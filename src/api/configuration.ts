import type { PrefetchedResponse } from '../auth/probe';
import { type FetchLike, type HttpResult, isPlainObject, request } from '../browser/http';
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

/** `{origin}{base}path`: where a call of the API goes. */
export const apiUrl = (deps: ApiCallDeps, path: string): string => `${deps._origin}${deps._base}${path}`;

/** A GET of an API URL with the mode's headers; `readBody: false` for an answer only its status matters for. */
export const apiGet = (deps: ApiCallDeps, url: string, readBody?: boolean): Promise<HttpResult> =>
  request(deps._fetch, url, { _headers: deps._headers, _timeoutMs: deps._timeoutMs, _readBody: readBody });

/** The body of a 2xx answer when it is a JSON object; `undefined` for any other answer. */
export const jsonObjectOf = ({ _status: status, _json: json }: HttpResult): Record<string, unknown> | undefined =>
  status >= 200 && status < 300 && isPlainObject(json) ? json : undefined;

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
  const url = apiUrl(deps, 'ClientConfiguration');
  const { _prefetched: prefetched } = deps;
  const answer = prefetched?._url === url ? prefetched : await apiGet(deps, url);
  const config = jsonObjectOf(answer) ?? false;
  if (!config) deps._log.trace(`ClientConfiguration failed with status ${answer._status}`);
  return { _config: config, _status: answer._status };
}

/** A call of the product's API: where it goes, what it carries, and the body worth reading. */
import { type ApiBase, apiUrl } from '../auth/apiBase';
import { type FetchLike, type HttpResult, isPlainObject, request } from '../browser/http';

/** What every API call needs to reach `{origin}{base}path`. */
export interface ApiCallDeps {
  _fetch: FetchLike;
  _origin: string;
  _base: ApiBase;
  /** The Authorization header in token mode; empty otherwise. */
  _headers: Record<string, string>;
  _timeoutMs: number;
  /** Aborted when the client that asks ends: its calls then answer `aborted`, not a failure. */
  _signal?: AbortSignal;
}

/** `{origin}{base}path` of a call. */
export const callUrl = (deps: ApiCallDeps, path: string): string => apiUrl(deps._origin, deps._base, path);

/** A GET of an API URL with the mode's headers; `readBody: false` for an answer only its status matters for. */
export const apiGet = (deps: ApiCallDeps, url: string, readBody?: boolean): Promise<HttpResult> =>
  request(deps._fetch, url, { _headers: deps._headers, _timeoutMs: deps._timeoutMs, _readBody: readBody, _signal: deps._signal });

/** The body of a 2xx answer when it is a JSON object; `undefined` for any other answer. */
export const jsonObjectOf = ({ _status: status, _json: json }: HttpResult): Record<string, unknown> | undefined =>
  status >= 200 && status < 300 && isPlainObject(json) ? json : undefined;

/** A call of the product's API: where it goes, what it carries, and the body worth reading. */
import { type ApiBase, apiUrl } from '../auth/apiBase';
import type { AuthType } from '../auth/authType';
import { signedRequest } from '../auth/token';
import { type FetchLike, type HttpResult, isPlainObject, request } from '../browser/http';
import type { SafeStorage } from '../browser/storage';

/** What every API call needs to reach `{origin}{apiBase}path` signed in. */
export interface ApiCallDeps {
  fetch: FetchLike;
  origin: string;
  apiBase: ApiBase;
  authType: AuthType;
  /** Where the `token` authType's token is stored. */
  local: SafeStorage;
  timeoutMs: number;
  /** Aborted when the client that asks ends: its calls then answer `aborted`, not a failure. */
  signal?: AbortSignal;
}

/** `{origin}{apiBase}path` of a call. */
export const callUrl = (deps: ApiCallDeps, path: string): string => apiUrl(deps.origin, deps.apiBase, path);

/** A signed-in GET of an API path; `readBody: false` for an answer only its status matters for. */
export function apiGet(deps: ApiCallDeps, path: string, readBody?: boolean): Promise<HttpResult> {
  const { url, headers } = signedRequest(deps, path);
  return request(deps.fetch, url, { headers, timeoutMs: deps.timeoutMs, readBody, signals: [deps.signal] });
}

/** The body of a 2xx answer when it is a JSON object; `undefined` for any other answer. */
export function jsonObjectOf(result: HttpResult): Record<string, unknown> | undefined {
  if (result.tag !== 'answer' || result.status < 200 || result.status >= 300) return undefined;
  const value = result.json?.value;
  return isPlainObject(value) ? value : undefined;
}

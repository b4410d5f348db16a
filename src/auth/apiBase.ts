import type { AuthType } from './authType';

/** The path under the origin where the product's API lives: the gateway's own, or the plain one. */
export type ApiBase = '/api/web/' | '/api/';

/** The security gateway's API path: the probe always asks it first, whatever the build. */
export const GATEWAY_API_BASE = '/api/web/' satisfies ApiBase;
/** The API path of every other authType, and of every development build. */
export const PLAIN_API_BASE = '/api/' satisfies ApiBase;

/** Only a production build behind the security gateway talks to the gateway's own path. */
export const apiBase = (authType: AuthType, production: boolean): ApiBase =>
  production && authType === 'secgw' ? GATEWAY_API_BASE : PLAIN_API_BASE;

/** `{origin}{apiBase}path`: the one place an API URL is built. */
export const apiUrl = (origin: string, apiBase: ApiBase, path: string): string => origin + apiBase + path;

import type { AuthType } from './authType';

/** The security gateway's API path: the probe always asks it first, whatever the build. */
export const GATEWAY_API_BASE = '/api/web/';
/** The API path of every other authType, and of every development build. */
export const PLAIN_API_BASE = '/api/';

export type ApiBase = typeof GATEWAY_API_BASE | typeof PLAIN_API_BASE;

/** Only a production build behind the security gateway talks to the gateway's own path. */
export const apiBase = (authType: AuthType, production: boolean): ApiBase =>
  production && authType === 'secgw' ? GATEWAY_API_BASE : PLAIN_API_BASE;

/** `{origin}{apiBase}path`: the one place an API URL is built. */
export const apiUrl = (origin: string, apiBase: ApiBase, path: string): string => origin + apiBase + path;

import type { AuthType } from './authType';

export type ApiBase = '/api/web/' | '/api/';

/** Only a production build behind the security gateway talks to the gateway's own path. */
export const apiBase = (authType: AuthType, production: boolean): ApiBase =>
  production && authType === 'secgw' ? '/api/web/' : '/api/';

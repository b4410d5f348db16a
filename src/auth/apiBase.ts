import type { AuthType } from './authType';

/** Only a production build behind the security gateway talks to the gateway's own path. */
export const apiBase = (authType: AuthType, production: boolean): '/api/web/' | '/api/' =>
  production && authType === 'secgw' ? '/api/web/' : '/api/';

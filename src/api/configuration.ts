import type { PrefetchedResponse } from '../auth/probe';
import { isCutShort, statusOf } from '../browser/http';
import type { Logger } from '../logging/types';
import { type ApiCallDeps, apiGet, callUrl, jsonObjectOf } from './call';

export interface ConfigurationDeps extends ApiCallDeps {
  log: Pick<Logger, 'trace'>;
  /** The probe's answer, used only when it came from this very URL (a development build under the `secgw` authType asks another one). */
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
  /** The status it came with: 401 asks for a sign-in, 404 says a remembered authType is wrong. */
  status: number;
}

export async function requestConfiguration(deps: ConfigurationDeps): Promise<ConfigurationAnswer> {
  const { prefetched } = deps;
  const answer =
    prefetched?.url === callUrl(deps, 'ClientConfiguration') ? prefetched.result : await apiGet(deps, 'ClientConfiguration');
  const config = jsonObjectOf(answer) ?? false;
  // A call cut short by the client ending or the page leaving did not fail: nothing to trace.
  if (!config && !isCutShort(answer)) deps.log.trace(`ClientConfiguration failed with status ${statusOf(answer)}`);
  return { config, status: statusOf(answer) };
}

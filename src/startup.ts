import { requestConfiguration, type ApiCallDeps, type ClientConfiguration } from './api/configuration';
import { loadVersion, pageCloudCheck, type CloudCheck } from './api/info';
import { apiBase } from './auth/apiBase';
import { readClaims, type Claims } from './auth/claims';
import { createAuthTypeResolver, type AuthType, type AuthTypeResolver } from './auth/authType';
import { authHeaders } from './auth/token';
import { STORAGE_KEYS } from './constants';
import type { FetchLike } from './http';
import type { Logger } from './logging/types';
import type { SafeStorage } from './storage';

export interface StartupDeps {
  fetch: FetchLike;
  local: SafeStorage;
  origin: string;
  production: boolean;
  /** Per request; a call that takes longer falls back as if it had failed. */
  timeoutMs: number;
  log: Pick<Logger, 'trace' | 'error'>;
  now: () => number;
  /** Defaults to the page's shared check, so several clients on one page ask once. */
  cloudCheck?: CloudCheck;
  /** Pass the page's resolver so concurrent start-ups share one probe; defaults to a fresh one. */
  resolveAuthType?: AuthTypeResolver;
}

/** The facts start-up learns; `Client` carries the same ones. */
export interface StartupFacts {
  authType: AuthType;
  /** The API base path: `/api/web/` or `/api/`. */
  apiBase: string;
  config: ClientConfiguration | false;
  /** The server's version text, `''` when it could not be read. */
  version: string;
  isCloud: boolean;
  claims: Claims | null;
}

export interface StartupResult extends StartupFacts {  /**
   * In secgw mode, the configuration call was refused with 401: the gateway has no session, so
   * the caller should send the user to sign in. Other modes have no gateway to send them to.
   */
  signInRequired: boolean;
}

export type StartupUpdate = Partial<Omit<StartupResult, 'signInRequired'>>;

/**
 * The start-up sequence, without any UI: sign-in mode, API base, then configuration, version and
 * cloud check side by side (none waits for another), then the claims. Each piece is handed to
 * `onUpdate` as it arrives so a UI can fill in progressively. Rejects only with the probe's error;
 * every later step falls back instead of failing.
 */
export async function runStartup(deps: StartupDeps, onUpdate?: (update: StartupUpdate) => void): Promise<StartupResult> {
  const { fetch, local, origin, timeoutMs, log } = deps;
  // A throwing listener is a UI bug: it must not stop start-up or surface as an unhandled rejection.
  const emit = (update: StartupUpdate): void => {
    try {
      onUpdate?.(update);
    } catch (e) {
      log.error('start-up listener failed', e);
    }
  };
  const arrive = <K extends 'config' | 'version' | 'isCloud'>(
    key: K,
    pending: Promise<StartupResult[K]>,
    fallback: StartupResult[K],
  ): Promise<StartupResult[K]> =>
    pending
      .catch(() => fallback)
      .then((value) => {
        emit({ [key]: value });
        return value;
      });

  const resolve = deps.resolveAuthType ?? createAuthTypeResolver({ fetch, local, origin, timeoutMs });
  const { authType, prefetched } = await resolve();
  const base = apiBase(authType, deps.production);
  emit({ authType, apiBase: base });

  let signInRequired = false;
  const call: ApiCallDeps = { fetch, origin, base, headers: authHeaders(authType, local), timeoutMs };
  const [config, version, isCloud] = await Promise.all([
    arrive(
      'config',
      requestConfiguration({ ...call, log, prefetched }).then(({ config, status }) => {
        signInRequired = authType === 'secgw' && status === 401;
        return config;
      }),
      false,
    ),
    arrive('version', loadVersion(call), ''),
    arrive('isCloud', (deps.cloudCheck ?? pageCloudCheck)({ ...call, log }), false),
  ]);

  const claims = readClaims(local.get(STORAGE_KEYS.jwt), deps.now());
  emit({ claims });
  return { authType, apiBase: base, config, version, isCloud, claims, signInRequired };
}

// Types of demo/server.mjs, for the TypeScript e2e harness.
import type { ProductServer } from '../src/testing/index';

export type AuthMode = 'secgw' | 'oracle' | 'token';

/** Behaviour that can be set at start and changed at run time with `setOptions`. */
export interface DemoBehaviour {
  /** Sign-in mode the backend plays. Default `'secgw'`. */
  auth: AuthMode;
  /** Delay in ms before every /api/ answer. Default 0. */
  latency: number;
  /** Answer the client logger with 503. Default false. */
  failLogger: boolean;
  /** Print nothing (no log batches, no gateway notes). Default false. */
  quiet: boolean;
  /** `info/cloudinstance` answers 200 when true (default), 404 when false. */
  cloud: boolean;
  /** The configuration's displayName. Default `'Acme Service Desk'`. */
  displayName: string;
  /** The `message` of `info/version`. */
  version: string;
  /**
   * Forces the answer of `/api/web/ClientConfiguration` (the probe): a status (with a JSON body),
   * `'html'` for a 200 HTML page, `0` to drop the connection (a network failure). `null`: normal.
   */
  probeStatus: number | 'html' | null;
  /** Forced statuses by exact API path, e.g. `{ '/api/info/version': 500 }`; 0 drops the connection. */
  statuses: Record<string, number>;
  /** Exact API paths that never answer (until the server closes). */
  hang: Iterable<string>;
  /**
   * Exact paths whose answers wait until `release(path)`; then they answer as usual. API paths, and
   * /e2e/ fixture files (a held script in a page keeps its parser from getting past it).
   */
  hold: Iterable<string>;
  /** Script URLs put first in the `<head>` of every HTML page the server makes (host page, /e2e/ fixtures, /auth/ pages). */
  headScripts: string[];
  /** Status for every clientlogger POST (e.g. 503, 429, 413); wins over `failLogger`. */
  loggerStatus: number | null;
  /** Seconds sent as `Retry-After` with a failing logger answer. */
  retryAfter: number | null;
  /** The host page answer preloads the start-up GETs of `auth` (103 Early Hints and `Link`). Default true. */
  preload: boolean;
  /**
   * A gateway session (a sign-in at /auth/, or `createSession()`) ends this many minutes after it
   * began, and the JWT the gateway hands over has that moment as its `exp`. Read when a session
   * begins. Default `null`: sessions last until signed out or ended (`POST /demo/end-session`).
   */
  sessionMinutes: number | null;
}

export interface DemoServerOptions extends Partial<DemoBehaviour> {
  /** Default 0 (any free port). */
  port?: number;
  /** Default `'127.0.0.1'`. */
  host?: string;
  /** Repository root holding demo/, dist/ and test/e2e/pages/. Default: the folder above demo/. */
  root?: string;
}

export interface LogEntry {
  level: number;
  message: string;
  additional?: unknown[];
  timestamp: string;
  [key: string]: unknown;
}

export interface LogBatch {
  /** `/api/web/clientlogger/` or `/api/clientlogger/`. */
  path: string;
  /** The raw body as received. */
  body: string;
  /** The body as entries: the array, or the single object wrapped; `[]` when it is not JSON. */
  entries: LogEntry[];
  contentType: string;
  /** The status the server answered (2xx for a duplicate). */
  status: number;
  time: number;
  /** Its Idempotency-Key header, or a beacon's `idempotencyKey` query parameter; `null` without either. */
  key: string | null;
  /** Sent by `navigator.sendBeacon` (the key came in the query). */
  beacon: boolean;
  /** Its key was stored already: answered 2xx, not stored again. */
  duplicate: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** Path with the query. */
  url: string;
  /** Node's lower-cased headers, e.g. `headers.authorization`, `headers.cookie`. */
  headers: Record<string, string | string[] | undefined>;
  time: number;
  /**
   * The `userId` the gateway session named by the request's cookie was given to (the session may
   * have ended since), or null without such a cookie: whose session a call rode on.
   */
  sessionUser: number | null;
}

/** A request to a `hold` path. */
export interface HeldRequest {
  path: string;
  time: number;
  /** Answered by `release()`. */
  released: boolean;
  /** When the client closed the connection before it was released (gave up, or navigated away); else null. */
  gaveUpAt: number | null;
}

export interface DemoServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  port: number;
  /** The test kit's fake behind /api/: its `requests` hold each API call's body as the product read it. */
  product: ProductServer;
  /** Every clientlogger POST, in arrival order (failed answers and duplicates included). */
  logBatches: LogBatch[];
  /** The batches the log endpoint stored (2xx, not a duplicate): each batch once. */
  accepted: LogBatch[];
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Requests to a `hold` path, in arrival order. */
  held: HeldRequest[];
  /** A copy of the current behaviour. */
  readonly options: DemoBehaviour & { hang: string[]; hold: string[] };
  /** Answers the held requests of `path` (of every path when omitted) as usual, and holds no more of them. */
  release(path?: string): void;
  setOptions(partial: Partial<DemoBehaviour>): void;
  /**
   * Starts a gateway session for the desk's person `userId` (default the first, 1042); the cookie
   * fits a browser's cookie store (add the server's `url`).
   */
  createSession(userId?: number): { name: string; value: string };
  /** Forgets sessions, the tickets saved, log batches, the keys seen and recorded requests. */
  reset(): void;
  /** Stops listening and drops open connections (hanging answers included). */
  close(): Promise<void>;
}

export declare const AUTH_MODES: AuthMode[];
export declare const SESSION_COOKIE: string;
export declare const CSP_STRICT: string;
export declare const CSP_VARIANTS: { strict: string; 'trusted-types': string; none: null };

export declare function startDemoServer(options?: DemoServerOptions): Promise<DemoServer>;
/** A person who may sign in at the stand-in gateway: the claims of their token. */
export interface DemoUser {
  userId: number;
  /** The token's `name`, which the client's header shows. */
  name: string;
  authUserId: string;
  profileId: number;
  langId: string;
}
/** The people of the shared desk the gateway's sign-in page offers; the first is signed in when nobody is chosen. */
export declare const DEMO_USERS: readonly DemoUser[];
/** The desk's person with this `userId` (a number or its digits); anything else: the first. */
export declare function demoUser(userId: unknown): DemoUser;
/** Who the stand-in gateway signs in when nobody is chosen (the first of DEMO_USERS): the `name` of its token. */
export declare const DEMO_USER_NAME: string;
/**
 * A demo JWT of the desk's person `claims.userId` names (else the first); `claims` override or add
 * payload fields (e.g. `{ exp: 0 }` for an expired one).
 */
export declare function demoJwt(claims?: Record<string, unknown>): string;
/** The same-origin path the gateway returns to, or `/web/`. */
export declare function safeReturnUrl(raw: string | null | undefined, ownOrigin: string): string;

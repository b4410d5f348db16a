/**
 * `createProductServer`: a `fetch` that plays the product's server under one authType, and
 * remembers what it was asked and what it was sent to log. The demo's backend, this project's
 * tests and host developers' tests all talk to this one fake.
 */
import type { AuthType } from '../auth/authType';
import type { LogEntry } from '../logging/types';
import { reportFailedScreens } from './failedScreens';
import { isSendableHeader } from './headers';
import {
  isApiRequest,
  isLogRequest,
  type PlayedProduct,
  type ProductRequest,
  productAnswer,
  type RouteAnswer,
} from './productApi';
import { announceSignIn, type SignInOptions, signedInJwt } from './signIn';

/** An answer given as it is, or made from the request when it comes (it may wait: a promise). */
export type Route = RouteAnswer | ((request: ProductRequest) => RouteAnswer | Promise<RouteAnswer>);

/** What the fake server plays: its authType, the sign-in, its configuration, version and routes. */
export interface ProductServerOptions {
  /** The authType the server plays; default `'secgw'`. */
  auth?: AuthType;
  /**
   * Under the gateway, whether the user is signed in (default true; false: the configuration call
   * answers 401). Given to `update()`, it also opens a session that `endSession()` ended.
   */
  signedIn?: boolean | ((request: ProductRequest) => boolean);
  /** Merged over the default configuration (`displayName: 'Acme Service Desk'`). */
  config?: Record<string, unknown>;
  /** The `message` of `info/version`. */
  version?: string;
  /** Whether the instance check answers 200; default false. */
  cloud?: boolean;
  /** Milliseconds before each answer; default 0. */
  latencyMs?: number;
  /**
   * Answers by `'METHOD /path'` (e.g. `'GET /api/web/tickets'`), in place of the product's own. The
   * path is matched without its query string: `GET /api/web/tickets?state=open` takes the route
   * `'GET /api/web/tickets'`, and a route given as a function reads the query from its request.
   */
  routes?: Record<string, Route>;
}

/** One POST to the client logger, as received. */
export interface LogBatch {
  /** The path it was posted to, without the query. */
  path: string;
  /** The request body as sent. */
  body: string;
  /** The entries in it: the JSON array, or the one entry; `[]` when the body is neither. */
  entries: LogEntry[];
  /** The `Idempotency-Key` header, or the `idempotencyKey` query parameter a beacon carries; null without either. */
  key: string | null;
  /** The key came in the query: the way `navigator.sendBeacon` sends it. */
  beacon: boolean;
  /** The status it was answered with. */
  status: number;
  /** Its key was accepted before: answered 2xx, its entries not counted again. */
  duplicate: boolean;
  /** The request's `Content-Type` (a beacon's is the type of the data it was given). */
  contentType: string;
  /** When it arrived (`Date.now()`). */
  time: number;
}

/** The fake of the product's API: its `fetch`, what it received, and ways to change its answers. */
export interface ProductServer {
  /** Answers the product's paths on any origin; anything else is a 404. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /**
   * Puts `fetch` in place of `globalThis.fetch`. Installed, it also reports on the console each
   * failed screen it hears of (a screen that threw shows only its panel), with the error's stack.
   */
  install(): void;
  /** Puts back the `fetch` that `install()` replaced. */
  uninstall(): void;
  /** Every request answered, in arrival order. */
  requests: ProductRequest[];
  /** Every log entry received, in order; a batch sent again under a key already accepted counts once. */
  logs: LogEntry[];
  /** Every POST to the client logger, duplicates and refused ones included. */
  batches: LogBatch[];
  /** Changes what the server plays from now on (`routes` replaces the routes). */
  update(options: ProductServerOptions): void;
  /**
   * The gateway's session ends, as it does mid-day: under `'secgw'`, from now on every call under
   * the API (either API base, `routes` and the client logger included) answers 401 before the product
   * sees it, until `signIn()` (or `update({ signedIn })`). The JWT in storage stays, as it does
   * when a session ends on the server. Under oracle and token sign-in nothing changes.
   */
  endSession(): void;
  /**
   * Signs in again, as the gateway's sign-in page in another tab would: the server plays signed in
   * (`signedIn: true`), the JWT of that user (default `userId` 1042; `claims` over the default
   * ones) goes to `localStorage.jwt`, and a `{ type: 'signedIn' }` on the tabs' session channel
   * tells every client of the origin that a tab became ready signed in. Returns that JWT.
   */
  signIn(options?: SignInOptions): string;
  /** Forgets requests, logs, batches and the keys accepted. */
  reset(): void;
}

/** The client configuration the fake serves unless told otherwise (its `authType` is the one played). */
export const DEFAULT_CONFIGURATION = {
  configurationItemName: 'EMWEB_DEMO',
  displayName: 'Acme Service Desk',
  customization: { theme: 'calm', accentColor: '#2f6f9f', dateFormat: 'yyyy-MM-dd' },
};

const SIGN_IN_REQUIRED: RouteAnswer = { status: 401, body: { error: 'sign-in required' } };

/** The server version text the fake serves unless told otherwise. */
export const DEFAULT_VERSION = 'Acme Service Desk 2024.3 (server build 7781)';

interface Settings {
  product: PlayedProduct;
  latencyMs: number;
  routes: Record<string, Route>;
}

function settingsFrom(options: ProductServerOptions): Settings {
  const { auth = 'secgw', signedIn = true, config, version = DEFAULT_VERSION, cloud = false } = options;
  return {
    product: {
      auth,
      signedIn: typeof signedIn === 'function' ? signedIn : () => signedIn,
      config: { ...DEFAULT_CONFIGURATION, authType: auth, ...config },
      version,
      cloud,
    },
    latencyMs: options.latencyMs ?? 0,
    routes: { ...options.routes },
  };
}

/** A fake of the product's API, for a host's tests of its screens; `install()` puts it in place of `fetch`. */
export function createProductServer(options: ProductServerOptions = {}): ProductServer {
  let current = options;
  let settings = settingsFrom(options);
  let sessionEnded = false;
  const requests: ProductRequest[] = [];
  const logs: LogEntry[] = [];
  const batches: LogBatch[] = [];
  const acceptedKeys = new Set<string>();
  let replaced: typeof globalThis.fetch | undefined;
  // Installed, it is a test's server: the test's output is where a failed screen must show.
  let installed = false;

  /** The gateway stands before the product: with its session ended, nothing reaches the product. */
  const refusedByGateway = (request: ProductRequest): RouteAnswer | null =>
    sessionEnded && settings.product.auth === 'secgw' && isApiRequest(request) ? SIGN_IN_REQUIRED : null;

  const answer = (request: ProductRequest): Promise<RouteAnswer> => {
    const refused = refusedByGateway(request);
    if (refused) return Promise.resolve(refused);
    const route = settings.routes[`${request.method} ${request.path}`];
    if (route === undefined) return Promise.resolve(productAnswer(request, settings.product));
    return Promise.resolve(typeof route === 'function' ? route(request) : route);
  };

  /**
   * A batch whose key was accepted is answered 2xx at once: the server has it, whatever it plays
   * now (only a gateway whose session ended stops it first). Two sends of one batch may also be answered at the same time (page exit's keepalive beside
   * a send still out): only the first accepted counts.
   */
  const receiveLogs = async (request: ProductRequest): Promise<RouteAnswer> => {
    const batch = logBatchOf(request);
    const accepted = () => batch.key !== null && acceptedKeys.has(batch.key);
    const alreadyHeld = accepted() ? { status: 200, body: { received: batch.entries.length } } : null;
    const result = refusedByGateway(request) ?? alreadyHeld ?? (await answer(request));
    batch.status = result.status;
    if (result.status >= 200 && result.status < 300) {
      batch.duplicate = accepted();
      if (!batch.duplicate) logs.push(...batch.entries);
      if (!batch.duplicate && installed) reportFailedScreens(batch.entries, console.error);
      if (batch.key !== null) acceptedKeys.add(batch.key);
    }
    batches.push(batch);
    return result;
  };

  const fetch: ProductServer['fetch'] = async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const request = await readRequest(input, init);
    requests.push(request);
    await abortable(delay(settings.latencyMs), signal);
    const result = await abortable(isLogRequest(request) ? receiveLogs(request) : answer(request), signal);
    return toResponse(result);
  };

  return {
    fetch,
    install() {
      if (globalThis.fetch === fetch) return;
      replaced = globalThis.fetch;
      globalThis.fetch = fetch as typeof globalThis.fetch;
      installed = true;
    },
    uninstall() {
      if (globalThis.fetch === fetch && replaced) globalThis.fetch = replaced;
      replaced = undefined;
      installed = false;
    },
    requests,
    logs,
    batches,
    update(changes) {
      current = { ...current, ...changes };
      settings = settingsFrom(current);
      if ('signedIn' in changes) sessionEnded = false;
    },
    endSession() {
      sessionEnded = true;
    },
    signIn(signInOptions) {
      current = { ...current, signedIn: true };
      settings = settingsFrom(current);
      sessionEnded = false;
      // Signed in on the server before the tabs hear of it: they load their configuration at once.
      const jwt = signedInJwt(signInOptions);
      announceSignIn(jwt);
      return jwt;
    },
    reset() {
      requests.length = 0;
      logs.length = 0;
      batches.length = 0;
      acceptedKeys.clear();
    },
  };
}

/**
 * The request as a server sees it: a `Request` object or a URL with its options, relative URLs
 * against the page. A header a browser refuses to send rejects here, before the server sees it.
 */
async function readRequest(input: RequestInfo | URL, init: RequestInit = {}): Promise<ProductRequest> {
  const isRequest = typeof Request !== 'undefined' && input instanceof Request;
  const pageUrl = globalThis.location?.href ?? 'http://localhost/';
  const url = new URL(isRequest ? input.url : String(input), pageUrl);
  const headers: Record<string, string> = {};
  new Headers(init.headers ?? (isRequest ? input.headers : undefined)).forEach((value, name) => {
    if (!isSendableHeader(name, value)) throw new TypeError(`fetch refuses to send the header ${name}: invalid name or value`);
    headers[name.toLowerCase()] = value;
  });
  let body = '';
  if (init.body !== undefined && init.body !== null) body = await new Response(init.body).text();
  else if (isRequest) body = await input.clone().text();
  return {
    method: (init.method ?? (isRequest ? input.method : 'GET')).toUpperCase(),
    origin: url.origin,
    path: url.pathname,
    query: url.search,
    headers,
    body,
    credentials: init.credentials ?? (isRequest ? input.credentials : 'same-origin'),
  };
}

function logBatchOf(request: ProductRequest): LogBatch {
  const header = request.headers['idempotency-key'];
  const fromQuery = new URLSearchParams(request.query).get('idempotencyKey');
  return {
    path: request.path,
    body: request.body,
    entries: entriesOf(request.body),
    key: header ?? fromQuery,
    beacon: header === undefined && fromQuery !== null,
    status: 0,
    duplicate: false,
    contentType: request.headers['content-type'] ?? '',
    time: Date.now(),
  };
}

function entriesOf(body: string): LogEntry[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (Array.isArray(parsed)) return parsed;
    return typeof parsed === 'object' && parsed !== null ? [parsed as LogEntry] : [];
  } catch {
    return [];
  }
}

function toResponse({ status, body, headers = {} }: RouteAnswer): Response {
  if (status === 0) throw new TypeError('Failed to fetch (the fake product server answered status 0)');
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new RangeError(`A fake answer's status is 0 (no answer) or 200 to 599, not ${status}`);
  }
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  const bodyless = status === 204 || status === 205 || status === 304;
  return new Response(bodyless ? null : text, { status, headers: { 'Content-Type': type, ...headers } });
}

const delay = (ms: number) => new Promise<void>((done) => (ms > 0 ? setTimeout(done, ms) : done()));

/** Rejects as `fetch` does when the request's signal aborts before `promise` settles. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(aborted()), { once: true });
    promise.then(resolve, reject);
  });
}

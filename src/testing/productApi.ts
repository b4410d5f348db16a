/**
 * What the product's server answers, under the authType it plays: the contract's probe table
 * turned around. Pure: a request and what the server plays in, an answer out.
 */
import type { AuthType } from '../auth/authType';

/** A request as the fake received it; header names are lower-case, as a server sees them. */
export interface ProductRequest {
  /** The HTTP method, upper-case. */
  method: string;
  /** The origin it was sent to (the fake answers on any), e.g. `https://desk.example`. */
  origin: string;
  /** The path without the query, e.g. `/api/web/ClientConfiguration`. */
  path: string;
  /** The query as sent, `''` or starting with `?`. */
  query: string;
  /** The request's headers, by lower-case name. */
  headers: Record<string, string>;
  /** The body as text, `''` without one. */
  body: string;
  /** The fetch's credentials mode: `'include'` is what sends the session cookie to another origin. */
  credentials: RequestCredentials;
}

/**
 * An answer: a status (0 for a network failure: the fetch rejects), and a body (an object or
 * array goes as JSON, a string as it is) with headers.
 */
export interface RouteAnswer {
  /** The HTTP status; 0: a network failure, the fetch rejects. */
  status: number;
  /** An object or array goes as JSON, a string as it is. */
  body?: unknown;
  /** Headers of the answer. */
  headers?: Record<string, string>;
}

/** What the server plays. */
export interface PlayedProduct {
  auth: AuthType;
  /** Under the gateway: whether this request comes from a signed-in user. */
  signedIn: (request: ProductRequest) => boolean;
  config: Record<string, unknown>;
  version: string;
  cloud: boolean;
}

const GATEWAY_BASE = '/api/web/';
const DEVELOPMENT_BASE = '/api/';

const json = (status: number, body: unknown): RouteAnswer => ({ status, body });
const notFound = (): RouteAnswer => json(404, { error: 'not found' });

/** `/api/web/X` or `/api/X` → the API base and the call `X`; null for a path outside the API. */
function splitApiPath(path: string): { apiBase: string; call: string } | null {
  if (path.startsWith(GATEWAY_BASE)) return { apiBase: GATEWAY_BASE, call: path.slice(GATEWAY_BASE.length) };
  if (path.startsWith(DEVELOPMENT_BASE)) return { apiBase: DEVELOPMENT_BASE, call: path.slice(DEVELOPMENT_BASE.length) };
  return null;
}

/** Whether a request goes to the product's API (on either API base): what the gateway stands before. */
export const isApiRequest = (request: ProductRequest): boolean => splitApiPath(request.path) !== null;

/** Whether a request is a batch for the client logger (on either API base). */
export const isLogRequest = (request: ProductRequest): boolean =>
  request.method === 'POST' && splitApiPath(request.path)?.call === 'clientlogger/';

/** Under the gateway the configuration is the signed-in user's; oracle and token servers hand it out. */
function configurationAnswer(request: ProductRequest, product: PlayedProduct): RouteAnswer {
  if (product.auth !== 'secgw') return json(200, product.config);
  return product.signedIn(request) ? json(200, product.config) : json(401, { error: 'sign-in required' });
}

/**
 * The product's answer to one request; 404 for anything it does not know. The gateway serves both
 * bases (a development build asks `/api/`); under oracle and token sign-in the gateway's path does
 * not exist, which is what the probe's 404 finds out.
 */
export function productAnswer(request: ProductRequest, product: PlayedProduct): RouteAnswer {
  const api = splitApiPath(request.path);
  if (!api || (api.apiBase === GATEWAY_BASE && product.auth !== 'secgw')) return notFound();
  const call = `${request.method} ${api.call}`;
  if (call === 'GET ClientConfiguration') return configurationAnswer(request, product);
  if (call === 'GET info/version') return json(200, { message: product.version });
  if (call === 'GET info/cloudinstance') return product.cloud ? json(200, { cloud: true }) : json(404, { cloud: false });
  if (call === 'POST clientlogger/') return json(200, { received: true });
  return notFound();
}

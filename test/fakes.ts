// Test doubles shared by the HTTP, start-up and UI tests (not a test file itself).
import { Buffer } from 'node:buffer';
import type { FetchLike } from '../src/http';

export const ORIGIN = 'https://emweb.test';

/** A logger that remembers what it was told. */
export function recordingLog() {
  const traces: unknown[][] = [];
  const errors: unknown[][] = [];
  return {
    traces,
    errors,
    trace: (...args: unknown[]) => void traces.push(args),
    error: (...args: unknown[]) => void errors.push(args),
  };
}

/** A response object for any status, 1xx and 0 included, which `new Response` refuses to build. */
export const answer = (status: number, body = '', headers: Record<string, string> = {}): Response =>
  ({
    status,
    headers: new Headers(headers),
    text: () => Promise.resolve(body),
  }) as unknown as Response;

interface RecordedCall {
  url: string;
  init: RequestInit | undefined;
}

/**
 * A fetch that answers from a table keyed by URL; a missing URL is a network failure.
 * A table value may be a function, to hold an answer back or to count.
 */
export function scriptedFetch(table: Record<string, Response | (() => Promise<Response>) | 'fail' | 'hang'>) {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    const entry = table[url];
    if (entry === undefined || entry === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
    if (entry === 'hang') return new Promise<Response>(() => {});
    return typeof entry === 'function' ? entry() : Promise.resolve(entry);
  };
  return { fetch, calls, urls: () => calls.map((c) => c.url) };
}

/** A promise with its resolver outside, for answers that arrive when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The value of a request header, whatever the case of its name and the shape of the headers. */
export function headerOf(init: { headers?: unknown } | undefined, name: string): string | undefined {
  const h = init?.headers;
  if (!h) return undefined;
  if (typeof (h as Headers).get === 'function') return (h as Headers).get(name) ?? undefined;
  const hit = Object.entries(h as Record<string, string>).find(([k]) => k.toLowerCase() === name.toLowerCase());
  return hit?.[1];
}

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** An unsigned JWT whose payload is `payload` serialised as is. */
export const jwtWithPayload = (payload: string) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(payload)}.c2lnbmF0dXJl`;

export const makeJwt = (claims: Record<string, unknown>) => jwtWithPayload(JSON.stringify(claims));

/** Lets every promise already settled run its callbacks. */
export const settle = () => new Promise<void>((r) => setImmediate(r));

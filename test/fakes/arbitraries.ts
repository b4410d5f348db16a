// Fakes and arbitraries shared by the reliability tests (not a test file itself).
import nodeAssert from 'node:assert/strict';
import fc from 'fast-check';
import type { FetchLike } from '../../src/browser/http';
import { createProductServer, type Route, type RouteAnswer } from '../../src/testing';
import { isSendableHeader } from '../../src/testing/headers';
import { fault } from '../reliability/figures';
import { brokenBodyResponse, informationalResponse, settle } from '.';

// Read from here by the leak tests.
export { settle };

/** What the fake server does with one request. */
export type Reply =
  | { status: number; body: string }
  /** The connection is refused or dropped: fetch rejects. */
  | 'network'
  /** No answer, ever (only the client's timeout ends it). */
  | 'hang'
  /** Headers arrive (200), then the body stream breaks. */
  | 'broken-body';

/** Whether a browser's fetch refuses to send these headers (as the kit's server does, before answering). */
export const refusedByFetch = (headers: Record<string, string>): boolean =>
  Object.entries(headers).some(([name, value]) => !isSendableHeader(name, value));

/** Every path start-up calls. */
const START_UP_PATHS = [
  '/api/web/ClientConfiguration',
  '/api/ClientConfiguration',
  '/api/web/info/version',
  '/api/info/version',
  '/api/web/info/cloudinstance',
  '/api/info/cloudinstance',
];

/** What the kit's server answers for a reply, the fault counted. */
function routeAnswer(reply: Reply): RouteAnswer | Promise<RouteAnswer> {
  if (reply === 'network') {
    fault('connection refused (start-up call)');
    return { status: 0 };
  }
  if (reply === 'hang') {
    fault('no answer (start-up call)');
    return new Promise(() => {});
  }
  if (reply === 'broken-body') {
    fault('body stream broken (start-up call)');
    return { status: 200 };
  }
  if (reply.status < 200 || reply.status > 299) fault(`status ${Math.floor(reply.status / 100)}xx (start-up call)`);
  // The kit answers no 1xx: a 200 stands in for it until it is swapped in.
  return reply.status < 200 ? { status: 200 } : { status: reply.status, body: reply.body };
}

/**
 * The kit's product server answering every start-up path with `reply(path)` (called once a
 * request, from the path alone), each fault counted. Two answers no response the kit makes can
 * give are swapped in after it has answered: a 1xx status (no browser's fetch resolves with one; a
 * host page's fetch wrapper may) and a 200 whose body stream breaks. Requests go through the kit
 * all the same: recorded, and refused as a browser refuses a header it cannot send.
 */
export function startupServer(reply: (path: string) => Reply) {
  const replies = new Map<string, Reply>();
  const routes: Record<string, Route> = {};
  for (const path of START_UP_PATHS) {
    routes[`GET ${path}`] = () => {
      const r = reply(path);
      replies.set(path, r);
      return routeAnswer(r);
    };
  }
  const server = createProductServer({ routes });
  const fetch: FetchLike = async (url, init) => {
    const response = await server.fetch(url, init);
    const r = replies.get(new URL(url).pathname);
    if (r === 'broken-body') return brokenBodyResponse(response.status, response.headers);
    if (typeof r === 'object' && r.status < 200) return informationalResponse(r.status, r.body);
    return response;
  };
  return { fetch, requests: server.requests };
}

/** Statuses whose answer has no body: whatever a server writes after one, fetch hands none on. */
const BODYLESS = [204, 205, 304];

/**
 * Whether the body a caller reads of a reply parses as JSON, and what it gives (no answer, no body:
 * not JSON). The text read is the body sent as UTF-8 and decoded again, as fetch's `text()` does:
 * a lone surrogate comes back as U+FFFD, a leading byte order mark is dropped.
 */
export function parsedBody(reply: Reply): { ok: boolean; value: unknown } {
  if (typeof reply === 'string' || BODYLESS.includes(reply.status)) return { ok: false, value: undefined };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(new TextEncoder().encode(reply.body))) };
  } catch {
    return { ok: false, value: undefined };
  }
}

// Made once: generating 2 MB per run would dominate the suite's time.
const HUGE_JSON = JSON.stringify({
  displayName: 'x'.repeat(2_000_000),
  authType: 'token',
  items: Array.from({ length: 2000 }, (_, i) => i),
});
const HUGE_TEXT = `<html>${'é<b>'.repeat(500_000)}`;
const HUGE_ARRAY = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i })));

const CLIENT_KEYS = ['displayName', 'configurationItemName', 'customization', 'authType', 'message', '__proto__', 'constructor'];

/** Any JSON value: every type, nested, with keys the client reads and keys that look like prototype members. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.oneof(fc.constantFrom(...CLIENT_KEYS, 'toString', 'valueOf'), fc.string()), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: 6,
  }),
);

/** The same without `toString` / `valueOf` keys: JSON whose every value has a string form. */
export const printableJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue().filter((v) => !/"(toString|valueOf)":/.test(JSON.stringify(v))),
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(...CLIENT_KEYS),
        fc.string().filter((k) => k !== 'toString' && k !== 'valueOf'),
      ),
      fc.jsonValue({ maxDepth: 3 }),
      { maxKeys: 6 },
    )
    .filter((v) => !/"(toString|valueOf)":/.test(JSON.stringify(v))),
);

/** JSON values with no string form: `String(x)` throws a TypeError on each (no callable toString or valueOf). */
export const unprintable: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  { toString: 1 },
  { toString: null, valueOf: {} },
  [{ toString: 1 }],
  { toString: 'x', valueOf: 'y' },
  { valueOf: [], toString: [] },
);

/** A response body: JSON of every type, HTML, binary, empty, truncated, huge. */
export const body: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '{"authType":"token"}',
      '{"authType":"token","displayName":"Dev"}',
      '{"authType":"TOKEN"}',
      '"token"',
      '["token"]',
      '{"authType":["token"]}',
      '{"authType":null}',
    ),
    weight: 2,
  },
  { arbitrary: fc.string().map((s) => `<!doctype html><title>${s}</title><p>Sign in</p>`), weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => new TextDecoder().decode(b)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary' }), weight: 1 },
  { arbitrary: fc.constantFrom('', ' ', '\n', '{', '{"a":', 'nul', 'undefined', 'NaN', '1e999', '\ufeff{}'), weight: 1 },
  { arbitrary: fc.constantFrom(HUGE_JSON, HUGE_TEXT, HUGE_ARRAY), weight: 1 },
);

/** A status line the fake server may send: any of 100–599, with the ones the probe decides on more often. */
export const status: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: 100, max: 599 }), weight: 3 },
  { arbitrary: fc.constantFrom(200, 401, 404), weight: 2 },
);

/** A fake-server answer: a status with a body, or a transport failure. */
export const reply: fc.Arbitrary<Reply> = fc.oneof(
  { arbitrary: fc.record({ status, body }), weight: 8 },
  { arbitrary: fc.constantFrom<Reply>('network', 'hang', 'broken-body'), weight: 1 },
);

/** Strings as a hostile page (or another version of the client) might leave them in storage. */
export const storedString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'Oracle',
    'SECGW',
    ' token',
    'token ',
    'token\n',
    'secgw\0',
    '"oracle"',
    '{}',
    '[]',
    'true',
  ),
  fc.string({ unit: fc.constantFrom('a', '.', '-', '_', 'e', 'y', 'J', '=', '\r', '\n', 'é') }),
);

/** Collects unhandled rejections while `fn` runs (and until the promises it leaves have settled). */
export async function noUnhandled<T>(fn: () => Promise<T>): Promise<{ value: T; unhandled: unknown[] }> {
  const unhandled: unknown[] = [];
  const on = (r: unknown) => void unhandled.push(r);
  process.on('unhandledRejection', on);
  try {
    const value = await fn();
    await settle();
    await settle();
    return { value, unhandled };
  } finally {
    process.off('unhandledRejection', on);
  }
}

/**
 * Deep equality that does not trip over data: uvu's `assert.equal` compares `constructor`
 * properties, so two equal objects parsed from `{"constructor":[]}` would differ.
 */
export function same(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

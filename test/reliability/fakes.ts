// Fakes and arbitraries shared by the reliability tests (not a test file itself).
import nodeAssert from 'node:assert/strict';
import fc from 'fast-check';
import type { FetchLike } from '../../src/http';
import { fault } from './figures';

/** What the fake server does with one request. */
export type Reply =
  | { status: number; body: string }
  /** The connection is refused or dropped: fetch rejects. */
  | 'network'
  /** No answer, ever (only the client's timeout ends it). */
  | 'hang'
  /** Headers arrive (200), then the body stream breaks. */
  | 'broken-body';

interface Recorded {
  url: string;
  init: RequestInit | undefined;
}

/**
 * Header values as browsers check them before sending: a value with CR, LF or NUL, or a character
 * above U+00FF, makes fetch throw a TypeError. Tests use it so that a hostile stored token meets
 * the same wall it would meet in a browser.
 */
export function checkHeaders(init: RequestInit | undefined): void {
  const h = init?.headers as Record<string, string> | undefined;
  for (const [name, value] of Object.entries(h ?? {})) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new TypeError(`Invalid header name ${name}`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters fetch refuses in a header, as it does
    if (/[\0\r\n]/.test(value) || /[^\u0000-\u00ff]/.test(value)) throw new TypeError(`Invalid header value for ${name}`);
  }
}

/**
 * A fetch that answers by URL path from `reply` (called once per request), counting every answer
 * that is a fault. It never looks at the origin: tests check that themselves.
 */
export function fakeServer(reply: (path: string, n: number) => Reply) {
  const calls: Recorded[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    try {
      checkHeaders(init);
    } catch (e) {
      return Promise.reject(e);
    }
    const r = reply(new URL(url).pathname, calls.length);
    if (r === 'network') {
      fault('connection refused (start-up call)');
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    if (r === 'hang') {
      fault('no answer (start-up call)');
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
      );
    }
    if (r === 'broken-body') {
      fault('body stream broken (start-up call)');
      return Promise.resolve({ status: 200, text: () => Promise.reject(new TypeError('network error')) } as unknown as Response);
    }
    if (r.status < 200 || r.status > 299) fault(`status ${Math.floor(r.status / 100)}xx (start-up call)`);
    return Promise.resolve({ status: r.status, text: () => Promise.resolve(r.body) } as unknown as Response);
  };
  return { fetch, calls };
}

/** Whether the text parses as JSON, and what it gives. */
export function parsed(text: string): { ok: boolean; value: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
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

export const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

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

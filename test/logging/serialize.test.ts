// Safe serialisation, redaction and the 32 KiB cut, on hostile input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { clip, CUT, MAX_ENTRY_BYTES, messageText, redact, serializeEntry, toSafe, utf8Bytes } from '../../src/logging/serialize';

/** What the server would see. */
const safe = (v: unknown) => JSON.parse(JSON.stringify(toSafe(v)));
const entryOf = (message: unknown, ...additional: unknown[]) => {
  const s = serializeEntry(5, message, additional, 0, Date.UTC(2025, 0, 2, 3, 4, 5, 6));
  return { ...s, entry: JSON.parse(s.json) };
};
// header.payload.signature of a real-looking token
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiI0MiIsImV4cCI6OTk5OTk5OTk5OX0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

test('entry shape: level number, message string, additional array, ISO timestamp', () => {
  const { entry } = entryOf('hello', 1, 'two');
  assert.equal(entry, { level: 5, message: 'hello', additional: [1, 'two'], timestamp: '2025-01-02T03:04:05.006Z' });
});

test('Error as { name, message, stack, cause } with the cause serialised recursively', () => {
  const inner = new RangeError('inner');
  const outer = new Error('outer', { cause: inner });
  (outer as any).code = 'E42';
  const v = safe(outer);
  assert.is(v.name, 'Error');
  assert.is(v.message, 'outer');
  assert.ok(typeof v.stack === 'string' && v.stack.includes('outer'));
  assert.is(v.code, 'E42', 'own fields kept');
  assert.is(v.cause.name, 'RangeError');
  assert.is(v.cause.message, 'inner');
  assert.ok(v.cause.stack.includes('inner'));
  assert.equal(safe(new Error('x', { cause: 'text' })).cause, 'text');
});

test('cycles are cut, shared references are not', () => {
  const a: any = { name: 'a' };
  a.self = a;
  a.list = [a, { back: a }];
  const shared = { s: 1 };
  assert.equal(safe(a), { name: 'a', self: '[Circular]', list: ['[Circular]', { back: '[Circular]' }] });
  assert.equal(safe([shared, shared]), [{ s: 1 }, { s: 1 }]);
  const e: any = new Error('loop');
  e.cause = e;
  assert.is(safe(e).cause, '[Circular]');
});

test('functions, symbols, BigInt, undefined, NaN and Infinity become strings', () => {
  function namedFn() {}
  assert.equal(safe([namedFn, () => 1, Symbol('tag'), 12n, undefined, NaN, -Infinity, null, true]), [
    '[Function namedFn]',
    '[Function anonymous]',
    'Symbol(tag)',
    '12n',
    '[undefined]',
    'NaN',
    '-Infinity',
    null,
    true,
  ]);
  assert.equal(safe({ u: undefined }), { u: '[undefined]' });
});

test('Map, Set, Date, RegExp, typed arrays', () => {
  assert.equal(
    safe({
      m: new Map<unknown, unknown>([
        ['k', 1],
        [{ o: 1 }, new Set([2])],
      ]),
      s: new Set(['a', 'b']),
      d: new Date(Date.UTC(2020, 1, 3)),
      bad: new Date(NaN),
      r: /ab+c/gi,
      t: new Uint8Array(4),
    }),
    {
      m: [
        ['k', 1],
        [{ o: 1 }, [2]],
      ],
      s: ['a', 'b'],
      d: '2020-02-03T00:00:00.000Z',
      bad: 'Invalid Date',
      r: '/ab+c/gi',
      t: '[Uint8Array]',
    },
  );
});

test('depth is bounded', () => {
  let deep: any = { leaf: true };
  for (let i = 0; i < 50; i++) deep = { deep, arr: [i] };
  const text = JSON.stringify(toSafe(deep));
  assert.ok(text.length < 400, text);
  assert.ok(text.includes('[Object]'));
});

test('throwing getters, throwing toJSON and throwing Proxies do not throw', () => {
  const getter = {
    ok: 1,
    get bad() {
      throw new Error('getter');
    },
  };
  const toJSON = {
    toJSON() {
      throw new Error('toJSON');
    },
  };
  const trap = () => {
    throw new Error('trap');
  };
  const proxy = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap });
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(safe(getter), { ok: 1, bad: '[Throws]' });
  assert.is(safe(toJSON), '[Unserializable]');
  assert.is(safe(proxy), '[Unserializable]');
  assert.is(safe(revoked), '[Unserializable]');
  assert.equal(safe({ toJSON: () => ({ fine: true }) }), { fine: true });
  const selfJSON: any = { toJSON: () => selfJSON };
  assert.is(safe(selfJSON), '[Circular]');
  // as the message too
  assert.is(typeof messageText(proxy), 'string');
  assert.is(typeof messageText(revoked), 'string');
  assert.not.throws(() => entryOf(proxy, proxy, revoked, getter, toJSON));
});

test('keys that look like prototype members stay plain keys', () => {
  const o = JSON.parse('{"__proto__": {"x": 1}, "constructor": "c", "toString": "t"}');
  assert.equal(safe(o), { ['__proto__']: { x: 1 }, constructor: 'c', toString: 't' } as any);
});

test('huge strings, arrays and objects are bounded', () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  const s = safe(big) as string;
  assert.ok(s.length < 9000);
  assert.ok(s.endsWith(CUT));
  const arr = safe(Array.from({ length: 10_000 }, (_, i) => i)) as unknown[];
  assert.is(arr.length, 101);
  assert.is(arr[100], '[9900 more]');
  const wide = safe(Object.fromEntries(Array.from({ length: 500 }, (_, i) => ['k' + i, i])));
  assert.is(Object.keys(wide).length, 101);
  const t0 = Date.now();
  const { bytes } = entryOf(big, big, [big, big], { a: big, b: { c: big } });
  assert.ok(bytes <= MAX_ENTRY_BYTES);
  assert.ok(Date.now() - t0 < 200, 'and fast');
});

test('message: strings as is, an Error gives its message, others their JSON text', () => {
  assert.is(messageText('plain'), 'plain');
  assert.is(messageText(new TypeError('bad thing')), 'bad thing');
  assert.is(messageText(undefined), '');
  assert.is(messageText(null), 'null');
  assert.is(messageText(42), '42');
  assert.is(messageText({ a: [1] }), '{"a":[1]}');
  const c: any = {};
  c.c = c;
  assert.is(messageText(c), '{"c":"[Circular]"}');
});

test('redaction: a JWT in the message, in additional (values and keys), in an error stack, in a URL', () => {
  const err = new Error('token ' + JWT + ' rejected');
  const { json, entry } = entryOf('Bearer ' + JWT, { token: JWT, [JWT]: 'as key', nested: [{ deep: `x ${JWT}` }] }, err, `https://h/api?access_token=${JWT}&x=1`);
  assert.not.ok(json.includes('eyJ'), json);
  assert.is(entry.message, 'Bearer [redacted]');
  assert.is(entry.additional[0].token, '[redacted]');
  assert.is(entry.additional[0]['[redacted]'], 'as key');
  assert.is(entry.additional[1].message, 'token [redacted] rejected');
  assert.ok(entry.additional[1].stack.includes('[redacted]'));
  assert.is(entry.additional[2], 'https://h/api?access_token=[redacted]&x=1');
  assert.is(entryOf(new Error(JWT)).entry.message, '[redacted]', 'an Error as the message');
});

test('redaction: unsigned tokens, and a token split by a cut, go too; ordinary text stays', () => {
  assert.is(redact('a eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0. b'), 'a [redacted] b');
  assert.is(redact('eyJ alone, a.b.c, version 1.2.3'), 'eyJ alone, a.b.c, version 1.2.3');
  const longMsg = 'x'.repeat(MAX_ENTRY_BYTES - 20) + ' ' + JWT;
  const { json } = entryOf(longMsg);
  assert.not.ok(json.includes('eyJ'), 'the half-token at the cut is gone');
  const inArg = 'y'.repeat(8150) + ' ' + JWT; // the 8 KiB string bound cuts the token after its first dot
  assert.not.ok(entryOf('m', inArg).json.includes('eyJ'));
  assert.is(clip('a ' + JWT, 20), 'a [redacted]' + CUT);
  assert.is(clip('a.' + JWT, 60), 'a.[redacted]' + CUT);
  assert.is(clip('plain text that is long', 10), 'plain text' + CUT);
});

test('redaction stays linear on adversarial input', () => {
  const t0 = Date.now();
  redact('eyJ'.repeat(200_000));
  redact('.eyJ'.repeat(200_000));
  redact(('eyJa.' + 'b'.repeat(50)).repeat(20_000));
  entryOf('.eyJ'.repeat(20_000), '.eyJ'.repeat(20_000));
  assert.ok(Date.now() - t0 < 500, `took ${Date.now() - t0} ms`);
});

test('the 32 KiB cut: the message first, marked', () => {
  const { entry, bytes } = entryOf('m'.repeat(100_000), 'kept');
  assert.ok(bytes <= MAX_ENTRY_BYTES);
  assert.ok(bytes > MAX_ENTRY_BYTES - 100, 'no more cut than needed');
  assert.ok(entry.message.endsWith(CUT));
  assert.equal(entry.additional, ['kept']);
});

test('the 32 KiB cut counts UTF-8 bytes and JSON escapes', () => {
  for (const ch of ['é', '€', '😀', '"', '\n', '\u0001']) {
    const { bytes, json } = entryOf(ch.repeat(40_000));
    assert.is(bytes, Buffer.byteLength(json), ch);
    assert.ok(bytes <= MAX_ENTRY_BYTES, ch);
    assert.not.ok(/[\ud800-\udbff](?![\udc00-\udfff])/.test(JSON.parse(json).message), 'no half surrogate pair');
  }
});

test('the 32 KiB cut: additional from its end when the message is short', () => {
  const item = 'z'.repeat(8000);
  const { entry, bytes } = entryOf('short', 'first', [item, item], [item, item], [item, item]);
  assert.ok(bytes <= MAX_ENTRY_BYTES);
  assert.is(entry.message, 'short');
  assert.is(entry.additional[0], 'first');
  assert.is(entry.additional[entry.additional.length - 1], CUT);
});

test('utf8Bytes matches Buffer.byteLength', () => {
  for (const s of ['', 'abc', 'é', '€uro', '😀x', JSON.stringify('\ud800')]) assert.is(utf8Bytes(s), Buffer.byteLength(s), s);
});

test('property: any value logged gives bounded, parseable JSON and never throws', () => {
  fc.assert(
    fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true, withBoxedValues: true }), fc.anything(), (message, extra) => {
      const { json, bytes } = serializeEntry(5, message, [extra, message], 0, 0);
      const parsed = JSON.parse(json);
      return bytes <= MAX_ENTRY_BYTES && typeof parsed.message === 'string' && parsed.additional.length === 2;
    }),
    { numRuns: 500 },
  );
});

test('property: a JWT anywhere inside any value never comes out', () => {
  const withToken = fc.letrec((tie) => ({
    node: fc.oneof(
      fc.constantFrom(JWT, `x ${JWT} y`, `"${JWT}"`, `\n${JWT}\n`),
      fc.string(),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string(), fc.constant(JWT)), tie('node'), { maxKeys: 4 }),
    ),
  })).node;
  fc.assert(
    fc.property(withToken, withToken, (m, a) => !serializeEntry(5, m, [a], 0, 0).json.includes('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9')),
    { numRuns: 300 },
  );
});

test.run();

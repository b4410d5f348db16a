// Safe serialisation, redaction and the 32 KiB cut, on hostile input.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CUT, redactText as redact } from '../../../src/logging/entry/scrub';
import {
  CONTEXT_CUT,
  contextJson,
  entryBytes,
  entryJson,
  isEntry,
  isoTime,
  loggedTime,
  MAX_ENTRY_BYTES,
  messageText,
  safeEntry,
  stamp,
  toSafe,
  utf8Bytes,
} from '../../../src/logging/entry/serialize';

/** What the server would see. */
const safe = (v: unknown) => JSON.parse(JSON.stringify(toSafe(v)));
const serializeEntry = (level: 5, message: unknown, additional: unknown[], now: number) => {
  const entry = entryJson(safeEntry(level, message, additional, undefined, null), '', now);
  const json = stamp(entry.json, now);
  const { at } = entry;
  assert.is(entryBytes(entry), Buffer.byteLength(json), 'its size, counted right, its time written when it goes');
  assert.is(at, now);
  return json;
};
const entryOf = (message: unknown, ...additional: unknown[]) => {
  const json = serializeEntry(5, message, additional, Date.UTC(2025, 0, 2, 3, 4, 5, 6));
  return { json, bytes: Buffer.byteLength(json), entry: JSON.parse(json) };
};
// header.payload.signature of a real-looking token
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiI0MiIsImV4cCI6OTk5OTk5OTk5OX0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

test('entry shape: level number, message string, additional array, ISO timestamp', () => {
  const { entry } = entryOf('hello', 1, 'two');
  assert.equal(entry, { level: 5, message: 'hello', additional: [1, 'two'], timestamp: '2025-01-02T03:04:05.006Z' });
});

test('timestamps: the ISO text of each time, one after the other within a second and across seconds, before 1970 too', () => {
  const base = Date.parse('2025-01-02T03:04:05.006Z');
  const times = [
    base,
    base + 1,
    base + 993,
    base + 994,
    base + 1000,
    base - 7,
    0,
    -1,
    -2,
    -999,
    -1000,
    -1001,
    base + 0.9,
    -0.5,
    1e12 + 0.5,
  ];
  for (const time of times) assert.is(isoTime(time), new Date(time).toISOString(), String(time));
  assert.is(isoTime(base + 120_000), '2025-01-02T03:06:05.006Z', 'two minutes on, within the second');
  assert.is(isoTime(base + 120_001), '2025-01-02T03:06:05.007Z');
  for (const noTime of [NaN, Infinity, -Infinity]) assert.throws(() => isoTime(noTime), RangeError, String(noTime));
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
  assert.equal(safe(a), { name: 'a', self: CUT, list: [CUT, { back: CUT }] });
  assert.equal(safe([shared, shared]), [{ s: 1 }, { s: 1 }]);
  const e: any = new Error('loop');
  e.cause = e;
  assert.is(safe(e).cause, CUT);
});

test('re-entrant: a toJSON that serialises something else does not disturb the walk it was called from', () => {
  const outer: any = { name: 'outer' };
  outer.child = {
    toJSON() {
      // What a toJSON that logs (or formats something for its own log line) does.
      toSafe({ a: { b: { c: { d: 1 } } } });
      return { back: outer };
    },
  };
  assert.equal(safe(outer), { name: 'outer', child: { back: CUT } }, 'the cycle is cut where it closes, not a level deeper');
  const s8k = 's'.repeat(8192);
  const mid = {
    toJSON: () => {
      toSafe('z');
      return 'mid';
    },
  };
  const strings = safe([s8k, s8k, mid, s8k, s8k, s8k]) as string[];
  assert.equal(strings.slice(0, 4), [s8k, s8k, 'mid', s8k], 'the first 32 Ki characters');
  assert.is(strings[5], CUT, 'nor its string room: the walk inside toJSON did not give it back');
});

test('functions, symbols, BigInt, NaN and Infinity become strings; undefined is left to JSON', () => {
  function namedFn() {}
  assert.equal(safe([namedFn, () => 1, Symbol('tag'), 12n, undefined, NaN, -Infinity, null, true, 1.5]), [
    '[Function]',
    '[Function]',
    'Symbol(tag)',
    '12',
    null,
    'NaN',
    '-Infinity',
    null,
    true,
    1.5,
  ]);
  assert.equal(safe({ u: undefined, n: 1 }), { n: 1 });
  assert.not.ok(JSON.stringify(toSafe(() => 'source text')).includes('source'), 'no function source');
});

test('objects with toJSON (Date) use it; others (Map, Set, RegExp) show their own keys', () => {
  assert.equal(
    safe({
      d: new Date(Date.UTC(2020, 1, 3)),
      bad: new Date(NaN),
      m: new Map([['k', 1]]),
      r: /ab+c/gi,
      own: Object.assign(new Set([1]), { tag: 'x' }),
    }),
    { d: '2020-02-03T00:00:00.000Z', bad: null, m: {}, r: {}, own: { tag: 'x' } },
  );
});

test('depth is bounded', () => {
  let deep: any = { leaf: true };
  for (let i = 0; i < 50; i++) deep = { deep, arr: [i] };
  const text = JSON.stringify(toSafe(deep));
  assert.ok(text.length < 400, text);
  assert.ok(text.includes(CUT), 'what lies deeper is cut');
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
  assert.equal(safe({ fine: 1, getter }), { fine: 1, getter: CUT }, 'the object with the getter, not its parent');
  assert.is(safe(toJSON), CUT);
  assert.is(safe(proxy), CUT);
  assert.is(safe(revoked), CUT);
  assert.equal(safe({ toJSON: () => ({ fine: true }) }), { fine: true });
  const selfJSON: any = { toJSON: () => selfJSON };
  assert.is(safe(selfJSON), CUT);
  // as the message too
  assert.is(typeof messageText(proxy), 'string');
  assert.is(typeof messageText(revoked), 'string');
  assert.not.throws(() => entryOf(proxy, proxy, revoked, getter, toJSON));
});

test('keys that look like prototype members stay plain keys, or are left out', () => {
  const o = JSON.parse('{"__proto__": {"x": 1}, "constructor": "c", "toString": "t"}');
  const copy = toSafe(o) as any;
  assert.equal(JSON.parse(JSON.stringify(copy)), { constructor: 'c', toString: 't' }, 'a "__proto__" key is left out');
  assert.is(({} as any).x, undefined, 'and pollutes nothing');
});

test('huge strings, arrays and objects are bounded', () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  const s = safe(big) as string;
  assert.ok(s.length < 9000);
  assert.ok(s.endsWith(CUT));
  const arr = safe(Array.from({ length: 10_000 }, (_, i) => i)) as unknown[];
  assert.is(arr.length, 100);
  assert.is(arr[99], 99);
  const wide = safe(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])));
  assert.is(Object.keys(wide).length, 100);
  const fan = (d: number): unknown => (d ? Array.from({ length: 100 }, () => fan(d - 1)) : 'leaf');
  const wideAndDeep = fan(2); // ten thousand leaves
  assert.ok(JSON.stringify(toSafe(wideAndDeep)).split('leaf').length < 6000, 'at most 5000 nodes are walked');
  const { bytes } = entryOf(big, big, [big, big], { a: big, b: { c: big } });
  assert.ok(bytes <= MAX_ENTRY_BYTES);
});

test('bounded size: big typed arrays and many big strings come out within the entry limit', () => {
  const big = 'é'.repeat(1_000_000); // 2 MB of UTF-8
  for (const args of [[new Uint8Array(2_000_000)], Array(100).fill(big), Array(20).fill(Array(49).fill(big))]) {
    // How fast is the logger benchmark's business (bench/logger.ts), not a timed assertion here.
    const json = serializeEntry(5, 'heavy', args, 0);
    assert.ok(Buffer.byteLength(json) <= MAX_ENTRY_BYTES);
  }
  assert.equal(safe(new Uint8Array([1, 2, 3])), [1, 2, 3], 'a typed array as its items');
  const strings = safe(Array(10).fill('z'.repeat(8000))) as string[];
  assert.ok(
    strings.slice(0, 4).every((x) => x.length === 8000) && strings.slice(5).every((x) => x === CUT),
    '32 Ki characters of strings a value',
  );
});

test('message: strings as is, an Error gives its message, others their JSON text', () => {
  assert.is(messageText('plain'), 'plain');
  assert.is(messageText(new TypeError('bad thing')), 'bad thing');
  assert.is(messageText(undefined), 'undefined');
  assert.is(messageText(null), 'null');
  assert.is(messageText(42), '42');
  assert.is(messageText({ a: [1] }), '{"a":[1]}');
  const c: any = {};
  c.c = c;
  assert.is(messageText(c), `{"c":"${CUT}"}`);
});

test('redaction: a JWT in the message, in additional (values and keys), in an error stack, in a URL', () => {
  const err = new Error(`token ${JWT} rejected`);
  const { json, entry } = entryOf(
    `Bearer ${JWT}`,
    { token: JWT, [JWT]: 'as key', nested: [{ deep: `x ${JWT}` }] },
    err,
    `https://h/api?access_token=${JWT}&x=1`,
  );
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
  const longMsg = `${'x'.repeat(MAX_ENTRY_BYTES - 20)} ${JWT}`;
  const { json } = entryOf(longMsg);
  assert.not.ok(json.includes('eyJ'), 'the half-token at the cut is gone');
  const inArg = `${'y'.repeat(8150)} ${JWT}`; // the 8 KiB string bound cuts the token after its first dot
  assert.not.ok(entryOf('m', inArg).json.includes('eyJ'));
  assert.is(
    toSafe(`a ${JWT} ${'x'.repeat(9000)}`),
    `a [redacted] ${'x'.repeat(8192 - 3 - JWT.length)}${CUT}`,
    'cut (at 8 Ki characters), then redacted',
  );
  // the cut leaves the header, its dot and 5 characters of the payload: still a token's start
  assert.is(toSafe(`a ${'y'.repeat(8147)} ${JWT}`), `a ${'y'.repeat(8147)} [redacted]${CUT}`, 'a token the cut split goes too');
  assert.is(redact(`a.${JWT}`), '[redacted]', 'the whole run of token characters goes');
  assert.is(redact(`1.2.3 ${JWT}\\n${JWT}`), '1.2.3 [redacted]\\[redacted]', 'an escape before a token does not hide it');
  assert.is(redact(`%22${JWT}%22`), '%[redacted]%22', 'nor does URL encoding');
});

// Inputs that make a backtracking pattern take hours: finishing at all is the check (their speed
// is the logger benchmark's business, not a timed assertion here).
test('redaction stays linear on adversarial input', () => {
  const noDot = 'eyJ'.repeat(200_000);
  assert.is(redact(noDot), noDot, 'no dot after eyJ: not a token');
  assert.is(redact('.eyJ'.repeat(200_000)), '[redacted]', 'one run of dots and eyJ: one token');
  assert.not.match(redact(`eyJa.${'b'.repeat(50)}`.repeat(20_000)), 'eyJ');
  assert.ok(entryOf('.eyJ'.repeat(20_000), '.eyJ'.repeat(20_000)).bytes <= MAX_ENTRY_BYTES);
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
    for (const n of [40_000, 16_000, 9_000]) {
      const { bytes, entry } = entryOf(ch.repeat(n), ch.repeat(n));
      assert.ok(bytes <= MAX_ENTRY_BYTES, ch + n);
      assert.ok(entry.message.endsWith(CUT) || entry.additional.at(-1) === CUT, ch + n);
    }
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
    fc.property(
      fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true,
        withNullPrototype: true,
        withObjectString: true,
        withBoxedValues: true,
      }),
      fc.anything(),
      (message, extra) => {
        const json = serializeEntry(5, message, [extra, message], 0);
        const parsed = JSON.parse(json);
        return Buffer.byteLength(json) <= MAX_ENTRY_BYTES && typeof parsed.message === 'string' && parsed.additional.length === 2;
      },
    ),
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
    fc.property(withToken, withToken, (m, a) => !serializeEntry(5, m, [a], 0).includes('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9')),
    { numRuns: 300 },
  );
});

test('contextJson: safe and scrubbed; none for what is not a plain object; a marker over 4 KiB', () => {
  const tail = contextJson({ a: 1, token: 't', when: new Date(0) }, null);
  assert.is(tail, ',"context":{"a":1,"token":"[redacted]","when":"1970-01-01T00:00:00.000Z"}');
  for (const none of [null, undefined, 'text', [1, 2], 5]) assert.is(contextJson(none, null), '', String(none));
  assert.is(contextJson({ big: 'é'.repeat(2100) }, null), CONTEXT_CUT, '4,200 bytes');
  assert.is(CONTEXT_CUT, `,"context":{"${CUT}":true}`);
  const kept = contextJson({ big: 'é'.repeat(2000) }, null);
  assert.is(JSON.parse(`{"x":0${kept}}`).context.big.length, 2000, '4,000 bytes: kept');
  const entry = entryJson(safeEntry(5, 'm', [], isoTime(0), null), kept, 0);
  assert.is(entryBytes(entry), Buffer.byteLength(entry.json));
  assert.is(JSON.parse(entry.json).context.big.length, 2000, 'the context last in the entry');
});

test('isEntry: the four fields of the right kind, context a plain object if any', () => {
  const entry = { level: 5, message: 'm', additional: [], timestamp: 't' };
  assert.ok(isEntry(entry));
  assert.ok(isEntry({ ...entry, context: { a: 1 } }));
  for (const bad of [
    null,
    [],
    'x',
    { ...entry, level: 7 },
    { ...entry, level: 1.5 },
    { ...entry, level: '5' },
    { ...entry, message: 1 },
    { ...entry, additional: {} },
    { ...entry, timestamp: 0 },
    { ...entry, context: [] },
  ]) {
    assert.not.ok(isEntry(bad), JSON.stringify(bad));
  }
});

test('a timestamp is bounded whoever made it (beforeSend, a stored entry): at most 64 characters', () => {
  const entry = safeEntry(5, 'm', [], 'x'.repeat(40_000), null);
  assert.is(entry.timestamp, 'x'.repeat(64));
  assert.ok(entryBytes(entryJson(entry, '', 0)) <= MAX_ENTRY_BYTES);
});

test('a logged time is checked as isoTime would format it, without formatting it', () => {
  for (const ms of [0, -1, 1.5, 8.64e15, -8.64e15, Date.UTC(2025, 0, 2)]) {
    assert.is(loggedTime(ms), ms);
    assert.ok(isoTime(ms));
  }
  for (const ms of [Number.NaN, Infinity, -Infinity, 8.64e15 + 1, -8.64e15 - 1]) {
    assert.throws(() => loggedTime(ms), RangeError, String(ms));
    assert.throws(() => isoTime(ms), RangeError, String(ms));
  }
});

test.run();

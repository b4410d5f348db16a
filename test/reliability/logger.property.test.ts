// Hostile log arguments, through the public logger API: nested values of every kind, cycles,
// throwing getters and toJSON, Proxies (throwing, revoked, endless), symbols, BigInt, 2 MB strings,
// typed arrays, DOM objects. Expected: no exception into the page, one well-formed entry per call
// at or above serverLogLevel, every entry and body within its bound. (How long a heavy call takes is
// the benchmark's business: bench/logger.ts. Tests assert no timings.)
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LogLevel } from '../../src/product/constants';
import { harness } from '../fakes/logger';
import { guarded, holds, input, printAtExit, tally } from './figures';

printAtExit('unit');

const MAX_ENTRY_BYTES = 32 * 1024;
const MAX_BATCH_BYTES = 16 * 1024;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const TWO_MB = 'é'.repeat(1_000_000); // 2 MB of UTF-8
const boom = () => {
  throw new Error('hostile');
};

/** Values built fresh for each run (some are stateful: revoked proxies, cycles, counters). */
const hostileFactories: (() => unknown)[] = [
  () => {
    const o: any = { a: 1, list: [] };
    o.self = o;
    o.list.push(o, [o]);
    return o;
  },
  () => {
    const a: any[] = [1];
    a.push(a);
    return a;
  },
  () => Object.defineProperty({ visible: 1 }, 'trap', { get: boom, enumerable: true }),
  () => ({ toJSON: boom }),
  () => Object.defineProperty({}, 'toJSON', { get: boom }),
  () => {
    const mk = (): unknown => ({ toJSON: mk });
    return mk();
  },
  () => ({
    toJSON() {
      return { again: this };
    },
  }),
  () => new Proxy({}, { get: boom, has: boom, ownKeys: boom, getPrototypeOf: boom, getOwnPropertyDescriptor: boom }),
  () => {
    const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
    revoke();
    return proxy;
  },
  () => {
    // A proxy that makes a new proxy at every step: endless depth, endless keys.
    const endless = (): unknown =>
      new Proxy(
        {},
        {
          get: () => endless(),
          ownKeys: () => Array.from({ length: 50 }, (_, i) => `k${i}`),
          getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: 1 }),
        },
      );
    return endless();
  },
  () => Symbol('sym'),
  () => 2n ** 200n,
  () => [NaN, Infinity, -Infinity, -0, undefined, null],
  () => function named() {},
  () => Object.assign(() => 1, { prop: 'on a function' }),
  () => TWO_MB,
  () => ({ [TWO_MB.slice(0, 100_000)]: 'a 200 KB key' }),
  () => Array.from({ length: 5 }, () => TWO_MB),
  () => '\ud800 lone surrogates \udfff',
  () => new Error('plain', { cause: new Error('inner', { cause: 'root' }) }),
  () => Object.defineProperty(new Error('stack getter'), 'stack', { get: boom }),
  () => Object.defineProperty(new Error('x'), 'message', { get: boom }),
  () => new AggregateError([new Error('a'), new TypeError('b')], 'many'),
  () => new DOMException('dom', 'AbortError'),
  () => ({ [Symbol.toPrimitive]: boom, toString: boom, valueOf: boom }),
  () => new Date(NaN),
  () => new Map([[{}, new Set([1])]]),
  () => new Uint8Array(64),
  () => new ArrayBuffer(16),
  () => Promise.resolve(1),
  () => new WeakMap(),
  () => /re(g)ex/giu,
  () => Object.create(null),
  () => ({ __proto__: { inherited: 1 }, own: 2 }),
  () => ({ constructor: boom, hasOwnProperty: 1, __proto__: null }),
  () => {
    const deep: any = {};
    let at = deep;
    for (let i = 0; i < 10_000; i++) at = at.next = {};
    return deep;
  },
  () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 20_000; i++) wide[`key${i}`] = i;
    return wide;
  },
  () => document.body,
  () => window,
  () =>
    (function () {
      // biome-ignore lint/complexity/noArguments: an arguments object is one of the odd values a page may log
      return arguments;
    })(),
];

/**
 * Recipes rather than values: fast-check prints and replays counterexamples, and a revoked Proxy
 * cannot even be printed. A recipe names a hostile factory, holds a plain random value, or nests.
 */
type Recipe = { h: number } | { v: unknown } | { a: Recipe[] } | { o: [string, Recipe][] };

const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ node: Recipe }>((tie) => ({
  node: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: hostileFactories.length - 1 }).map((h) => ({ h })), weight: 3 },
    {
      arbitrary: fc
        .anything({
          maxDepth: 4,
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
          withUnicodeString: true,
        })
        .map((v) => ({ v })),
      weight: 2,
    },
    { arbitrary: fc.array(tie('node'), { maxLength: 4 }).map((a) => ({ a })), weight: 1 },
    { arbitrary: fc.array(fc.tuple(fc.string(), tie('node')), { maxLength: 4 }).map((o) => ({ o })), weight: 1 },
  ),
})).node;

/** The value a recipe stands for, made fresh (cycles, proxies and counters are per run). */
const build = (r: Recipe): unknown =>
  'h' in r
    ? hostileFactories[r.h]!()
    : 'v' in r
      ? r.v
      : 'a' in r
        ? r.a.map(build)
        : Object.fromEntries(r.o.map(([k, x]) => [k, build(x)]));

/** The logger's own console reports ('emweb.logger: …'), as text, whatever their arguments. */
const ownReports = (h: ReturnType<typeof harness>) =>
  h.consoleCalls
    .filter((c) => c.args[0] === 'emweb.logger:')
    .map((c) => c.args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a)).join(' '));

const LEVELS = ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const;

function checkEntry(e: any): void {
  assert.ok(Number.isInteger(e.level) && e.level >= 0 && e.level <= 6, `level ${e.level}`);
  assert.type(e.message, 'string');
  assert.ok(Array.isArray(e.additional), 'additional is an array');
  assert.ok(
    !Number.isNaN(Date.parse(e.timestamp)) && new Date(e.timestamp).toISOString() === e.timestamp,
    `ISO timestamp ${e.timestamp}`,
  );
  assert.equal(Object.keys(e).sort(), ['additional', 'level', 'message', 'timestamp']);
  assert.ok(bytes(JSON.stringify(e)) <= MAX_ENTRY_BYTES, `entry within 32 KiB: ${bytes(JSON.stringify(e))}`);
}

test('hostile arguments to every method, console on: no exception, one bounded well-formed entry per call at or above serverLogLevel', () =>
  holds(
    'hostile log arguments',
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom(...LEVELS), recipe, fc.array(recipe, { maxLength: 5 })), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 7 }),
      fc.integer({ min: 1, max: 20 }),
      async (calls, serverLogLevel, batchSize) => {
        const unhandled: unknown[] = [];
        const onUnhandled = (r: unknown) => void unhandled.push(r);
        process.on('unhandledRejection', onUnhandled);
        try {
          const h = harness({ production: false });
          h.begin({ serverLogLevel: serverLogLevel as LogLevel, level: 0, batchSize });
          let expected = 0;
          input(
            'hostile log values',
            calls.reduce((n, [, , a]) => n + 1 + a.length, 0),
          );
          for (const [method, message, additional] of calls) {
            h.logger[method](build(message), ...additional.map(build));
            if (LEVELS.indexOf(method) >= serverLogLevel && serverLogLevel < 7) expected++;
          }
          await h.clock.tickAsync(60_000);
          await h.logger.flush();
          const entries = h.received();
          tally({ logged: expected, delivered: entries.length, lost: Math.max(0, expected - entries.length) });
          assert.is(entries.length, expected, 'one entry per call at or above serverLogLevel');
          entries.forEach(checkEntry);
          for (const c of h.calls) {
            const n = Array.isArray(c.body) ? c.body.length : 1;
            assert.ok(n <= batchSize, 'within batchSize');
            assert.ok(bytes(c.text) <= MAX_BATCH_BYTES + MAX_ENTRY_BYTES + 2, `body bounded: ${bytes(c.text)}`);
          }
          assert.equal(
            ownReports(h).filter((r) => /Error/.test(r)),
            [],
            'no exception inside the logger',
          );
          assert.ok(h.balanced(), 'the ledger balances');
          assert.equal(unhandled, []);
        } finally {
          process.off('unhandledRejection', onUnhandled);
        }
      },
    ),
    120,
  ));

test('hostile configuration through updateConfig: never throws, the config stays within bounds, logging goes on', () =>
  holds(
    'hostile updateConfig',
    fc.asyncProperty(
      fc.oneof(
        recipe,
        fc
          .array(
            fc.tuple(
              fc.constantFrom(
                'level',
                'serverLogLevel',
                'batchSize',
                'flushIntervalMs',
                'maxQueueSize',
                'maxEntriesPerMinute',
                'groupRepeatsAfter',
                'withCredentials',
                'disableConsoleLogging',
              ),
              recipe,
            ),
          )
          .map((o): Recipe => ({ o })),
      ),
      async (partial) => {
        const h = harness();
        h.begin();
        h.logger.updateConfig(build(partial) as any);
        const c = h.logger.getConfig();
        assert.ok(
          c.batchSize >= 1 &&
            c.maxQueueSize >= 0 &&
            c.level >= 0 &&
            c.level <= 7 &&
            c.serverLogLevel >= 0 &&
            c.serverLogLevel <= 7 &&
            Number.isInteger(c.groupRepeatsAfter) &&
            c.groupRepeatsAfter >= 0,
        );
        h.logger.fatal('still logging');
        await h.clock.tickAsync(600_000);
        if (c.serverLogLevel <= 6 && c.maxEntriesPerMinute > 0 && c.maxQueueSize > 0)
          assert.ok(h.received().some((e) => e.message === 'still logging'));
      },
    ),
    200,
  ));

/** Arguments that cost a naive serializer seconds (and memory): each must still give one bounded entry. */
const heavy: [string, () => unknown[]][] = [
  ['100 arguments, each the same 2 MB string', () => Array.from({ length: 100 }, () => TWO_MB)],
  [
    '20 arrays of 49 references to one 2 MB string',
    () => Array.from({ length: 20 }, () => Array.from({ length: 49 }, () => TWO_MB)),
  ],
  ['a 2 MB Uint8Array (a file read into memory)', () => [new Uint8Array(2_000_000)]],
  ['a 2 MB message and a 2 MB argument', () => [TWO_MB, TWO_MB]],
  ['an object of 20,000 keys', () => [hostileFactories[hostileFactories.length - 5]!()]],
  ['a chain 10,000 deep', () => [hostileFactories[hostileFactories.length - 6]!()]],
];

for (const [name, args] of heavy) {
  test(`heavy arguments: logger.error(${name}) gives one entry within its bound`, () =>
    guarded('heavy arguments', async () => {
      const h = harness();
      h.begin();
      h.logger.error('heavy', ...args());
      await h.logger.flush();
      assert.is(h.received().length, 1);
      checkEntry(h.received()[0]);
    }));
}

test.run();

// Hostile storage: whatever a host page, an older client or a sandbox leaves in (or does to)
// localStorage and sessionStorage. Random strings as stored authType, jwt, devToken, logger
// settings and pending entries; Storage objects that throw at random.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck } from '../../src/api/info';
import { CLAIM_NAMES, readClaims } from '../../src/auth/claims';
import { createAuthTypeResolver, rememberedAuthType } from '../../src/auth/probe';
import { authHeaders } from '../../src/auth/token';
import { safeStorage } from '../../src/browser/storage';
import { runStartup } from '../../src/client/startup';
import { LogLevel } from '../../src/product/constants';
import type { StartupUpdate } from '../../src/state/clientState';
import { makeJwt } from '../../src/testing';
import { memoryStorage } from '../fakes';
import { jsonValue, noUnhandled, refusedByFetch, reply, same, startupServer, storedString } from '../fakes/arbitraries';
import { harness } from '../fakes/logger';
import { fault, holds, printAtExit } from './figures';

printAtExit('unit');

const ORIGIN = 'https://emweb.test';
const MODES = ['oracle', 'secgw', 'token'];

test('stored authType: one of the three is used as is (no request); anything else is removed and the probe decides', () =>
  holds(
    'stored authType',
    fc.asyncProperty(fc.oneof(fc.constantFrom(...MODES), storedString), reply, async (stored, web) => {
      const local = memoryStorage();
      local.set('authType', stored);
      const server = startupServer(() => web);
      const resolve = createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: 15 });
      // As start-up asks: the remembered authType, else the probe.
      const remembered = rememberedAuthType(local);
      const { value: got } = await noUnhandled(() =>
        (remembered ? Promise.resolve(remembered) : resolve()).then(
          (r) => r.authType,
          () => 'rejected',
        ),
      );
      if (MODES.includes(stored)) {
        assert.is(got, stored);
        assert.is(server.requests.length, 0, 'no probe');
      } else {
        assert.ok(server.requests.length >= 1, 'probed');
        assert.is(local.get('authType'), got === 'rejected' ? null : got, "the bad value is gone; the probe's result stored");
      }
    }),
    400,
  ));

/** A JWT-shaped string around any payload text, or around raw bytes that are not UTF-8. */
const jwtShaped = fc.oneof(
  fc.tuple(jsonValue, fc.oneof(fc.constant(undefined), fc.double(), fc.integer(), fc.string())).map(([payload, exp]) => {
    const p =
      typeof payload === 'object' && payload !== null && !Array.isArray(payload) && exp !== undefined
        ? { ...payload, exp }
        : payload;
    return { jwt: makeJwt(JSON.stringify(p) ?? ''), payload: p };
  }),
  fc
    .uint8Array({ maxLength: 60 })
    .map((bytes) => ({ jwt: `eyJ.${Buffer.from(bytes).toString('base64url')}.x`, payload: undefined })),
  storedString.map((jwt) => ({ jwt, payload: undefined })),
);

test('stored jwt: readClaims never throws; the five claims of an unexpired JSON-object payload, else null', () =>
  holds(
    'stored jwt',
    fc.property(jwtShaped, fc.integer({ min: 0, max: 4_102_444_800_000 }), ({ jwt, payload }, now) => {
      const claims = readClaims(jwt, now);
      if (claims === null) return;
      assert.ok(typeof claims === 'object');
      for (const k of Object.keys(claims)) assert.ok((CLAIM_NAMES as readonly string[]).includes(k), `only claim names: ${k}`);
      if (payload !== undefined) {
        const p = payload as Record<string, unknown>;
        assert.ok(typeof p === 'object' && p !== null && !Array.isArray(p), 'an object payload');
        assert.ok(p.exp === undefined || (typeof p.exp === 'number' && p.exp * 1000 > now), 'not expired');
        for (const k of CLAIM_NAMES) if (Object.hasOwn(p, k)) same(claims[k], p[k]);
      }
    }),
    500,
  ));

test('stored devToken and jwt: the Authorization header only in token mode, the devToken first; start-up in token mode never fails on a hostile token', () =>
  holds(
    'stored tokens',
    fc.asyncProperty(
      fc.option(storedString, { nil: undefined }),
      fc.option(storedString, { nil: undefined }),
      async (devToken, jwt) => {
        const local = memoryStorage();
        if (devToken !== undefined) local.set('devToken', devToken);
        if (jwt !== undefined) local.set('jwt', jwt);
        const token = devToken || jwt;
        for (const mode of ['oracle', 'secgw'] as const) assert.equal(authHeaders(mode, local), {});
        assert.equal(authHeaders('token', local), token ? { Authorization: `Bearer ${token}` } : {});
        local.set('authType', 'token');
        const refused = refusedByFetch(authHeaders('token', local));
        if (refused) fault('header refused by fetch (hostile stored token)');
        const server = startupServer((path) =>
          path.endsWith('ClientConfiguration')
            ? { status: 200, body: '{"displayName":"D"}' }
            : path.endsWith('version')
              ? { status: 200, body: '{"message":"v"}' }
              : { status: 200, body: '' },
        );
        const log = { trace() {}, error() {} };
        const r: StartupUpdate = {};
        const { unhandled } = await noUnhandled(() =>
          runStartup(
            {
              fetch: server.fetch,
              local: local,
              origin: ORIGIN,
              production: true,
              timeoutMs: 15,
              log: log,
              now: () => 0,
              cloudCheck: createCloudCheck(),
              resolveAuthType: createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: 15 }),
            },
            { onUpdate: (update) => Object.assign(r, update), onCallsDone: () => {}, onSignInRequired: () => {} },
          ),
        );
        assert.equal(unhandled, []);
        assert.is(r.authType, 'token');
        assert.equal([r.config, r.version, r.isCloud], refused ? [false, '', false] : [{ displayName: 'D' }, 'v', true]);
        assert.ok(server.requests.every((r) => r.origin === ORIGIN && r.path.startsWith('/api/')));
      },
    ),
    400,
  ));

/** A Storage whose every member may throw, decided per call by the generated script. */
function flakyStorage(script: boolean[]) {
  let i = 0;
  const maybe = () => {
    if (script[i++ % script.length]) {
      fault('storage threw');
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
  };
  const map = new Map<string, string>();
  return {
    getItem(k: string) {
      maybe();
      return map.get(k) ?? null;
    },
    setItem(k: string, v: string) {
      maybe();
      map.set(k, String(v));
    },
    removeItem(k: string) {
      maybe();
      map.delete(k);
    },
    key(n: number) {
      maybe();
      return [...map.keys()][n] ?? null;
    },
    get length() {
      maybe();
      return map.size;
    },
  } as unknown as Storage;
}

test('storage that throws at random (quota, sandbox): safeStorage never throws and reads are a string or null', () =>
  holds(
    'throwing storage operations',
    fc.property(
      fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      fc.array(fc.tuple(fc.constantFrom('get', 'set', 'remove'), storedString, storedString), { maxLength: 20 }),
      fc.boolean(),
      (script, ops, reachable) => {
        const area = flakyStorage(script);
        const s = safeStorage(() => {
          if (!reachable) {
            fault('storage unreachable');
            throw new DOMException('denied', 'SecurityError');
          }
          return area;
        });
        for (const [op, k, v] of ops) {
          if (op === 'get') assert.ok(['string', 'object'].includes(typeof s.get(k)));
          else if (op === 'set') assert.type(s.set(k, v), 'boolean');
          else assert.is(s.remove(k), undefined);
        }
      },
    ),
    300,
  ));

test('stored logger settings (sessionStorage emweb.logger.*): any string leaves a config within bounds', () =>
  holds(
    'stored logger settings',
    fc.property(
      fc.dictionary(
        fc.constantFrom(
          'level',
          'serverLogLevel',
          'disableConsoleLogging',
          'batchSize',
          'flushIntervalMs',
          'withCredentials',
          'maxQueueSize',
          'maxEntriesPerMinute',
          'groupRepeatsAfter',
          '__proto__',
          'x',
        ),
        fc.oneof(
          storedString,
          jsonValue.map((v) => JSON.stringify(v) ?? ''),
          fc.constantFrom('-1', '8', '0', '1e9', '2147483648', '1.5', 'NaN', 'true', '7'),
        ),
      ),
      (settings) => {
        const session = memoryStorage();
        for (const [k, v] of Object.entries(settings)) session.set(`emweb.logger.${k}`, v);
        const h = harness({ session });
        h.begin();
        const c = h.logger.getConfig();
        for (const k of ['level', 'serverLogLevel'] as const)
          assert.ok(Number.isInteger(c[k]) && c[k] >= 0 && c[k] <= 7, `${k} ${c[k]}`);
        // A batch of 0 would be an empty request; the other counts may be 0 (maxQueueSize 0: keep nothing, count it).
        assert.ok(Number.isInteger(c.batchSize) && c.batchSize >= 1 && c.batchSize < 2 ** 31, `batchSize ${c.batchSize}`);
        for (const k of ['maxQueueSize', 'flushIntervalMs', 'maxEntriesPerMinute', 'groupRepeatsAfter'] as const)
          assert.ok(Number.isInteger(c[k]) && c[k] >= 0 && c[k] < 2 ** 31, `${k} ${c[k]}`);
        for (const k of ['disableConsoleLogging', 'withCredentials'] as const) assert.type(c[k], 'boolean');
        assert.equal(Object.keys(c).sort(), [
          'batchSize',
          'disableConsoleLogging',
          'flushIntervalMs',
          'groupRepeatsAfter',
          'level',
          'maxEntriesPerMinute',
          'maxQueueSize',
          'serverLogLevel',
          'withCredentials',
        ]);
      },
    ),
    300,
  ));

const entryLike = fc.record(
  { level: jsonValue, message: fc.oneof(fc.string(), jsonValue), additional: jsonValue, timestamp: jsonValue },
  { requiredKeys: [] },
);
const wellFormed = fc.record({
  level: fc.integer({ min: LogLevel.TRACE, max: LogLevel.FATAL }),
  message: fc.string(),
  additional: fc.array(jsonValue, { maxLength: 3 }),
  timestamp: fc.string(),
});
const batchLike = fc.record(
  {
    key: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), storedString, jsonValue),
    reported: fc.oneof(fc.constant(null), jsonValue),
    body: fc.oneof(wellFormed, fc.array(fc.oneof(wellFormed, entryLike, jsonValue), { maxLength: 4 }), jsonValue),
  },
  { requiredKeys: [] },
);

test('stored batches (localStorage emweb.logger.pending.*), any content: the next start never throws, takes the keys, sends only well-formed entries, each batch once', () =>
  holds(
    'stored pending batches',
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          storedString,
          jsonValue.map((v) => JSON.stringify(v) ?? ''),
          fc
            .record(
              { since: jsonValue, dropped: jsonValue, batches: fc.array(batchLike, { maxLength: 4 }) },
              { requiredKeys: [] },
            )
            .map((p) => JSON.stringify(p)),
        ),
        { maxLength: 4 },
      ),
      async (raws) => {
        const local = memoryStorage();
        for (const [i, raw] of raws.entries()) local.set(`emweb.logger.pending.page${i}`, raw);
        const h = harness({ local });
        h.begin({ flushIntervalMs: 1000 });
        await h.clock.tickAsync(5000);
        assert.equal(local.keys(), [], 'taken');
        const first = h.received();
        for (const e of first) assert.ok(typeof e.message === 'string' && Number.isInteger(e.level), JSON.stringify(e));
        assert.ok(h.balanced());
        await h.clock.tickAsync(60_000);
        h.pagehide();
        await h.settle();
        assert.is(h.received().length, first.length, 'sent once');
        assert.is(new Set(h.calls.map((c) => c.key)).size, h.calls.length, 'one request a batch');
      },
    ),
    300,
  ));

test.run();

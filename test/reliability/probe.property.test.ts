// Hostile server answers to start-up: every probe status 100–599 crossed with bodies of every kind
// (JSON of each type, HTML, binary, empty, truncated, 2 MB), transport failures and hangs. What a
// caller sees is checked against the contract's table, written out again here as the model.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCloudCheck } from '../../src/api/info';
import type { AuthType } from '../../src/auth/authType';
import { createAuthTypeResolver } from '../../src/auth/probe';
import { memoryStorage, startupFacts } from '../fakes';
import { noUnhandled, parsedBody, type Reply, reply, same, startupServer } from '../fakes/arbitraries';
import { holds, printAtExit } from './figures';

printAtExit('unit');

const ORIGIN = 'https://emweb.test';
const WEB = '/api/web/ClientConfiguration';
const DEV = '/api/ClientConfiguration';
const TIMEOUT_MS = 5;

/** The status a caller can see: transport failures, hangs and broken bodies are all status 0. */
const seen = (r: Reply): number => (typeof r === 'string' ? 0 : r.status);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPlainObject = (v: unknown): v is Record<string, unknown> => isObject(v) && !Array.isArray(v);

/** The contract's probe table, as a model. */
function model(web: Reply, dev: Reply): { authType: AuthType } | { error: string } {
  const s = seen(web);
  if (s === 200) return { authType: parsedBody(web).ok ? 'secgw' : 'oracle' };
  if (s === 401) return { authType: 'secgw' };
  if (s === 404) {
    const { ok, value } = parsedBody(dev);
    return {
      authType:
        seen(dev) === 200 && ok && isObject(value) && Object.hasOwn(value, 'authType') && value.authType === 'token'
          ? 'token'
          : 'oracle',
    };
  }
  return { error: `unhandled error case in getAuthTypeAsync status ${s}` };
}

const outcome = (p: Promise<{ authType: AuthType }>) =>
  p.then(
    (r) => ({ authType: r.authType }),
    (e: unknown) => ({ error: e instanceof Error ? e.message : `not an Error: ${String(e)}` }),
  );

test("probe: any status 100–599 × any body (and no answer): the contract's mode, or its exact rejection; stored only on success", () =>
  holds(
    'probe answers',
    fc.asyncProperty(reply, reply, async (web, dev) => {
      const local = memoryStorage();
      const server = startupServer((path) => (path === WEB ? web : path === DEV ? dev : { status: 404, body: '' }));
      const resolve = createAuthTypeResolver({ fetch: server.fetch, local: local, origin: ORIGIN, timeoutMs: TIMEOUT_MS });
      const { value: got, unhandled } = await noUnhandled(() => outcome(resolve()));
      const want = model(web, dev);
      same(got, want);
      assert.equal(unhandled, []);
      assert.is(local.get('authType'), 'authType' in want ? want.authType : null, 'stored on success only');
      const urls = server.requests.map((r) => r.origin + r.path);
      assert.equal(urls, seen(web) === 404 ? [ORIGIN + WEB, ORIGIN + DEV] : [ORIGIN + WEB]);
      for (const r of server.requests) {
        assert.is(r.credentials, 'include');
        assert.is(r.headers.authorization, undefined, 'the probe carries no token');
      }
    }),
    500,
  ));

test('probe: concurrent callers share one probe and see the same outcome', () =>
  holds(
    'concurrent probes',
    fc.asyncProperty(reply, reply, fc.integer({ min: 2, max: 6 }), async (web, dev, callers) => {
      const server = startupServer((path) => (path === WEB ? web : dev));
      const resolve = createAuthTypeResolver({
        fetch: server.fetch,
        local: memoryStorage(),
        origin: ORIGIN,
        timeoutMs: TIMEOUT_MS,
      });
      const { value: all } = await noUnhandled(() => Promise.all(Array.from({ length: callers }, () => outcome(resolve()))));
      for (const got of all) same(got, model(web, dev));
      assert.is(server.requests.filter((r) => r.path === WEB).length, 1);
    }),
    150,
  ));

const PATHS = [
  WEB,
  DEV,
  '/api/web/info/version',
  '/api/info/version',
  '/api/web/info/cloudinstance',
  '/api/info/cloudinstance',
] as const;

test("whole start-up under random answers on every path: the contract's result or the probe's exact rejection, nothing asked twice, nothing echoed into the log", () =>
  holds(
    'start-up answers',
    fc.asyncProperty(fc.tuple(reply, reply, reply, reply, reply, reply), fc.boolean(), async (replies, production) => {
      const table = new Map<string, Reply>(PATHS.map((p, i) => [p, replies[i]!]));
      const server = startupServer((path) => table.get(path) ?? { status: 404, body: '' });
      const logged: unknown[][] = [];
      const log = { trace: (...a: unknown[]) => void logged.push(a), error: (...a: unknown[]) => void logged.push(a) };
      const local = memoryStorage();
      const { value: got, unhandled } = await noUnhandled(() =>
        startupFacts({
          fetch: server.fetch,
          local: local,
          origin: ORIGIN,
          production: production,
          timeoutMs: TIMEOUT_MS,
          log: log,
          now: Date.now,
          cloudCheck: createCloudCheck(),
          resolveAuthType: createAuthTypeResolver({
            fetch: server.fetch,
            local: local,
            origin: ORIGIN,
            timeoutMs: TIMEOUT_MS,
          }),
        }).then(
          (r) => r,
          (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
        ),
      );
      assert.equal(unhandled, []);
      const mode = model(table.get(WEB)!, table.get(DEV)!);
      if ('error' in mode) {
        same(got, mode);
      } else {
        const base = production && mode.authType === 'secgw' ? '/api/web/' : '/api/';
        const at = (call: string) => table.get(base + call)!;
        const cfg = parsedBody(at('ClientConfiguration'));
        const cfgOk =
          seen(at('ClientConfiguration')) >= 200 && seen(at('ClientConfiguration')) < 300 && cfg.ok && isPlainObject(cfg.value);
        const ver = parsedBody(at('info/version'));
        const verStatus = seen(at('info/version'));
        const message =
          verStatus >= 200 && verStatus < 300 && ver.ok && isObject(ver.value) && Object.hasOwn(ver.value, 'message')
            ? ver.value.message
            : undefined;
        same(got, {
          authType: mode.authType,
          apiBase: base,
          config: cfgOk ? cfg.value : false,
          version: typeof message === 'string' ? message : '',
          // Only the status matters to the cloud check: its body is never read, so a broken one changes nothing.
          isCloud: at('info/cloudinstance') === 'broken-body' || seen(at('info/cloudinstance')) === 200,
          claims: null,
          signInRequired: mode.authType === 'secgw' && seen(at('ClientConfiguration')) === 401,
        });
      }
      const urls = server.requests.map((r) => r.origin + r.path + r.query);
      assert.equal(urls.length, new Set(urls).size, `no URL asked twice: ${urls}`);
      assert.ok(
        urls.every((u) => u.startsWith(`${ORIGIN}/api/`)),
        'every call to the configured origin',
      );
      // What the client logs about a failed call is its own words, never the server's body.
      for (const args of logged)
        for (const a of args) assert.ok(typeof a !== 'string' || a.length < 200, `bounded log text: ${String(a).slice(0, 80)}…`);
    }),
    300,
  ));

test.run();

// Nothing leaked: no JWT and no development token in any log body (POST, keepalive, beacon, or
// the entries kept in localStorage for the next page), credentials only to the configured origin,
// and a sign-in redirect whose returnUrl stays on the page's own origin.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeReturnUrl } from '../../demo/server.mjs';
import { bootstrap } from '../../src/client/bootstrap';
import type { Client } from '../../src/types/client';
import { memoryStorage } from '../fakes';
import { settle, storedString } from '../fakes/arbitraries';
import { harness } from '../fakes/logger';
import { fault, holds, input, printAtExit } from './figures';

printAtExit('unit');

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** A realistic JWT: a JSON header starting `eyJ`, a payload of random claims, a random signature. */
const jwt = fc
  .tuple(
    fc.record({
      sub: fc.string({ minLength: 1 }),
      userId: fc.oneof(fc.integer(), fc.string()),
      sid: fc.uuid(),
      exp: fc.integer({ min: 0 }),
    }),
    fc.uint8Array({ minLength: 16, maxLength: 64 }),
  )
  .map(([claims, sig]) => {
    const payload = b64url(JSON.stringify(claims));
    const signature = Buffer.from(sig).toString('base64url');
    return { token: `${b64url('{"alg":"HS256","typ":"JWT"}')}.${payload}.${signature}`, secrets: [payload, signature] };
  });

/** Ways an application (or the client) might end up logging a token. */
const placements: ((t: string, n: number) => unknown[])[] = [
  (t) => [t],
  (t) => [`request failed for ${t}`],
  (t) => [`Authorization: Bearer ${t}`],
  (t) => ['GET failed', `https://api.example/items?access_token=${t}&page=2`],
  (t) => ['redirect', `https://idp.example/cb#id_token=${t}&state=x`],
  (t) => ['path', `/api/session/${encodeURIComponent(t)}/refresh`],
  (t) => [new Error(`token ${t} was rejected`)],
  (t) => ['wrapped', new Error('outer', { cause: new Error(t) })],
  (t) => [
    'axios-like',
    Object.assign(new Error('Request failed with status code 401'), { config: { headers: { Authorization: `Bearer ${t}` } } }),
  ],
  (t) => ['key', { [t]: true }],
  (t) => ['deep', { a: { b: [{ c: { d: t } }] } }],
  (t) => [JSON.stringify({ token: t, user: 'u' })],
  (t) => ['toJSON', { toJSON: () => ({ jwt: t }) }],
  (t) => ['boxed', new String(t)],
  (t) => ['symbol', Symbol(t)],
  (t) => [Object.assign(new Error('x'), { name: `TokenError ${t}` })],
  (t) => ['long', `${'x'.repeat(8185)} ${t}`],
  (t) => ['glued', 'x'.repeat(8185) + t],
  // Straddling the 8 KiB cut of a string, at every offset into the token.
  (t, n) => ['straddling', 'x'.repeat(Math.max(0, 8192 - (n % (t.length + 1)))) + t],
  (t, n) => ['straddling, nested', { deep: [`${'y'.repeat(Math.max(0, 8192 - (n % (t.length + 1))))} ${t}`] }],
  (t) => ['big', 'y'.repeat(40_000) + t + 'z'.repeat(1000)],
  (t) => [`${'m'.repeat(33_000)} ${t}`],
  (t) => ['in a batch', ...Array.from({ length: 30 }, (_, i) => `${i}: ${t}`)],
];

/** Every byte the logger let out or kept: request bodies, beacon bodies, and localStorage. */
async function everythingOut(h: ReturnType<typeof harness>): Promise<string> {
  const beacons = await h.beaconBodies();
  const stored = h.local.keys().map((k) => h.local.get(k) ?? '');
  return [...h.calls.map((c) => c.text), ...beacons.map((b) => JSON.stringify(b.body)), ...stored].join('\n');
}

test('no JWT ever leaves in a log body (message, additional, keys, error messages, stacks and causes, URLs), sent, beaconed or kept', () =>
  holds(
    'JWT placements',
    fc.asyncProperty(
      jwt,
      fc.integer({ min: 0, max: placements.length - 1 }),
      fc.constantFrom('send', 'exit', 'offline exit', 'captured'),
      fc.nat(400),
      async ({ token, secrets }, which, how, n) => {
        const h = harness({ beacon: true });
        h.begin({ batchSize: 5 }, { captureErrors: true });
        const args = placements[which]!(token, n);
        if (how === 'captured') {
          h.target.dispatchEvent(
            Object.assign(new Event('error'), {
              message: String(args[0]),
              error: args.find((a) => a instanceof Error) ?? new Error(String(args[0])),
            }),
          );
          h.target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: args[args.length - 1] }));
        } else h.logger.error(...(args as [unknown, ...unknown[]]));
        if (how === 'send') await h.clock.tickAsync(20_000);
        else {
          if (how === 'offline exit') h.navigator.onLine = false;
          h.target.dispatchEvent(new Event('pagehide'));
          await h.settle();
        }
        const out = await everythingOut(h);
        assert.ok(out.length > 0, 'something was logged');
        for (const s of secrets) assert.not.ok(out.includes(s), `a part of the JWT left the page (${how}, placement ${which})`);
      },
    ),
    400,
  ));

// ---------------------------------------------------------------------------------------------
// The development token: localStorage.devToken, which need not look like a JWT.

const devToken = fc.stringMatching(/^[A-Za-z0-9_-]{16,48}$/).filter((s) => !s.startsWith('eyJ'));

let run = 0;

/** Boots the whole client in token mode against a backend that fails every call in some way; returns every log body the server got. */
async function bootTokenMode(token: string, failure: 'status' | 'network' | 'hang' | 'garbage'): Promise<string[]> {
  const origin = `https://dev${++run}.emweb.test`;
  const bodies: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    if (path.endsWith('/clientlogger/')) {
      bodies.push(String(init?.body));
      return Promise.resolve({ status: 200, headers: { get: () => null } } as unknown as Response);
    }
    fault(`start-up call: ${failure}`);
    if (failure === 'network') return Promise.reject(new TypeError(`Failed to fetch ${url}`));
    if (failure === 'hang') return new Promise<Response>(() => {});
    return Promise.resolve({
      status: failure === 'status' ? 401 : 200,
      text: async () => `<html>denied for ${token}</html>`,
    } as unknown as Response);
  }) as typeof fetch;
  localStorage.clear();
  localStorage.setItem('devToken', token);
  localStorage.setItem('authType', 'token');
  const el = document.body.appendChild(document.createElement('div'));
  try {
    const client: Client = await bootstrap({
      mount: el,
      origin,
      timeoutMs: 30,
      logger: { serverLogLevel: 0, batchSize: 1, disableConsoleLogging: true },
    });
    await client.logger.flush();
    await client.unmount();
    await settle();
    return bodies;
  } finally {
    el.remove();
    globalThis.fetch = realFetch;
    localStorage.clear();
  }
}

test('the client never logs the development token itself: token mode with every start-up call failing (statuses, network, timeouts, bodies echoing it), TRACE and up sent', () =>
  holds(
    "devToken, client's own logging",
    fc.asyncProperty(devToken, fc.constantFrom('status', 'network', 'hang', 'garbage' as const), async (token, failure) => {
      const bodies = await bootTokenMode(token, failure);
      assert.ok(bodies.length > 0, 'the client logged its failures');
      for (const b of bodies) assert.not.ok(b.includes(token), `devToken in a log body: ${b.slice(0, 200)}`);
    }),
    40,
  ));

test('an application that logs the development token (an Authorization header, a URL, an error message): the token does not leave in a log body', () =>
  holds(
    'devToken, logged by the application',
    fc.asyncProperty(devToken, fc.integer({ min: 0, max: 7 }), async (token, which) => {
      const local = memoryStorage();
      local.set('devToken', token);
      local.set('authType', 'token');
      const h = harness({ local });
      h.begin({ batchSize: 1 });
      const args: unknown[][] = [
        ['request failed', { headers: { Authorization: `Bearer ${token}` } }],
        [`GET /api/items?token=${token} failed`],
        [new Error(`401 with token ${token}`)],
        ['token', token],
        [token],
        ['init', { method: 'GET', headers: new Map([['Authorization', `Bearer ${token}`]]), authorization: `Bearer ${token}` }],
        ['url', `https://app.example/api/x#${token}`],
        ['nested', { a: [{ b: { devToken: token } }] }],
      ];
      h.logger.error(...(args[which] as [unknown, ...unknown[]]));
      await h.clock.tickAsync(20_000);
      const out = h.calls.map((c) => c.text).join('\n');
      assert.ok(out.length > 0);
      assert.not.ok(out.includes(token), `the stored devToken left in a log body (placement ${which})`);
    }),
    100,
  ));

// ---------------------------------------------------------------------------------------------
// Credentials only to the configured origin.

test("every request of start-up and of the logger goes to options.origin, never to the page's own origin", () =>
  holds(
    'origins',
    fc.asyncProperty(
      fc.constantFrom(
        'https://api.example.com',
        'https://api.example.com:8443',
        'http://10.0.0.7:8080',
        'https://xn--bcher-kva.example',
      ),
      fc.constantFrom('secgw', 'oracle', 'token' as const),
      fc.boolean(),
      async (origin, mode, production) => {
        const urls: { url: string; credentials: RequestCredentials | undefined; auth: boolean }[] = [];
        const realFetch = globalThis.fetch;
        globalThis.fetch = ((url: string, init?: RequestInit) => {
          const h = (init?.headers ?? {}) as Record<string, string>;
          urls.push({
            url: String(url),
            credentials: init?.credentials,
            auth: Object.keys(h).some((k) => k.toLowerCase() === 'authorization'),
          });
          const path = new URL(String(url)).pathname;
          const status =
            path === '/api/web/ClientConfiguration'
              ? mode === 'secgw'
                ? 200
                : 404
              : path === '/api/ClientConfiguration'
                ? 200
                : path.endsWith('clientlogger/')
                  ? 200
                  : 500;
          const body = path.endsWith('ClientConfiguration') ? JSON.stringify({ displayName: 'D', authType: mode }) : '';
          return Promise.resolve({ status, text: async () => body, headers: { get: () => null } } as unknown as Response);
        }) as typeof fetch;
        localStorage.clear();
        localStorage.setItem('devToken', 'dev-token-0123456789');
        const el = document.body.appendChild(document.createElement('div'));
        try {
          const client = await bootstrap({
            mount: el,
            origin,
            production,
            timeoutMs: 50,
            logger: { disableConsoleLogging: true },
          });
          assert.is(client.authType, mode);
          client.logger.error('to the configured origin');
          await client.logger.flush();
          await client.unmount();
        } finally {
          el.remove();
          globalThis.fetch = realFetch;
          localStorage.clear();
        }
        assert.ok(
          urls.some((u) => u.url.endsWith('/clientlogger/')),
          'the logger sent',
        );
        for (const u of urls) {
          assert.is(new URL(u.url).origin, origin, u.url);
          assert.ok(u.credentials === 'include' || u.credentials === 'same-origin', `${u.url}: ${u.credentials}`);
        }
        // The token goes with token-mode calls, and with the development-path probe (which may find token mode).
        for (const u of urls)
          if (u.auth)
            assert.ok(mode === 'token' || u.url === `${origin}/api/ClientConfiguration`, `no token on ${u.url} in ${mode} mode`);
        if (mode === 'token') assert.ok(urls.filter((u) => u.auth).length >= 3, 'token mode calls carry it');
      },
    ),
    24,
  ));

test("the default sign-in redirect: {origin}/auth/ with returnUrl = the page's own URL, exactly, whatever that URL holds", () =>
  holds(
    'sign-in redirects',
    fc.asyncProperty(
      fc.oneof(
        fc.webPath(),
        fc.constantFrom(
          '//evil.example/',
          '/web//evil.example/x',
          '/web/?returnUrl=https://evil.example',
          '/web/#@evil.example',
          '/web/%2F%2Fevil.example',
          '/web/\\\\evil.example',
        ),
      ),
      fc.webQueryParameters(),
      fc.webFragments(),
      async (path, query, hash) => {
        const page = new URL(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`);
        if (page.origin !== 'http://localhost') return; // not a URL this page could have
        page.search = query;
        page.hash = hash;
        (window as any).happyDOM.setURL(page.href);
        const assigned: string[] = [];
        const realAssign = location.assign;
        (location as { assign: (u: string) => void }).assign = (u: string) => void assigned.push(u);
        const realFetch = globalThis.fetch;
        globalThis.fetch = ((url: string) =>
          Promise.resolve({
            status: new URL(String(url)).pathname === '/api/web/ClientConfiguration' ? 401 : 404,
            text: async () => '',
            headers: { get: () => null },
          } as unknown as Response)) as typeof fetch;
        localStorage.clear();
        const el = document.body.appendChild(document.createElement('div'));
        try {
          const client = await bootstrap({
            mount: el,
            origin: 'http://localhost',
            production: true,
            timeoutMs: 50,
            logger: { disableConsoleLogging: true },
          });
          await client.unmount();
        } finally {
          el.remove();
          (location as { assign: (u: string) => void }).assign = realAssign;
          globalThis.fetch = realFetch;
          (window as any).happyDOM.setURL('http://localhost/web/');
        }
        assert.is(assigned.length, 1, 'one redirect');
        const to = new URL(assigned[0]!);
        assert.is(to.origin, 'http://localhost');
        assert.is(to.pathname, '/auth/');
        assert.equal(to.searchParams.getAll('returnUrl'), [page.href], 'returnUrl is the page URL, whole and alone');
        assert.is([...to.searchParams.keys()].length, 1);
        assert.is(new URL(page.href).origin, 'http://localhost');
        // And the gateway (the demo's stand-in) sends the browser back to that very page, on this origin.
        // (A page whose path starts `//` cannot be returned to as a path: that would name another host.)
        const back = page.pathname + page.search + page.hash;
        assert.is(safeReturnUrl(page.href, 'http://localhost'), back.startsWith('//') ? '/web/' : back);
      },
    ),
    150,
  ));

test("the gateway's returnUrl check: whatever is asked for, it sends the browser to a path on its own origin", () =>
  holds(
    'returnUrl values',
    fc.property(
      fc.oneof(
        storedString,
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom(
          '//evil.example',
          '/\\evil.example',
          '\\\\evil.example',
          'https://evil.example/web/',
          'http:evil.example',
          'javascript:alert(1)',
          'data:text/html,x',
          ' /web/',
          '\t//evil.example',
          '/%2F%2Fevil.example',
          '/web/../../evil',
          'http://localhost:8080@evil.example/',
          'HTTP://LOCALHOST:8080/web/',
          '/\u0000/evil',
          '///evil.example',
          'https:/evil.example',
          '/.//evil.example/x',
          '/web/..//evil.example',
          'http://localhost:8080/.//evil.example',
          '/./\\evil.example',
        ),
        fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`),
      ),
      (raw) => {
        const own = 'http://localhost:8080';
        const back = safeReturnUrl(raw, own);
        assert.ok(back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\'), `a path: ${back}`);
        assert.is(new URL(back, own).origin, own, `${JSON.stringify(raw)} → ${back}`);
      },
    ),
    500,
  ));

input('JWT placement kinds', placements.length);

test.run();

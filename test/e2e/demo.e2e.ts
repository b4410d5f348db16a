// Smoke test of the demo server (plain fetch from Node) and of the harness itself, in each engine.
// It asserts nothing about the client's UI: that belongs to the UI's own e2e tests.
import { spawnSync } from 'node:child_process';
import * as assert from 'uvu/assert';
import {
  CSP_STRICT,
  type DemoServer,
  type DemoServerOptions,
  demoJwt,
  safeReturnUrl,
  startDemoServer,
} from '../../demo/server.mjs';
import { clientReady } from './client';
import { browserSuite, nodeSuite, ROOT, runAxe, withPage } from './harness';

const MODES = ['secgw', 'oracle', 'token'] as const;

async function withServer(options: DemoServerOptions, fn: (server: DemoServer) => Promise<void>): Promise<void> {
  const server = await startDemoServer({ quiet: true, ...options });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

const get = (server: DemoServer, path: string, init: RequestInit = {}) =>
  fetch(server.url + path, { redirect: 'manual', ...init });

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const sessionHeader = (server: DemoServer) => {
  const { name, value } = server.createSession();
  return { cookie: `${name}=${value}` };
};

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const parts = jwt.split('.');
  assert.is(parts.length, 3);
  for (const part of parts) assert.match(part, /^[A-Za-z0-9_-]+$/);
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
}

// ---------------------------------------------------------------------------------------------
const server = nodeSuite('demo server');

for (const auth of MODES) {
  server(`${auth}: /web/ serves the host page with the strict CSP and the mode it plays`, () =>
    withServer({ auth }, async (s) => {
      const res = await get(s, '/web/');
      assert.is(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.is(res.headers.get('content-security-policy'), CSP_STRICT);
      assert.is(res.headers.get('cache-control'), 'no-store');
      const html = await res.text();
      assert.ok(html.includes(`data-demo-auth="${auth}"`));
      assert.ok(html.includes('<script src="/web/emweb.js" data-mount="#emweb"></script>'));
      assert.not.match(html, /<style|style=|<script>/, 'no inline style or script');
      const token = /<meta name="demo-token" content="([^"]*)">/.exec(html)?.[1];
      assert.is(token !== '', auth === 'token', 'the demo token is handed out in token mode only');
    }),
  );
}

server(
  'deeper /web/ paths serve the host page, playing the product (the host starts the client with routes); / redirects; unknown and source paths are 404',
  () =>
    withServer({}, async (s) => {
      for (const path of ['/web/deeper/path', '/web/reports/2024.1?x=1', '/web/index.html', '/web/tickets/SD-1042']) {
        const res = await get(s, path);
        assert.is(res.status, 200, path);
        assert.is(res.headers.get('content-security-policy'), CSP_STRICT, path);
        const html = await res.text();
        assert.ok(html.includes('<script src="/web/emweb.js"></script>'), `${path}: no data-mount, the host starts it`);
        assert.ok(html.includes('<script src="/web/host-app.js"></script>'), path);
      }
      const root = await get(s, '/');
      assert.is(root.status, 302);
      assert.is(root.headers.get('location'), '/web/');
      for (const path of [
        '/nope',
        '/web/missing.js',
        '/web/server.mjs',
        '/web/server.d.mts',
        '/demo/server.mjs',
        '/web/%2e%2e/package.json',
        '/api/web/nope',
      ]) {
        assert.is((await get(s, path)).status, 404, path);
      }
      const dev = await (await get(s, '/web/?dev')).text();
      assert.ok(dev.includes('src="/web/emweb.dev.js"'), '?dev loads the development bundle');
    }),
);

server('bundles and host assets are served with their content types', () =>
  withServer({}, async (s) => {
    const types: Record<string, RegExp> = {
      '/web/emweb.js': /^text\/javascript/,
      '/web/emweb.dev.js': /^text\/javascript/,
      '/web/host.js': /^text\/javascript/,
      '/web/host.css': /^text\/css/,
      '/web/favicon.svg': /^image\/svg\+xml/,
      '/auth/auth.css': /^text\/css/,
      '/auth/handover.js': /^text\/javascript/,
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await get(s, path);
      assert.is(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', type, path);
      assert.is(res.headers.get('cache-control'), 'no-store', path);
    }
  }),
);

server('secgw: the probe answers 401 without a session and the configuration with one, on both bases', () =>
  withServer({ auth: 'secgw' }, async (s) => {
    for (const base of ['/api/web/', '/api/']) {
      assert.is((await get(s, `${base}ClientConfiguration`)).status, 401, base);
      const res = await get(s, `${base}ClientConfiguration`, { headers: sessionHeader(s) });
      assert.is(res.status, 200, base);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const config = await res.json();
      assert.equal(Object.keys(config).sort(), ['authType', 'configurationItemName', 'customization', 'displayName']);
      assert.is(config.authType, 'secgw');
      assert.is(config.displayName, 'Acme Service Desk');
    }
  }),
);

for (const auth of ['oracle', 'token'] as const) {
  server(`${auth}: the gateway path is 404 and the development path names the mode`, () =>
    withServer({ auth }, async (s) => {
      assert.is((await get(s, '/api/web/ClientConfiguration')).status, 404);
      const res = await get(s, '/api/ClientConfiguration', { headers: { authorization: 'Bearer abc.def.ghi' } });
      assert.is(res.status, 200);
      assert.is((await res.json()).authType, auth);
      const recorded = s.requests.find((r) => r.path === '/api/ClientConfiguration');
      assert.is(recorded?.headers.authorization, 'Bearer abc.def.ghi');
    }),
  );
}

server("version and cloud check answer under the mode's bases; cloud: false gives 404", () =>
  withServer({ auth: 'token', version: 'v-text 9' }, async (s) => {
    assert.equal(await (await get(s, '/api/info/version')).json(), { message: 'v-text 9' });
    assert.is((await get(s, '/api/info/cloudinstance')).status, 200);
    assert.is((await get(s, '/api/web/info/version')).status, 404, 'without the gateway, /api/web/ does not exist');
    s.setOptions({ auth: 'secgw' });
    assert.equal(await (await get(s, '/api/web/info/version')).json(), { message: 'v-text 9' });
    s.setOptions({ cloud: false });
    assert.is((await get(s, '/api/info/cloudinstance')).status, 404);
  }),
);

server('displayName is passed through verbatim (markup and all)', () =>
  withServer({ auth: 'oracle', displayName: '<img src=x onerror=alert(1)><b>bold</b>' }, async (s) => {
    const config = await (await get(s, '/api/ClientConfiguration')).json();
    assert.is(config.displayName, '<img src=x onerror=alert(1)><b>bold</b>');
  }),
);

server('fault injection: forced probe status, HTML probe, dropped connection, then recovery at run time', () =>
  withServer({ auth: 'secgw', probeStatus: 500 }, async (s) => {
    assert.is((await get(s, '/api/web/ClientConfiguration')).status, 500);
    s.setOptions({ probeStatus: 'html' });
    const html = await get(s, '/api/web/ClientConfiguration');
    assert.is(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    s.setOptions({ probeStatus: 0 });
    let dropped = false;
    await get(s, '/api/web/ClientConfiguration').catch(() => (dropped = true));
    assert.ok(dropped, 'probeStatus 0 drops the connection');
    s.setOptions({ probeStatus: null, statuses: { '/api/info/version': 503 } });
    assert.is((await get(s, '/api/web/ClientConfiguration')).status, 401);
    assert.is((await get(s, '/api/info/version')).status, 503);
    assert.is((await get(s, '/api/web/info/version')).status, 200);
  }),
);

server('latency delays API answers; hanging paths never answer and close() still returns', async () => {
  const s = await startDemoServer({ quiet: true, auth: 'oracle', latency: 150, hang: ['/api/info/version'] });
  const started = Date.now();
  assert.is((await get(s, '/api/ClientConfiguration')).status, 200);
  assert.ok(Date.now() - started >= 140, 'latency applied');
  let aborted = false;
  await get(s, '/api/info/version', { signal: AbortSignal.timeout(400) }).catch(() => (aborted = true));
  assert.ok(aborted, 'the hanging call did not answer');
  const pending = get(s, '/api/info/version').catch(() => 'dropped');
  await new Promise((r) => setTimeout(r, 50));
  await s.close();
  assert.is(await pending, 'dropped');
});

server('gateway: /auth/ is a CSP-safe sign-in page; signing in sets an HttpOnly session and hands over the JWT', () =>
  withServer({ auth: 'secgw' }, async (s) => {
    const page = await get(s, '/auth/?returnUrl=%2Fweb%2Freports%3Fid%3D1');
    assert.is(page.status, 200);
    assert.is(page.headers.get('content-security-policy'), CSP_STRICT);
    const form = await page.text();
    assert.ok(form.includes('<form method="post" action="/auth/">'));
    assert.ok(form.includes('name="returnUrl" value="/web/reports?id=1"'));
    assert.not.match(form, /<style|style=|<script>/);

    const res = await get(s, '/auth/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'returnUrl=%2Fweb%2Freports%3Fid%3D1',
    });
    assert.is(res.status, 200);
    const cookie = res.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^emweb_demo_session=[^;]+; HttpOnly; SameSite=Lax; Path=\/$/);
    const html = await res.text();
    assert.ok(html.includes('<meta name="demo-return-url" content="/web/reports?id=1">'));
    assert.ok(html.includes('<script src="/auth/handover.js"></script>'));
    const jwt = /<meta name="demo-jwt" content="([^"]+)">/.exec(html)?.[1] ?? '';
    assert.is(decodeJwtPayload(jwt).name, 'Jürgen Müller');

    const probe = await get(s, '/api/web/ClientConfiguration', { headers: { cookie: cookie.split(';')[0] } });
    assert.is(probe.status, 200, 'the session cookie opens the gateway');
  }),
);

server('gateway: returnUrl never leaves the origin', () =>
  withServer({}, async (s) => {
    const hostile = [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil',
      '/\\/evil.example',
      'javascript:alert(1)',
      ' //evil.example',
      '',
      'http://127.0.0.2/web/',
    ];
    for (const returnUrl of hostile) {
      const html = await (await get(s, `/auth/signin?returnUrl=${encodeURIComponent(returnUrl)}`)).text();
      assert.ok(html.includes('<meta name="demo-return-url" content="/web/">'), `returnUrl ${JSON.stringify(returnUrl)}`);
    }
    assert.is(safeReturnUrl(`${s.url}/web/x?y=1#z`, s.url), '/web/x?y=1#z', 'this origin, absolute, is fine');
    assert.is(safeReturnUrl('/web/a/../b', s.url), '/web/b');
    assert.is(safeReturnUrl(null, s.url), '/web/');
  }),
);

server('the client logger: arrays, single entries and beacon bodies are recorded; failures on demand', () =>
  withServer({ auth: 'oracle' }, async (s) => {
    const entry = { level: 5, message: 'boom', additional: [], timestamp: new Date().toISOString() };
    const post = (path: string, body: string, type = 'application/json') =>
      get(s, path, { method: 'POST', headers: { 'content-type': type }, body });
    assert.is((await post('/api/clientlogger/', JSON.stringify([entry, entry]))).status, 200);
    s.setOptions({ auth: 'secgw' });
    assert.is((await post('/api/web/clientlogger/', JSON.stringify(entry))).status, 200);
    assert.is((await post('/api/clientlogger/', JSON.stringify([entry]), 'text/plain;charset=UTF-8')).status, 200);
    assert.equal(
      s.logBatches.map((b) => [b.path, b.entries.length, b.status]),
      [
        ['/api/clientlogger/', 2, 200],
        ['/api/web/clientlogger/', 1, 200],
        ['/api/clientlogger/', 1, 200],
      ],
    );
    assert.equal(s.logBatches[1].entries[0], entry);
    assert.is(s.logBatches[2].contentType, 'text/plain;charset=UTF-8');

    s.setOptions({ failLogger: true });
    assert.is((await post('/api/clientlogger/', '[]')).status, 503);
    s.setOptions({ loggerStatus: 429, retryAfter: 2 });
    const limited = await post('/api/clientlogger/', JSON.stringify([entry]));
    assert.is(limited.status, 429);
    assert.is(limited.headers.get('retry-after'), '2');
    assert.is(s.logBatches.length, 5, 'failed answers are recorded too');
    s.reset();
    assert.is(s.logBatches.length, 0);
  }),
);

server('the demo JWT carries the five claims, a non-ASCII name and an expiry a day ahead', () => {
  const payload = decodeJwtPayload(demoJwt());
  for (const claim of ['userId', 'authUserId', 'profileId', 'langId', 'sid']) assert.ok(claim in payload, claim);
  assert.is(payload.name, 'Jürgen Müller');
  const hoursLeft = ((payload.exp as number) * 1000 - Date.now()) / 3_600_000;
  assert.ok(hoursLeft > 23 && hoursLeft <= 24);
  assert.is(decodeJwtPayload(demoJwt({ exp: 1 })).exp, 1);
});

server('e2e fixture pages: strict CSP by default, ?csp= variants, static files', () =>
  withServer({}, async (s) => {
    const csp = async (query: string) => (await get(s, `/e2e/hostile.html${query}`)).headers.get('content-security-policy');
    assert.is(await csp(''), CSP_STRICT);
    assert.is(await csp('?csp=none'), null);
    assert.is(await csp('?csp=trusted-types'), `${CSP_STRICT}; require-trusted-types-for 'script'`);
    assert.is((await get(s, '/e2e/hostile.html?csp=bogus')).status, 400);
    assert.match((await get(s, '/e2e/manual.js')).headers.get('content-type') ?? '', /^text\/javascript/);
    assert.match((await get(s, '/e2e/hostile.css')).headers.get('content-type') ?? '', /^text\/css/);
    assert.is((await get(s, '/e2e/nope.html')).status, 404);
    assert.is((await get(s, '/e2e/../harness.ts')).status, 404);
  }),
);

server('hold keeps an answer back until release(path), then answers as usual; a client that gives up first is noted', () =>
  withServer({ auth: 'oracle', hold: ['/api/info/version', '/api/info/cloudinstance'] }, async (s) => {
    const version = get(s, '/api/info/version');
    const abandoned = new AbortController();
    const cloud = get(s, '/api/info/cloudinstance', { signal: abandoned.signal }).catch(() => 'given up');
    await waitUntil(() => s.held.length === 2);
    assert.equal(s.options.hold, ['/api/info/version', '/api/info/cloudinstance']);
    abandoned.abort();
    assert.is(await cloud, 'given up');
    await waitUntil(() => s.held[1]!.gaveUpAt !== null);
    assert.equal(
      s.held.map((r) => [r.path, r.released, r.gaveUpAt === null]),
      [
        ['/api/info/version', false, true],
        ['/api/info/cloudinstance', false, false],
      ],
    );
    s.release('/api/info/version');
    assert.equal(await (await version).json(), { message: s.options.version });
    assert.is(s.held[0]!.released, true);
    assert.equal(s.options.hold, ['/api/info/cloudinstance'], 'that path is held no more');
    assert.is((await get(s, '/api/info/version')).status, 200);
    s.release();
    assert.equal(s.options.hold, []);
  }),
);

server(
  'headScripts go first in the <head> of every HTML page: the host page, fixtures, the gateway pages; not into API answers',
  () =>
    withServer({ auth: 'secgw', headScripts: ['/e2e/recorder.js'], probeStatus: 'html' }, async (s) => {
      const tag = '<head>\n<script src="/e2e/recorder.js"></script>\n';
      for (const path of ['/web/', '/e2e/plain.html', '/auth/?returnUrl=%2Fweb%2F', '/auth/signin?returnUrl=%2Fweb%2F']) {
        assert.ok((await (await get(s, path)).text()).includes(tag), path);
      }
      assert.not.ok((await (await get(s, '/api/web/ClientConfiguration')).text()).includes('recorder.js'), 'the probe answer');
    }),
);

server('command line: bad arguments exit with code 2 and say why', () => {
  for (const args of [['--auth', 'nope'], ['--latency', 'soon'], ['--port', 'x'], ['--bogus']]) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'demo/server.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 10_000,
    });
    assert.is(result.status, 2, args.join(' '));
    assert.match(result.stderr, /demo server: .+\n[\s\S]*Usage:/, args.join(' '));
  }
});

server.run();

// ---------------------------------------------------------------------------------------------
const browser = browserSuite('demo in the browser');

for (const auth of MODES) {
  browser(`${auth}: /web/ loads with no CSP violation and no page error`, () =>
    withPage(
      { auth },
      null,
      async ({ open, page }) => {
        await open('/web/');
        await clientReady(page);
        await page.painted();
        assert.equal(await page.problems(), []);
      },
      { signedIn: auth === 'secgw' },
    ),
  );
}

browser('fixture pages with the script tag load with no CSP violation and no page error', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ open, page }) => {
      for (const name of ['hostile', 'double-load', 'dev-mode']) {
        await open(`/e2e/${name}.html`);
        await clientReady(page);
        await page.painted();
      }
      assert.equal(await page.problems(), []);
    },
    { signedIn: true },
  ),
);

browser('token mode: host.js seeds devToken and jwt before the client runs; other modes seed nothing', async () => {
  await withPage({ auth: 'token' }, null, async ({ open, page }) => {
    await open('/web/');
    const stored = await page.evaluate(() => [localStorage.getItem('devToken'), localStorage.getItem('jwt')]);
    assert.ok(stored[0] && stored[0] === stored[1]);
    assert.is(decodeJwtPayload(stored[0]!).name, 'Jürgen Müller');
  });
  await withPage(
    { auth: 'token' },
    null,
    async ({ open, page }) => {
      await open('/web/');
      assert.is(await page.evaluate(() => localStorage.getItem('devToken')), 'mine', 'an existing token is kept');
    },
    { localStorage: { devToken: 'mine' } },
  );
  await withPage({ auth: 'oracle' }, null, async ({ open, page }) => {
    await open('/web/');
    assert.is(await page.evaluate(() => localStorage.getItem('devToken')), null);
  });
});

browser(
  'gateway sign-in in the browser: an HttpOnly session cookie, JWT in localStorage, back to the same-origin returnUrl',
  () =>
    withPage({ auth: 'secgw' }, null, async ({ open, page, server, url }) => {
      await open('/auth/?returnUrl=%2Fweb%2Fdeeper%2Fpath');
      await page.locator('role=button[name="Sign in"]').click();
      await page.waitForURL(`${url}/web/deeper/path`);
      const jwt = await page.evaluate(() => localStorage.getItem('jwt'));
      assert.is(decodeJwtPayload(jwt ?? '').authUserId, 'jmueller');
      const seen = await page.evaluate(async () => ({
        cookie: document.cookie,
        status: (await fetch('/api/web/ClientConfiguration')).status,
      }));
      assert.equal(seen, { cookie: '', status: 200 }, 'the session cookie opens the gateway, and no script can read it');

      await open('/auth/signin?returnUrl=%2F%2Fevil.example%2F');
      await page.waitForURL(`${url}/web/`);
      assert.ok(server.requests.some((r) => r.path === '/auth/signin'));
      assert.equal(await page.problems(), []);
    }),
);

browser('harness: selectors reach into open shadow roots, not closed ones', () =>
  withPage({}, null, async ({ open, page }) => {
    await open('/e2e/shadow-check.html');
    assert.is(await page.locator('#open-host >> button.inside').count(), 1);
    assert.is(await page.locator('role=button[name="Inside open shadow"]').count(), 1);
    assert.is(await page.locator('#closed-host >> button').count(), 0);
    assert.is(await page.locator('role=button[name="Inside closed shadow"]').count(), 0);
    assert.equal(
      await page.evaluate(() => ['open-host', 'closed-host'].map((id) => document.getElementById(id)!.shadowRoot?.mode ?? null)),
      ['open', null],
    );
    await page.locator('role=button[name="Inside open shadow"]').click();
    assert.equal(await page.focused(), { tag: 'button', role: null, text: 'Inside open shadow', haspopup: null });
    assert.equal(await page.problems(), []);
  }),
);

browser('harness: CSP violations are recorded, Trusted Types pages run, axe runs under the strict CSP', async () => {
  await withPage({}, null, async ({ open, page }) => {
    await open('/e2e/csp-violation.html');
    await page.painted();
    const directives = (await page.record()).csp.map((v) => v.effectiveDirective).sort();
    assert.equal(directives, ['script-src-elem', 'style-src-elem']);
    assert.is(await page.evaluate(() => document.title), 'EMWeb e2e: CSP violation check', 'the inline script was blocked');
  });
  await withPage({}, null, async ({ open, page }) => {
    await open('/e2e/shadow-check.html?csp=trusted-types');
    assert.is(await page.locator('#open-host >> button').count(), 1);
    assert.equal(await page.problems(), []);
    assert.equal(await runAxe(page, 'body'), []);
  });
});

browser('harness: uncaught errors, unhandled rejections and console errors are recorded, across navigations of the tab', () =>
  withPage({}, null, async ({ open, page }) => {
    await open('/e2e/blank.html');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
      void Promise.reject(new Error('rejected on purpose'));
      console.error('said on purpose', { n: 1 });
    });
    await page.waitFor(() => (window as any).__e2eRecord.errors.length === 2);
    await open('/e2e/shadow-check.html');
    const problems = await page.problems();
    assert.is(problems.length, 3, problems.join('\n'));
    assert.ok(
      problems.some((p) => /^page error: .*thrown on purpose/.test(p)),
      problems.join('\n'),
    );
    assert.ok(problems.includes('page error: Unhandled rejection: Error: rejected on purpose'), problems.join('\n'));
    assert.ok(problems.includes('console error: said on purpose {"n":1}'), problems.join('\n'));
  }),
);

browser.run();

// Start-up in a real browser against the demo backend: the three sign-in modes and the probe
// table, the gateway round trip, Retry, development mode, double load, a missing mount element.
import * as assert from 'uvu/assert';
import { DEMO_USER_NAME, demoJwt } from '../../demo/server.mjs';
import { apiRequests, BUILD, byRole, byText, clientReady, fab, header, startupRequests } from './client';
import { browserSuite, type PageRun, waitFor, withPage } from './harness';

const test = browserSuite('boot');

type Mode = 'secgw' | 'oracle' | 'token';
const CASES: { auth: Mode; cloud: boolean; mode: RegExp; apiBase: string }[] = [
  { auth: 'secgw', cloud: true, mode: /security gateway|secgw/i, apiBase: '/api/web/' },
  { auth: 'oracle', cloud: false, mode: /oracle/i, apiBase: '/api/' },
  { auth: 'token', cloud: true, mode: /token/i, apiBase: '/api/' },
];

for (const { auth, cloud, mode, apiBase } of CASES) {
  const displayName = `Northwind Desk ${auth}`;
  const version = `Northwind ${auth} 5.4.3-e2e`;
  const userId = `u-${auth}-77`;
  const userName = `Ann Northwind ${auth}`;
  // token mode: the development token (for Authorization) differs from the JWT (for the claims).
  const devToken = demoJwt({ userId: 'dev-only', sub: 'developer' });
  const storage: Record<string, string> = { jwt: demoJwt({ userId, name: userName }) };
  if (auth === 'token') storage.devToken = devToken;
  const withClient = (fn: (run: PageRun) => Promise<void>) =>
    withPage({ auth, cloud, displayName, version }, null, fn, { signedIn: auth === 'secgw', localStorage: storage });

  test(`${auth}: the header shows displayName, sign-in mode, server version, build ${BUILD}, ${cloud ? 'the cloud marker' : 'no cloud marker'} and the user`, () =>
    withClient(async ({ page, open }) => {
      await open('/web/');
      const client = await clientReady(page);
      assert.is(client.authType, auth);
      assert.is(client.isCloud, cloud);
      assert.is(await header(page).locator('h1').textContent(), displayName);
      const text = await header(page).text();
      assert.ok(text.includes(version), `server version in ${JSON.stringify(text)}`);
      assert.ok(text.includes(BUILD), `build version in ${JSON.stringify(text)}`);
      assert.match(text, mode, 'sign-in mode');
      assert.ok(text.includes(`Signed in as ${userName}`), `user ${userName} from the JWT in ${JSON.stringify(text)}`);
      if (cloud) assert.match(text, /\bcloud\b/i, 'cloud marker');
      else assert.not.match(text, /\bcloud\b/i, 'no cloud marker');
    }));

  test(`${auth}: localStorage.authType is stored, the client reports apiBase ${apiBase}, window.EMWeb is complete`, () =>
    withClient(async ({ page, open }) => {
      await open('/web/');
      const client = await clientReady(page);
      assert.is(client.apiBase, apiBase);
      assert.is(client.claims?.userId, userId);
      assert.is(await page.evaluate(() => localStorage.getItem('authType')), auth);
      const api = await page.evaluate(() => {
        const e = (window as any).EMWeb;
        return {
          buildVersion: e.buildVersion,
          bootstrap: typeof e.bootstrap,
          logger: ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal', 'flush', 'updateConfig', 'getConfig'].filter(
            (m) => typeof e.logger?.[m] === 'function',
          ).length,
        };
      });
      assert.equal(api, { buildVersion: BUILD, bootstrap: 'function', logger: 10 });
    }));
}

test('secgw: one request to /api/web/ClientConfiguration, no second configuration fetch, every call under /api/web/', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open('/web/');
      await clientReady(page);
      const paths = startupRequests(server).map((r) => `${r.method} ${r.path}`);
      assert.equal(
        paths.filter((p) => p.endsWith('ClientConfiguration')),
        ['GET /api/web/ClientConfiguration'],
      );
      assert.ok(
        paths.every((p) => p.startsWith('GET /api/web/')),
        paths.join(', '),
      );
      assert.ok(paths.includes('GET /api/web/info/version'), paths.join(', '));
      assert.ok(paths.includes('GET /api/web/info/cloudinstance'), paths.join(', '));
    },
    { signedIn: true },
  ));

test('token: 404 from /api/web/ClientConfiguration, then /api/ClientConfiguration (used as the configuration); later calls carry Authorization: Bearer <devToken>', () => {
  const devToken = demoJwt({ userId: 'dev-only', sub: 'developer' });
  return withPage(
    { auth: 'token' },
    null,
    async ({ page, open, server }) => {
      await open('/web/');
      await clientReady(page);
      const calls = startupRequests(server);
      assert.equal(
        calls.slice(0, 2).map((r) => `${r.method} ${r.path}`),
        ['GET /api/web/ClientConfiguration', 'GET /api/ClientConfiguration'],
      );
      const later = calls.slice(2);
      assert.ok(later.length >= 2, 'version and cloud check follow the probe');
      assert.ok(
        !later.some((r) => r.path.endsWith('ClientConfiguration')),
        'the fallback answer is the configuration: no second fetch',
      );
      for (const r of later) {
        assert.ok(r.path.startsWith('/api/') && !r.path.startsWith('/api/web/'), r.path);
        assert.is(r.headers.authorization, `Bearer ${devToken}`, r.path);
      }
    },
    { localStorage: { devToken, jwt: demoJwt() } },
  );
});

test('oracle: 404 from /api/web/ClientConfiguration, then the fallback; every later call under /api/', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    // A page that preloads nothing (the demo's host page does): the order is the client's own.
    await open('/e2e/plain.html');
    await clientReady(page);
    const calls = startupRequests(server).map((r) => `${r.method} ${r.path}`);
    assert.equal(calls.slice(0, 2), ['GET /api/web/ClientConfiguration', 'GET /api/ClientConfiguration']);
    const later = calls.slice(2);
    assert.ok(later.includes('GET /api/info/version') && later.includes('GET /api/info/cloudinstance'), later.join(', '));
    assert.ok(
      later.every((p) => p.startsWith('GET /api/') && !p.startsWith('GET /api/web/')),
      later.join(', '),
    );
  }));

test('a stored authType is used as is: no probe', () =>
  withPage(
    { auth: 'oracle' },
    null,
    async ({ page, open, server }) => {
      // A page that preloads nothing: the demo's host page preloads the probe's URL in every mode.
      await open('/e2e/plain.html');
      const client = await clientReady(page);
      assert.is(client.authType, 'oracle');
      assert.ok(!server.requests.some((r) => r.path === '/api/web/ClientConfiguration'), 'no probe of /api/web/');
    },
    { localStorage: { authType: 'oracle' } },
  ));

test('secgw without a session: the 401 sends the browser to /auth/?returnUrl=<current URL, encoded>; signing in returns and the client starts', () =>
  withPage({ auth: 'secgw', displayName: 'Gateway Desk' }, null, async ({ page, url }) => {
    const start = `${url}/web/deeper/path?x=1&y=%C3%BC#frag`;
    await page.goto(start);
    const auth = await page.waitForURL((u) => new URL(u).pathname === '/auth/');
    assert.is(auth, `${url}/auth/?returnUrl=${encodeURIComponent(start)}`);
    await page.locator(`text=${DEMO_USER_NAME}`).waitFor();
    await page.locator('role=button[name="Sign in"]').click();
    await page.waitForURL(start);
    const client = await clientReady(page);
    assert.is(client.authType, 'secgw');
    assert.is(await header(page).locator('h1').textContent(), 'Gateway Desk');
    assert.ok(
      (await header(page).text()).includes(`Signed in as ${DEMO_USER_NAME}`),
      'the user the sign-in page promised, from the JWT the gateway handed over',
    );
  }));

test('a probe answering 500 shows the error and Retry; once the server is fixed, Retry starts the client', () =>
  withPage(
    { auth: 'secgw', probeStatus: 500, displayName: 'Recovered Desk' },
    null,
    async ({ page, open, server }) => {
      await open('/web/');
      await byText(page, 'unhandled error case in getAuthTypeAsync status 500').waitFor();
      const retry = byRole(page, 'button', 'Retry');
      await retry.waitFor();
      assert.is(await page.evaluate(() => localStorage.getItem('authType')), null, 'a failed probe stores nothing');
      server.setOptions({ probeStatus: null });
      await retry.click();
      await header(page).locator('h1 >> has-text=Recovered Desk').waitFor();
      await fab(page).waitFor();
      assert.is(await retry.count(), 0, 'the error is gone');
      assert.is(await page.evaluate(() => localStorage.getItem('authType')), 'secgw');
    },
    { signedIn: true },
  ));

test('a probe that hangs past timeoutMs shows status 0 and Retry; Retry starts the client once the server answers', () =>
  withPage(
    { auth: 'oracle', hang: ['/api/web/ClientConfiguration'], displayName: 'Patient Desk' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/manual.html?timeoutMs=400');
      await page.locator('body[data-boot=rejected]').waitFor('attached');
      assert.equal(await page.evaluate(() => (window as any).__e2e.error), {
        name: 'Error',
        message: 'unhandled error case in getAuthTypeAsync status 0',
      });
      await byText(page, 'unhandled error case in getAuthTypeAsync status 0', '#app').waitFor();
      server.setOptions({ hang: [] });
      await byRole(page, 'button', 'Retry', '#app').click();
      const client = await clientReady(page, '#app');
      assert.is(client.authType, 'oracle');
      await header(page, '#app').locator('h1 >> has-text=Patient Desk').waitFor();
    },
  ));

test('development mode (data-production="false") uses the API base /api/ even in secgw mode', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/dev-mode.html');
      const client = await clientReady(page);
      assert.is(client.authType, 'secgw');
      assert.is(client.apiBase, '/api/');
      assert.ok(client.config, 'the configuration came from /api/ClientConfiguration');
      const later = startupRequests(server)
        .map((r) => r.path)
        .filter((p) => p !== '/api/web/ClientConfiguration');
      assert.ok(later.includes('/api/ClientConfiguration') && later.includes('/api/info/version'), later.join(', '));
      assert.ok(
        later.every((p) => !p.startsWith('/api/web/')),
        later.join(', '),
      );
      await page.evaluate(() => {
        (window as any).EMWeb.logger.error('dev-mode entry');
        return (window as any).EMWeb.logger.flush();
      });
      const posts = await waitFor(
        () => {
          const found = apiRequests(server)
            .filter((r) => r.method === 'POST')
            .map((r) => r.path);
          return found.length ? found : null;
        },
        { timeoutMs: 3_000, what: 'the log POST' },
      );
      assert.equal(posts, ['/api/clientlogger/']);
    },
    { signedIn: true },
  ));

test('emweb.dev.js is development mode whatever the host asks: API base /api/ in secgw mode, console logging on, debug kept', () =>
  withPage(
    { auth: 'secgw' },
    null,
    async ({ page, open, server }) => {
      await open('/e2e/dev-bundle.html?production=true');
      const client = await clientReady(page, '#app');
      assert.is(client.authType, 'secgw');
      assert.is(client.apiBase, '/api/', 'production: true cannot make a development bundle talk to /api/web/');
      const later = startupRequests(server)
        .map((r) => r.path)
        .filter((p) => p !== '/api/web/ClientConfiguration');
      assert.ok(
        later.every((p) => !p.startsWith('/api/web/')),
        later.join(', '),
      );
      const config = await page.evaluate(() => (window as any).EMWeb.logger.getConfig());
      assert.is(config.level, 1, 'DEBUG');
      assert.is(config.disableConsoleLogging, false);
      await page.evaluate(() => (window as any).EMWeb.logger.debug('dev bundle says hello'));
      const { console: messages } = await page.record();
      assert.ok(
        messages.some((m) => m.text.includes('dev bundle says hello')),
        messages.map((m) => m.text).join('\n'),
      );
    },
    { signedIn: true },
  ));

test('without data-mount nothing starts: no shadow root, no API request, until the host calls bootstrap', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/manual.html?manual&mount=%23app');
    // The page has loaded: its scripts have run, and a script tag with data-mount would have started.
    await page.painted();
    assert.is(await page.evaluate(() => document.getElementById('app')!.shadowRoot), null);
    assert.equal(apiRequests(server), []);
    await page.evaluate(() => (window as any).__e2eBoot());
    await clientReady(page, '#app');
    assert.ok(apiRequests(server).length > 0);
  }));

test('the script loaded twice keeps the first window.EMWeb and mounts one client', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/double-load-check.html');
    await clientReady(page);
    const kept = await page.evaluate(() => {
      const w = window as any;
      return {
        same: !!w.__firstEMWeb && w.EMWeb === w.__firstEMWeb,
        logger: !!w.__firstLogger && w.EMWeb.logger === w.__firstLogger,
      };
    });
    assert.equal(kept, { same: true, logger: true });
    assert.is(await header(page).count(), 1, 'one header');
    assert.is(await fab(page).count(), 1, 'one floating action button');
    assert.is(server.requests.filter((r) => r.path === '/api/web/ClientConfiguration').length, 1, 'one probe');
  }));

test('bootstrap twice on one mount element returns the same promise', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/web/');
    await clientReady(page);
    assert.ok(
      // biome-ignore lint/suspicious/noSelfCompare: two calls, one promise: that is what is checked
      await page.evaluate(() => (window as any).EMWeb.bootstrap() === (window as any).EMWeb.bootstrap()),
      'default mount',
    );
    await open('/e2e/manual.html?manual');
    const same = await page.evaluate(() => {
      const { bootstrap } = (window as any).EMWeb;
      const first = bootstrap({ mount: '#app' });
      return first === bootstrap({ mount: '#app' }) && first === bootstrap({ mount: document.getElementById('app') });
    });
    assert.ok(same, 'selector and element name one mount: one promise');
  }));

test('a missing mount element: bootstrap rejects with an Error naming the selector', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/manual.html?manual');
    const outcome = await page.evaluate(() =>
      (window as any).EMWeb.bootstrap({ mount: '#nope' }).then(
        () => 'resolved',
        (e: unknown) => ({ isError: e instanceof Error, message: String((e as Error)?.message) }),
      ),
    );
    assert.is(typeof outcome, 'object', `rejected, not ${JSON.stringify(outcome)}`);
    const { isError, message } = outcome as { isError: boolean; message: string };
    assert.ok(isError, 'an Error');
    assert.ok(message.includes('#nope'), message);
  }));

test.run();

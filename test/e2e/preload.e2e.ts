// Starting with the page (docs/preload.md): the page, or its answer's `Link`
// header, starts the client's start-up GETs before emweb.js has arrived, and the browser answers the
// client's own requests from those preloads. For every preloaded URL a check proves three things:
// the browser preloaded it (a Resource Timing entry of initiator `link`), the client asked for it
// (pages/fetch-log.js), and it reached the server once: so the client's request was answered from
// the preload. A mismatched request mode or credentials would reach the server twice.
//
// The browser's own console warnings (a preload found but not used for its mode or credentials, a
// preload left unused) are read where the engine's protocol reports them: Chromium. Firefox's
// WebDriver BiDi and WebKitWebDriver do not; there the count and the client's request stand for them.
import { request as httpGet } from 'node:http';
import * as assert from 'uvu/assert';
import type { DemoServer } from '../../demo/server.mjs';
import { clientReady, header, startupRequests } from './client';
import { browserSuite, nodeSuite, withPage } from './harness';
import type { Page } from './page';
import { startTwoOrigins } from './twoOrigins';

const test = browserSuite('preload');
const nodeCheck = nodeSuite('preload: the demo host page answer');

const HEAD_SCRIPTS = ['/e2e/recorder.js', '/e2e/fetch-log.js'];
const GATEWAY = ['/api/web/ClientConfiguration', '/api/web/info/version', '/api/web/info/cloudinstance'];
const ORACLE = ['/api/web/ClientConfiguration', '/api/info/version', '/api/info/cloudinstance'];

interface PreloadFacts {
  /** URLs with a Resource Timing entry of initiator `link`. */
  preloaded: string[];
  /** What the client's fetch() calls asked, with their request mode and credentials. */
  fetched: { url: string; mode: string | null; credentials: string | null }[];
}

const preloadFacts = (page: Page): Promise<PreloadFacts> =>
  page.evaluate(() => ({
    preloaded: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'link')
      .map((entry) => entry.name),
    fetched: (window as any).__e2eFetches,
  }));

/** Each of `paths` on `apiOrigin` was preloaded, asked for by the client, and reached the server once. */
async function assertAnsweredFromPreloads(page: Page, server: DemoServer, apiOrigin: string, paths: string[]): Promise<void> {
  const facts = await preloadFacts(page);
  const arrived = startupRequests(server).map((r) => r.path);
  for (const path of paths) {
    const url = apiOrigin + path;
    assert.ok(facts.preloaded.includes(url), `${path}: preloaded (${facts.preloaded.join(', ')})`);
    assert.ok(
      facts.fetched.some((f) => f.url === url),
      `${path}: asked for by the client (${facts.fetched.map((f) => f.url).join(', ')})`,
    );
    assert.is(arrived.filter((p) => p === path).length, 1, `${path} reached the server once (${arrived.join(', ')})`);
  }
  // Chromium names a preload that a request found but could not use, and one left unused.
  const warnings = page.browserConsole()?.filter((line) => /preload/i.test(line)) ?? [];
  assert.equal(warnings, [], 'no console warning about a preload');
}

test('the demo host page, gateway, first visit: its Link header starts the probe, version and cloud check; each reaches the server once', () =>
  withPage(
    { auth: 'secgw', headScripts: HEAD_SCRIPTS, displayName: 'Preloaded Desk' },
    null,
    async ({ page, open, server, url }) => {
      await open('/web/');
      const client = await clientReady(page);
      assert.is(client.authType, 'secgw');
      assert.is(await header(page).locator('h1').textContent(), 'Preloaded Desk');
      assert.ok(client.version !== '' && client.isCloud, 'version and cloud check came from their preloads');
      await assertAnsweredFromPreloads(page, server, url, GATEWAY);
      const sameOrigin = (await preloadFacts(page)).fetched.filter((f) => GATEWAY.some((path) => f.url === url + path));
      assert.ok(
        sameOrigin.every((f) => f.mode === 'no-cors' && f.credentials === 'include'),
        `the client asks its own origin as the preload does: ${JSON.stringify(sameOrigin)}`,
      );
    },
    { signedIn: true },
  ));

test('the demo host page, a remembered gateway mode: the configuration, version and cloud check each reach the server once', () =>
  withPage(
    { auth: 'secgw', headScripts: HEAD_SCRIPTS },
    null,
    async ({ page, open, server, url }) => {
      await open('/web/');
      assert.is((await clientReady(page)).authType, 'secgw');
      await assertAnsweredFromPreloads(page, server, url, GATEWAY);
    },
    { signedIn: true, localStorage: { authType: 'secgw' } },
  ));

test('the demo host page, a remembered oracle mode: the probe it preloads anyway is taken from the preload, not asked again', () =>
  withPage(
    { auth: 'oracle', headScripts: HEAD_SCRIPTS },
    null,
    async ({ page, open, server, url }) => {
      await open('/web/');
      const client = await clientReady(page);
      assert.is(client.authType, 'oracle', 'the remembered mode is used as is');
      assert.ok(client.config, 'the configuration of /api/');
      // The client takes the probe's preload once its own calls are done: wait on that, not on time.
      await page.waitFor(() =>
        (window as any).__e2eFetches.some((f: { url: string }) => f.url.endsWith('/api/web/ClientConfiguration')),
      );
      await assertAnsweredFromPreloads(page, server, url, ORACLE);
    },
    { localStorage: { authType: 'oracle' } },
  ));

test("the markup of docs/preload.md on a page of the API's origin: each start-up URL reaches the server once", () =>
  withPage(
    { auth: 'secgw', headScripts: HEAD_SCRIPTS },
    null,
    async ({ page, open, server, url }) => {
      await open('/e2e/preload-markup.html');
      const client = await clientReady(page);
      assert.is(client.authType, 'secgw');
      assert.ok(client.config, 'the configuration came');
      await assertAnsweredFromPreloads(page, server, url, GATEWAY);
    },
    { signedIn: true },
  ));

// The API on another origin (another loopback port: same site, so the gateway's session cookie goes
// along with credentials). docs/preload.md's crossorigin="use-credentials", as markup and as a Link header.
for (const how of ['markup', 'Link header'] as const) {
  test(`an API on another origin, the ${how} of docs/preload.md with crossorigin="use-credentials": each start-up URL reaches the server once, with the session`, () =>
    withPage(
      { auth: 'secgw', headScripts: HEAD_SCRIPTS, displayName: 'Far Desk' },
      null,
      async ({ page, server }) => {
        const links = (api: string) =>
          GATEWAY.map((path) => `<link rel="preload" href="${api}${path}" as="fetch" crossorigin="use-credentials">`);
        const origins = await startTwoOrigins(
          server,
          (api) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>EMWeb e2e: API on another origin</title>
${HEAD_SCRIPTS.map((src) => `<script src="${src}"></script>`).join('\n')}
${how === 'markup' ? links(api).join('\n') : ''}
</head><body><div id="emweb"></div>
<script src="/web/emweb.js"></script>
<script>EMWeb.bootstrap({ mount: '#emweb', origin: ${JSON.stringify(api)} });</script>
</body></html>`,
          how === 'Link header'
            ? (api) => GATEWAY.map((path) => `<${api}${path}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ')
            : undefined,
        );
        try {
          await page.goto(`${origins.pageOrigin}/host.html`);
          const client = await clientReady(page);
          assert.is(client.authType, 'secgw');
          assert.is(await header(page).locator('h1').textContent(), 'Far Desk', 'signed in: the session cookie went along');
          await assertAnsweredFromPreloads(page, server, origins.apiOrigin, GATEWAY);
          const fetched = (await preloadFacts(page)).fetched.filter((f) => f.url.startsWith(origins.apiOrigin));
          assert.ok(
            fetched.every((f) => f.mode === 'cors' && f.credentials === 'include'),
            `another origin is asked with CORS and credentials: ${JSON.stringify(fetched)}`,
          );
        } finally {
          await origins.close();
        }
      },
      { signedIn: true },
    ));
}

test.run();

// ---------------------------------------------------------------------------------------------

/** The informational answers and the final headers of a GET, as a browser would see them. */
function getWithHints(url: string, cookie?: string): Promise<{ hints: { status: number; link: unknown }[]; link: unknown }> {
  return new Promise((resolve, reject) => {
    const hints: { status: number; link: unknown }[] = [];
    const req = httpGet(url, { headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ hints, link: res.headers.link }));
    });
    req.on('information', (info) => hints.push({ status: info.statusCode, link: info.headers.link }));
    req.on('error', reject);
    req.end();
  });
}

nodeCheck(
  'the host page answer: a 103 Early Hints and the page itself carry the Link headers of the mode the demo plays; under the gateway only with a session',
  async () => {
    const { startDemoServer } = await import('../../demo/server.mjs');
    const server = await startDemoServer({ quiet: true });
    try {
      const expected = {
        secgw: GATEWAY,
        oracle: ORACLE,
        token: ['/api/web/ClientConfiguration'],
      };
      const { name, value } = server.createSession();
      const session = `${name}=${value}`;
      for (const [auth, paths] of Object.entries(expected)) {
        server.setOptions({ auth: auth as 'secgw' | 'oracle' | 'token' });
        const links = paths.map((path) => `<${path}>; rel=preload; as=fetch`);
        const answer = await getWithHints(`${server.url}/web/`, session);
        assert.equal(answer.hints, [{ status: 103, link: links.join(', ') }], `${auth}: one 103 with the links`);
        assert.is(answer.link, links.join(', '), `${auth}: the page's own Link header`);
      }
      // Signed out, the start goes to the sign-in page: WebKit answered the preload of the page it
      // came back to with the 401 of the page it left (demo/preload.mjs).
      server.setOptions({ auth: 'secgw' });
      const signedOut = await getWithHints(`${server.url}/web/`);
      assert.equal([signedOut.hints, signedOut.link], [[], undefined], 'the gateway without a session: nothing preloaded');
      const dev = await getWithHints(`${server.url}/web/?dev`, session);
      assert.equal([dev.hints, dev.link], [[], undefined], 'the development bundle asks /api/: nothing preloaded');
    } finally {
      await server.close();
    }
  },
);

nodeCheck.run();

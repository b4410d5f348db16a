// The README's screenshots, taken from the demo in each engine of the real-browser suite:
//
//   npm run screenshots                  builds first (npm run build), then writes docs/screenshots/*.png
//   npm run screenshots -- --no-build    uses dist/ as it is
//   E2E_BROWSERS=firefox npm run screenshots   one engine (default: every engine installed)
//   npm run screenshots -- --only=restored      only the shots whose name contains `restored` (no /logs/ page)
//
// Each engine at xs (375 px) and lg (1440 px), light and dark, and the demo's /logs/ page light and
// dark; the demo's product (a ticket list and a ticket) light and dark at xs and lg; Chromium also
// the open speed dial, the list in German, the not-found panel and a failed start; the sign-in dialog
// over a half-typed ticket form and the leave question, light and dark at xs and lg. The demo server runs in-process on a free port, playing the
// security gateway with a signed-in session, so the header shows a user. Each shot waits for what
// it shows (the started client, the open menu, the Retry button), never for time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoJwt, startDemoServer } from '../demo/server.mjs';
import { byRole, clientReady, fab, menu } from '../test/e2e/client.ts';
import { driverFor } from '../test/e2e/driver/index.ts';
import { engineVersion, findEngine, selectedEngines } from '../test/e2e/engines.mjs';
import { seedSession, waitFor } from '../test/e2e/harness.ts';
import { Page } from '../test/e2e/page.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs', 'screenshots');
const XS = { width: 375, height: 812 };
const LG = { width: 1440, height: 900 };
const LOGS_VIEWPORT = { width: 1280, height: 900 };

/** What each picture shows, in every engine: `{engine}-{scheme}-{size}.png`. */
const EVERY_ENGINE = [
  { name: 'light-xs', viewport: XS, colorScheme: 'light', path: '/web/', setup: started },
  { name: 'light-lg', viewport: LG, colorScheme: 'light', path: '/web/', setup: started },
  { name: 'dark-xs', viewport: XS, colorScheme: 'dark', path: '/web/', setup: started },
  { name: 'dark-lg', viewport: LG, colorScheme: 'dark', path: '/web/', setup: started },
  // The demo's product: the ticket list and one ticket (its lazily loaded page), light and dark, xs and lg.
  { name: 'tickets-light-lg', viewport: LG, colorScheme: 'light', path: '/web/tickets?lang=en', setup: ticketList },
  { name: 'tickets-dark-xs', viewport: XS, colorScheme: 'dark', path: '/web/tickets?lang=en', setup: ticketList },
  { name: 'ticket-light-xs', viewport: XS, colorScheme: 'light', path: '/web/tickets/SD-1042?lang=en', setup: oneTicket },
  { name: 'ticket-dark-lg', viewport: LG, colorScheme: 'dark', path: '/web/tickets/SD-1042?lang=en', setup: oneTicket },
  // The working day: the sign-in dialog over a half-typed form, and the question before leaving it.
  { name: 'signin-light-lg', viewport: LG, colorScheme: 'light', path: '/web/tickets/SD-1042?lang=en', setup: sessionEnded },
  { name: 'signin-dark-xs', viewport: XS, colorScheme: 'dark', path: '/web/tickets/SD-1042?lang=en', setup: sessionEnded },
  { name: 'leave-light-xs', viewport: XS, colorScheme: 'light', path: '/web/tickets/SD-1042?lang=en', setup: leaving },
  { name: 'leave-dark-lg', viewport: LG, colorScheme: 'dark', path: '/web/tickets/SD-1042?lang=en', setup: leaving },
];
/** And in Chromium alone: `chromium-{name}.png`. */
const CHROMIUM_ONLY = [
  { name: 'menu', viewport: LG, colorScheme: 'light', path: '/web/', setup: menuOpen },
  { name: 'tickets-de', viewport: LG, colorScheme: 'light', path: '/web/tickets?lang=de', setup: ticketList },
  { name: 'not-found', viewport: LG, colorScheme: 'light', path: '/web/reports?lang=en', setup: notFound },
  { name: 'failed-start', viewport: LG, colorScheme: 'light', path: '/web/', probeStatus: 503, setup: failed },
  // A draft back after a reload: the restore notice with its Discard.
  { name: 'restored-light-lg', viewport: LG, colorScheme: 'light', path: '/web/tickets/SD-1042?lang=en', setup: restored },
  { name: 'restored-dark-xs', viewport: XS, colorScheme: 'dark', path: '/web/tickets/SD-1042?lang=en', setup: restored },
];
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

/** Fonts loaded and the last change painted. */
const settled = async (page) => {
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page.painted();
};

/** The client has started and rendered. */
async function started(page) {
  await clientReady(page);
  await settled(page);
}

/** The product's list, its rows fetched. */
async function ticketList(page) {
  await clientReady(page);
  await byRole(page, 'link', 'SD-1042').waitFor();
  await settled(page);
}

/** One ticket, its page loaded and its data fetched. */
async function oneTicket(page) {
  await clientReady(page);
  await page.locator('#emweb >> dl').waitFor();
  await settled(page);
}

/** Types a comment into the ticket's form as a keyboard leaves it: the value, then the `input` event. */
async function typeComment(page) {
  await page.locator('#emweb >> textarea').waitFor();
  await page.evaluate(() => {
    const field = document.querySelector('#emweb').shadowRoot.querySelector('textarea');
    field.value = 'Toner replaced, test page printed. Waiting for the user to confirm';
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The form half typed, the gateway's session ended on the server, Save pressed: the sign-in dialog over it. */
async function sessionEnded(page) {
  await oneTicket(page);
  await typeComment(page);
  await page.evaluate(() => fetch('/demo/end-session', { method: 'POST', credentials: 'include' }).then(() => true));
  await page.locator('#emweb >> form button[type="submit"]').click();
  await byRole(page, 'dialog').waitFor();
  await settled(page);
}

/** The form half typed, then the way back to the list: "Leave this page?". */
async function leaving(page) {
  await oneTicket(page);
  await typeComment(page);
  await page.locator('#emweb >> a[href="/web/tickets"]').click();
  await byRole(page, 'alertdialog').waitFor();
  await settled(page);
}

/** The form half typed and kept, the page reloaded: the comment is back, and the notice says so. */
async function restored(page) {
  await oneTicket(page);
  await typeComment(page);
  await page.waitFor(() => Object.keys(localStorage).some((key) => key.startsWith('emweb.draft.')));
  await page.evaluate(() => addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), true));
  await page.reload();
  await oneTicket(page);
  await page.locator('#emweb >> [role=status] >> has-text=Restored unsaved changes').waitFor();
  await settled(page);
}

async function notFound(page) {
  await clientReady(page);
  await byRole(page, 'heading', 'Page not found').waitFor();
  await settled(page);
}

async function menuOpen(page) {
  await clientReady(page);
  await fab(page).click();
  await menu(page).waitFor();
  await settled(page);
}

async function failed(page) {
  await byRole(page, 'button', 'Retry').waitFor();
  await settled(page);
}

/**
 * The demo's /logs/ page with what a support engineer meets there: an error the client sent (a host
 * whose onSignInRequired throws), its stack read back to src/; the same batch again, marked as a
 * duplicate; and a grouped warning with its context.
 */
async function logsReceived(driver, server, colorScheme) {
  server.reset();
  server.setOptions({ probeStatus: null });
  const session = await driver.open({ viewport: LOGS_VIEWPORT, colorScheme });
  try {
    const page = new Page(driver.name, session.tab);
    await page.goto(`${server.url}/e2e/throwing-signin.html`);
    const sent = await waitFor(
      () => server.accepted.find((batch) => batch.entries.some((e) => /onSignInRequired/.test(e.message))),
      {
        what: "the client's error at the server",
      },
    );
    const post = (body, key) =>
      fetch(`${server.url}/api/web/clientlogger/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
      });
    const now = Date.now();
    const grouped = {
      level: 4,
      message: 'Grid refresh slow: 2300 ms',
      additional: [],
      timestamp: new Date(now).toISOString(),
      repeated: 12,
      firstTimestamp: new Date(now - 45_000).toISOString(),
      context: { screen: 'tickets', tenant: 'acme' },
    };
    await post(JSON.stringify([grouped]), 'c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f');
    await post(sent.body, sent.key);
    await page.goto(`${server.url}/logs/`);
    await page.waitFor(() => document.querySelectorAll('main section').length === 3);
    await settled(page);
    const file = join(DOCS, `logs-${driver.name}-${colorScheme}.png`);
    await page.screenshot(file);
    console.log(
      `${relative(ROOT, file)}  ${LOGS_VIEWPORT.width}×${LOGS_VIEWPORT.height} ${colorScheme}  ${statSync(file).size} bytes`,
    );
  } finally {
    await session.close();
  }
}

function build() {
  if (process.argv.includes('--no-build')) {
    if (!existsSync(join(ROOT, 'dist', 'emweb.js'))) throw new Error('dist/emweb.js is missing: run `npm run build` first.');
    return;
  }
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function shoot(driver, server, shot) {
  server.setOptions({ probeStatus: shot.probeStatus ?? null });
  const session = await driver.open({ viewport: shot.viewport, colorScheme: shot.colorScheme });
  try {
    const page = new Page(driver.name, session.tab);
    await seedSession(page, server, { signedIn: true, localStorage: { jwt: demoJwt() } });
    await page.goto(server.url + shot.path);
    await shot.setup(page);
    const file = join(DOCS, `${driver.name}-${shot.name}.png`);
    await page.screenshot(file);
    console.log(
      `${relative(ROOT, file)}  ${shot.viewport.width}×${shot.viewport.height} ${shot.colorScheme}  ${statSync(file).size} bytes`,
    );
  } finally {
    await session.close();
  }
}

async function main() {
  build();
  mkdirSync(DOCS, { recursive: true });
  const server = await startDemoServer({ quiet: true, auth: 'secgw', host: '127.0.0.1', port: 0 });
  try {
    for (const name of selectedEngines()) {
      const driver = driverFor(name);
      if ('missing' in driver) {
        console.warn(`${name}: ${driver.missing}; no screenshots from it`);
        continue;
      }
      try {
        console.log(`== ${engineVersion(findEngine(name))}`);
        for (const shot of name === 'chromium' ? [...EVERY_ENGINE, ...CHROMIUM_ONLY] : EVERY_ENGINE) {
          if (!ONLY || shot.name.includes(ONLY)) await shoot(driver, server, shot);
        }
        if (!ONLY) for (const colorScheme of ['light', 'dark']) await logsReceived(driver, server, colorScheme);
      } finally {
        await driver.quit();
      }
    }
  } finally {
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`screenshots: ${error.message}`);
    process.exit(1);
  },
);

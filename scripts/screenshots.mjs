// The README's screenshots, taken from the demo in Debian's Chromium:
//
//   npm run screenshots                  builds first (npm run build), then writes docs/*.png
//   npm run screenshots -- --no-build    uses dist/ as it is
//
// The demo server runs in-process on a free port, playing the security gateway with a signed-in
// session, so the header shows a user. Each shot waits for what it shows (the started client, the
// open menu, the Retry button), never for time. CHROMIUM_PATH overrides /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { demoJwt, startDemoServer } from '../demo/server.mjs';
import { CHROMIUM_ARGS, sessionCookie } from '../test/e2e/harness.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');
const XS = { width: 375, height: 812 };
const LG = { width: 1440, height: 900 };

/** What each picture shows. `setup` runs on the page once the host page has loaded. */
const SHOTS = [
  { file: 'screenshot-light-xs.png', viewport: XS, colorScheme: 'light', path: '/web/', setup: started },
  { file: 'screenshot-light-lg.png', viewport: LG, colorScheme: 'light', path: '/web/', setup: started },
  { file: 'screenshot-dark-xs.png', viewport: XS, colorScheme: 'dark', path: '/web/', setup: started },
  { file: 'screenshot-dark-lg.png', viewport: LG, colorScheme: 'dark', path: '/web/', setup: started },
  { file: 'screenshot-menu.png', viewport: LG, colorScheme: 'light', path: '/web/', setup: menuOpen },
  { file: 'screenshot-host-screen.png', viewport: LG, colorScheme: 'light', path: '/web/?screen=tickets', setup: started },
  { file: 'screenshot-failed-start.png', viewport: LG, colorScheme: 'light', path: '/web/', probeStatus: 503, setup: failed },
];

/** The client has started and rendered, and the page has stopped loading. */
async function started(page) {
  await page.evaluate(() => window.EMWeb.bootstrap());
  await page.locator('#emweb button[aria-haspopup="menu"]').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

async function menuOpen(page) {
  await started(page);
  await page.locator('#emweb button[aria-haspopup="menu"]').click();
  await page.getByRole('menu').waitFor();
}

async function failed(page) {
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  await page.waitForLoadState('networkidle');
}

function build() {
  if (process.argv.includes('--no-build')) {
    if (!existsSync(join(ROOT, 'dist', 'emweb.js'))) throw new Error('dist/emweb.js is missing: run `npm run build` first.');
    return;
  }
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function shoot(browser, server, shot) {
  server.setOptions({ probeStatus: shot.probeStatus ?? null });
  const context = await browser.newContext({
    viewport: shot.viewport,
    colorScheme: shot.colorScheme,
    storageState: {
      cookies: [sessionCookie(server)],
      origins: [{ origin: server.url, localStorage: [{ name: 'jwt', value: demoJwt() }] }],
    },
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(server.url + shot.path, { waitUntil: 'load' });
    await shot.setup(page);
    const file = join(DOCS, shot.file);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(
      `${relative(ROOT, file)}  ${shot.viewport.width}×${shot.viewport.height} ${shot.colorScheme}  ${statSync(file).size} bytes`,
    );
  } finally {
    await context.close();
  }
}

async function main() {
  build();
  mkdirSync(DOCS, { recursive: true });
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (apt-get install -y chromium)`);
  const server = await startDemoServer({ quiet: true, auth: 'secgw', host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    for (const shot of SHOTS) await shoot(browser, server, shot);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(`screenshots: ${error.message}`);
  process.exit(1);
});

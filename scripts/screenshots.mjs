// The README's screenshots, taken from the demo in each engine of the real-browser suite:
//
//   npm run screenshots                  builds first (npm run build), then writes docs/screenshots/*.png
//   npm run screenshots -- --no-build    uses dist/ as it is
//   E2E_BROWSERS=firefox npm run screenshots   one engine (default: every engine installed)
//
// Each engine at xs (375 px) and lg (1440 px), light and dark; Chromium also the open speed dial,
// a host screen and a failed start. The demo server runs in-process on a free port, playing the
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
import { seedSession } from '../test/e2e/harness.ts';
import { Page } from '../test/e2e/page.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs', 'screenshots');
const XS = { width: 375, height: 812 };
const LG = { width: 1440, height: 900 };

/** What each picture shows, in every engine: `{engine}-{scheme}-{size}.png`. */
const EVERY_ENGINE = [
  { name: 'light-xs', viewport: XS, colorScheme: 'light', path: '/web/', setup: started },
  { name: 'light-lg', viewport: LG, colorScheme: 'light', path: '/web/', setup: started },
  { name: 'dark-xs', viewport: XS, colorScheme: 'dark', path: '/web/', setup: started },
  { name: 'dark-lg', viewport: LG, colorScheme: 'dark', path: '/web/', setup: started },
];
/** And in Chromium alone: `chromium-{name}.png`. */
const CHROMIUM_ONLY = [
  { name: 'menu', viewport: LG, colorScheme: 'light', path: '/web/', setup: menuOpen },
  { name: 'host-screen', viewport: LG, colorScheme: 'light', path: '/web/?screen=tickets', setup: started },
  { name: 'failed-start', viewport: LG, colorScheme: 'light', path: '/web/', probeStatus: 503, setup: failed },
];

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
          await shoot(driver, server, shot);
        }
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

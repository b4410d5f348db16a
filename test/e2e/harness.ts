// The real-browser harness: each check is written once and runs in Chromium, Firefox and WebKit,
// against the demo server (one server and one fresh browser session per check).
//
//   const test = browserSuite('mount');
//   test('shows the header', () =>
//     withPage({ auth: 'token' }, null, async ({ page, open }) => {
//       await open('/web/');                                       // path on the demo server, waits for load
//       await page.locator('#emweb >> header h1').waitFor();      // ` >> ` steps into shadow roots
//       assert.is(await page.locator('#emweb >> header h1').textContent(), 'Acme Service Desk');
//       await page.locator('role=button[name="Actions"]').click(); // a real pointer click
//       await page.press('Escape');                                // a real key, to whatever has focus
//       assert.equal(await page.problems(), []);                    // no page error, CSP violation, console error
//     }), { skip: { firefox: 'why this engine cannot do it' } });  // only what an engine really cannot do
//   test.run();
//
// The page (page.ts), the same in every engine:
//   goto(url) · url() · waitForURL(url | test) · navigates(action) · reload() · close()
//   evaluate(fn, arg)   runs fn(arg) in the page; fn uses nothing from outside itself; JSON in, JSON out
//   waitFor(fn, arg)    polls fn(arg) in the page until it is truthy (state, never time)
//   locator(selector)   count() isVisible() waitFor('visible'|'hidden'|'attached'|'detached') click()
//                       focus() text() textContent() texts() attribute(name) box() style(props) evaluate(fn)
//     selectors (dom.ts): CSS, `role=menuitem[name="Sign out"]`, `text=Some text`, joined by ` >> `;
//     every part looks into open shadow roots below the part before it
//   press(key) · clickAt(x, y) · setViewport({ width, height }) · screenshot(file?) · painted()
//   newPage(viewport)   another window of the same session (cookies and storage shared)
//   record() · problems()   what the page reported (pages/recorder.js, which the demo server puts first
//                       in every page): uncaught errors, unhandled rejections, CSP violations, console
// withPage's options: the demo server's (demo/server.d.mts: `hold` + `server.release(path)` keep an
// answer back until the check lets it go), the viewport, and { signedIn, localStorage, colorScheme,
// timeoutMs }. A session's colour scheme is fixed when it opens (WebDriver has no way to change it).
//
// Which engine: one per process, E2E_ENGINE=chromium|firefox|webkit (default chromium); the runners
// (test/e2e/run.mjs, `npm test`) run the suite once per engine in E2E_BROWSERS (default all three).
// An engine that is not installed is reported once and its checks skipped; under CI they fail.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import { type DemoServer, type DemoServerOptions, startDemoServer } from '../../demo/server.mjs';
import { driverFor } from './driver/index';
import type { ColorScheme, Driver, EngineName, Viewport } from './driver/types';
import { isCI } from './engines.mjs';
import { Page } from './page';

export type { Viewport };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = join(ROOT, 'test', 'e2e', '.artifacts');
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
const RECORDER = '/e2e/recorder.js';

const ENGINE = (process.env.E2E_ENGINE ?? 'chromium') as EngineName;

// ---------------------------------------------------------------------------------------------
// The engine of this process

const found = driverFor(ENGINE);
// Ended by a signal (a time limit, Ctrl+C), the process still runs its exit handlers: the drivers
// end the browsers and helper processes they started there.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const driver: Driver | null = 'missing' in found ? null : found;
const missing = 'missing' in found ? found.missing : '';

function currentDriver(): Driver {
  if (!driver) throw new Error(missing);
  return driver;
}

let missingNoticePrinted = false;
let suitesLeft = 0;

export interface CheckOptions {
  /** Engines that cannot do what the check needs, each with the reason: the check is skipped there. */
  skip?: Partial<Record<EngineName, string>>;
}

/**
 * A uvu suite of real-browser checks, run in this process's engine. Its checks are skipped when the
 * engine is missing outside CI (under CI each fails, through withPage), or when the check names the
 * engine in `skip`. The browser is ended after the last suite of the process.
 */
export function browserSuite(name: string) {
  const test = suite(`${name} [${ENGINE}]`);
  suitesLeft++;
  test.after(async () => {
    if (--suitesLeft === 0 && driver) await giveUpAfter(driver.quit(), CLOSE_MS, 'ending the browser');
  });
  if (!driver && !isCI() && !missingNoticePrinted) {
    missingNoticePrinted = true;
    console.warn(`\n${missing}\nThe real-browser checks in ${ENGINE} are skipped.\n`);
  }
  const check = (title: string, fn: () => Promise<unknown>, options: CheckOptions = {}) => {
    const why = options.skip?.[ENGINE];
    if (why) console.log(`\n  skipped in ${ENGINE}: ${title}\n    (${why})`);
    const run = async () => void (await fn());
    if (why || (!driver && !isCI())) test.skip(title, run);
    else test(title, run);
  };
  return Object.assign(check, { run: () => test.run(), before: test.before, after: test.after });
}

/**
 * A uvu suite of checks that drive no browser (the demo server from Node): the runners run the
 * suite once per engine, and these only in the first of those runs (E2E_NODE_CHECKS=0 in the others).
 */
export function nodeSuite(name: string): ((title: string, fn: () => unknown) => void) & { run(): void } {
  const test = suite(name);
  if (process.env.E2E_NODE_CHECKS === '0') return Object.assign(() => {}, { run: () => {} });
  return Object.assign((title: string, fn: () => unknown) => test(title, async () => void (await fn())), {
    run: () => test.run(),
  });
}

// ---------------------------------------------------------------------------------------------
// One page against one demo server

export interface PageRun {
  page: Page;
  server: DemoServer;
  engine: EngineName;
  /** The server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Loads `url + path` (default `/web/`) and waits for `load`. */
  open(path?: string): Promise<void>;
}

export interface PageOptions {
  /** localStorage of the server's origin before the first page loads. */
  localStorage?: Record<string, string>;
  /** Starts with a gateway session (signed in through the demo's /auth/signin). */
  signedIn?: boolean;
  /** prefers-color-scheme for the whole session; default light. */
  colorScheme?: ColorScheme;
  /** Whole-run time limit (the session's start included), default 90 s. */
  timeoutMs?: number;
}

/**
 * Starts a demo server (port 0, quiet unless `serverOptions.quiet === false`), opens a fresh session
 * of this process's engine with `viewport` (null: 1280×800), runs `fn`, and closes everything
 * whatever happens. On failure it saves a screenshot under test/e2e/.artifacts/ and prints what the
 * page reported.
 */
export async function withPage<T>(
  serverOptions: DemoServerOptions,
  viewport: Viewport | null,
  fn: (run: PageRun) => Promise<T>,
  pageOptions: PageOptions = {},
): Promise<T> {
  const engine = currentDriver();
  const server = await startServer(serverOptions);
  let session: Awaited<ReturnType<Driver['open']>> | null = null;
  let page: Page | null = null;
  let over = false;
  const check = async () => {
    const opened = await engine.open({ viewport: viewport ?? DEFAULT_VIEWPORT, colorScheme: pageOptions.colorScheme ?? 'light' });
    // A session that came after the time limit is closed here: nobody else will.
    if (over) return void (await opened.close());
    session = opened;
    page = new Page(engine.name, opened.tab);
    await seedSession(page, server, pageOptions);
    const run: PageRun = {
      page,
      server,
      engine: engine.name,
      url: server.url,
      open: (path = '/web/') => page!.goto(server.url + path),
    };
    return fn(run);
  };
  try {
    // The session's start and the seeding count too: nothing a check waits on may hang it.
    return (await withTimeout(check(), pageOptions.timeoutMs ?? 90_000)) as T;
  } catch (error) {
    if (page) await giveUpAfter(reportFailure(page, error), CLOSE_MS, 'the failure report');
    throw error;
  } finally {
    over = true;
    // A browser that hangs closing a session (a page stuck in unload) or a connection that never
    // ends must not hang the run: each step gets its time, then is left behind with a message.
    const opened = session as { close(): Promise<void> } | null;
    if (opened) await giveUpAfter(opened.close(), SESSION_CLOSE_MS, 'closing the browser session');
    await giveUpAfter(server.close(), CLOSE_MS, 'closing the demo server');
  }
}

/**
 * Starts the demo server the way every check's is (port 0, quiet unless `serverOptions.quiet === false`,
 * pages/recorder.js first in every page), once the bundle is built.
 */
function startServer(serverOptions: DemoServerOptions): Promise<DemoServer> {
  requireBundle();
  return startDemoServer({ quiet: true, headScripts: [RECORDER], ...serverOptions });
}

/**
 * For a check that drives a browser of its own (not this process's session): starts the demo server as
 * withPage does, runs `fn` under the same time limit (default 90 s), and closes the server whatever
 * happens. `fn` ends its own browser.
 */
export async function withServer<T>(
  serverOptions: DemoServerOptions,
  fn: (server: DemoServer) => Promise<T>,
  { timeoutMs = 90_000 }: { timeoutMs?: number } = {},
): Promise<T> {
  const server = await startServer(serverOptions);
  try {
    return await withTimeout(fn(server), timeoutMs);
  } finally {
    await giveUpAfter(server.close(), CLOSE_MS, 'closing the demo server');
  }
}

/** How long a clean-up step (the failure report, the server's close, the browser's end) may take. */
const CLOSE_MS = 10_000;
/**
 * A session's close gets longer than the drivers' own bounds on it (WebKit's quit gives up after 30 s
 * and ends its WebKitWebDriver): a close left running would end that driver under the next check.
 */
const SESSION_CLOSE_MS = 40_000;

/** Waits for `step` at most `ms`; a step that fails or takes longer is abandoned with a line on stderr. */
export async function giveUpAfter(step: Promise<unknown>, ms: number, what: string): Promise<void> {
  try {
    await withTimeout(step, ms);
  } catch (error) {
    console.error(`  [e2e ${ENGINE}] ${what} abandoned: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Signs in through the demo gateway (its session cookie) and sets the origin's localStorage, from
 * a page of the origin that runs no client. Storage starts empty: each session is a fresh one.
 */
export async function seedSession(
  page: Page,
  server: DemoServer,
  { signedIn, localStorage: entries }: PageOptions,
): Promise<void> {
  if (!signedIn && !entries) return;
  const blank = `${server.url}/e2e/blank.html`;
  if (signedIn) {
    await page.goto(`${server.url}/auth/signin?returnUrl=/e2e/blank.html`);
    await page.waitForURL(blank, { what: 'the gateway to hand over' });
  } else {
    await page.goto(blank);
  }
  await page.evaluate((values) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries ?? {});
}

async function reportFailure(page: Page, error: unknown): Promise<void> {
  try {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `failure-${ENGINE}-${Date.now()}.png`);
    await withTimeout(page.screenshot(file), 5_000);
    const lines = await withTimeout(page.problems(), 5_000);
    console.error(
      `\n  [e2e ${ENGINE}] ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n` +
        `  [e2e ${ENGINE}] page: ${await withTimeout(page.url(), 5_000)}\n  [e2e ${ENGINE}] screenshot: ${file}\n` +
        lines.map((line) => `  [e2e ${ENGINE}] ${line}`).join('\n'),
    );
  } catch {
    // The report is a courtesy: the original failure is what counts.
  }
}

function requireBundle(): void {
  if (!existsSync(join(ROOT, 'dist', 'emweb.js'))) {
    throw new Error('dist/emweb.js is missing: run `npm run build` before the e2e tests.');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`e2e run timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// Waiting and accessibility

/** Polls `condition` in Node (e.g. on `server.logBatches`) until it returns a truthy value. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

let axeSource: string | null = null;

/**
 * Runs axe-core in the page (evaluated by the driver, which the page's CSP does not govern) on
 * `include` (default the mount element; axe descends into open shadow roots) and returns the violations.
 */
export async function runAxe(page: Page, include = '#emweb'): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(`(() => { if (!window.axe) { ${axeSource}\n} return true; })()`);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown): Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run({ include: [selector] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n: { target: unknown }) => JSON.stringify(n.target)),
    }));
  }, include);
}

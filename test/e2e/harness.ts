// The real-browser harness: Debian's Chromium driven by playwright-core, against the demo server.
//
//   const test = browserSuite('mount');                 // skips cleanly when Chromium is missing
//   test('shows the header', () =>
//     withPage({ auth: 'token' }, null, async ({ page, open, problems }) => {
//       await open('/web/');
//       await page.locator('#emweb header').waitFor();    // CSS locators pierce open shadow roots
//       assert.equal(problems(), []);
//     }));
//   test.run();
//
// Shadow DOM: Playwright's CSS, text and role locators pierce OPEN shadow roots, so
// `page.locator('#emweb button')` and `page.getByRole('button', { name })` reach the client's UI
// (checked by demo.e2e.ts on pages/shadow-check.html). They do not pierce closed roots, and XPath
// locators pierce nothing. `page.evaluate` and `$eval` see the DOM as scripts do (use `.shadowRoot`).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Response } from 'playwright-core';
import { suite, type Test } from 'uvu';
import { type DemoServer, type DemoServerOptions, startDemoServer } from '../../demo/server.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = join(ROOT, 'test', 'e2e', '.artifacts');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

const isCI = (): boolean => !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

// ---------------------------------------------------------------------------------------------
// Chromium

let missingNoticePrinted = false;

/**
 * The Chromium executable: `$CHROMIUM_PATH`, else /usr/bin/chromium. Missing: `null` (the suites
 * skip, with one notice saying how to install it), except under CI, where it throws.
 */
function findChromium(): string | null {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const message =
    `Chromium not found at ${path}. Install it with:\n` +
    `  apt-get update && apt-get install -y chromium\n` +
    `or point CHROMIUM_PATH at a Chromium binary.`;
  if (isCI()) throw new Error(message);
  if (!missingNoticePrinted) {
    missingNoticePrinted = true;
    console.warn(`\n${message}\nThe real-browser tests are skipped.\n`);
  }
  return null;
}

let browser: Promise<Browser> | null = null;

/** The one shared headless browser, launched on first use; `closeBrowser()` ends it. */
function launch(): Promise<Browser> {
  if (!browser) {
    const executablePath = findChromium();
    if (!executablePath) return Promise.reject(new Error('Chromium is not installed (see the notice above)'));
    browser = chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS }).catch((error: unknown) => {
      browser = null;
      throw error;
    });
  }
  return browser;
}

async function closeBrowser(): Promise<void> {
  const pending = browser;
  browser = null;
  if (pending) await (await pending.catch(() => null))?.close();
}

/**
 * A uvu suite for real-browser tests: its tests are skipped when Chromium is missing outside CI
 * (under CI each one fails instead, through launch()), and the shared browser is closed after the
 * suite, so one browser serves one test file's suite.
 */
export function browserSuite(name: string): Test {
  const test = suite(name);
  test.after(closeBrowser);
  if (isCI() || findChromium()) return test;
  const skip = (testName: string) => test.skip(testName);
  return Object.assign(skip, { only: skip, skip: test.skip, before: test.before, after: test.after, run: test.run });
}

// ---------------------------------------------------------------------------------------------
// One page against one demo server

interface CspViolation {
  violatedDirective: string;
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
  disposition: string;
}

interface ConsoleEntry {
  type: string;
  text: string;
  location: string;
}

export interface PageRun {
  page: Page;
  context: BrowserContext;
  server: DemoServer;
  /** The server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Navigates to `url + path` (default `/web/`) and waits for `load`. */
  open(path?: string): Promise<Response | null>;
  consoleMessages: ConsoleEntry[];
  pageErrors: Error[];
  /** From `securitypolicyviolation` events, in every document of the context, across navigations. */
  cspViolations: CspViolation[];
  /** `METHOD url: reason` of requests that failed at the network level (aborted, refused, blocked). */
  failedRequests: string[];
  /**
   * Page errors, CSP violations and console errors, one line each: `[]` when the page ran clean.
   * Chromium's "Failed to load resource" lines are left out: the probe's expected 401/404 cause them.
   */
  problems(): string[];
}

export interface PageOptions {
  /** localStorage of the server's origin before the first page loads. */
  localStorage?: Record<string, string>;
  /** Starts with a gateway session cookie (secgw signed in). */
  signedIn?: boolean;
  /** Whole-run time limit, default 60 s; single Playwright actions time out after 10 s. */
  timeoutMs?: number;
}

export type Viewport = { width: number; height: number };

/** Records CSP violations of every document into the Node side through an exposed binding. */
function recordCspViolations(): void {
  const report = (window as unknown as { __e2eCspViolation(v: unknown): void }).__e2eCspViolation;
  window.addEventListener(
    'securitypolicyviolation',
    (e) => {
      void report({
        violatedDirective: e.violatedDirective,
        effectiveDirective: e.effectiveDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        lineNumber: e.lineNumber,
        sample: e.sample,
        disposition: e.disposition,
      });
    },
    true,
  );
}

/**
 * Starts a demo server (port 0, quiet unless `serverOptions.quiet === false`), opens a fresh browser
 * context and page with `viewport` (null: 1280×800), runs `fn`, and closes everything whatever happens.
 * On failure it saves a screenshot under test/e2e/.artifacts/ and prints what the page reported.
 */
export async function withPage<T>(
  serverOptions: DemoServerOptions,
  viewport: Viewport | null,
  fn: (run: PageRun) => Promise<T>,
  pageOptions: PageOptions = {},
): Promise<T> {
  requireBundle();
  const server = await startDemoServer({ quiet: true, ...serverOptions });
  let context: BrowserContext | null = null;
  let run: PageRun | null = null;
  try {
    const browserInstance = await launch();
    context = await browserInstance.newContext({
      viewport: viewport ?? DEFAULT_VIEWPORT,
      storageState: storageStateFor(server, pageOptions),
    });
    run = await prepare(context, server);
    return await withTimeout(fn(run), pageOptions.timeoutMs ?? 60_000);
  } catch (error) {
    if (run) await reportFailure(run, error);
    throw error;
  } finally {
    await context?.close().catch(() => {});
    await server.close();
  }
}

/** A new signed-in gateway session on the demo server, as a cookie a browser context can start with. */
export function sessionCookie(server: DemoServer) {
  const { name, value } = server.createSession();
  return {
    name,
    value,
    domain: new URL(server.url).hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  };
}

function storageStateFor(server: DemoServer, options: PageOptions) {
  const cookies = options.signedIn ? [sessionCookie(server)] : [];
  const localStorage = Object.entries(options.localStorage ?? {}).map(([name, value]) => ({ name, value }));
  return { cookies, origins: localStorage.length ? [{ origin: server.url, localStorage }] : [] };
}

async function prepare(context: BrowserContext, server: DemoServer): Promise<PageRun> {
  const consoleMessages: ConsoleEntry[] = [];
  const pageErrors: Error[] = [];
  const cspViolations: CspViolation[] = [];
  const failedRequests: string[] = [];

  await context.exposeBinding('__e2eCspViolation', (_source, violation: CspViolation) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(recordCspViolations);

  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('console', (message) => {
    const { url, lineNumber } = message.location();
    consoleMessages.push({ type: message.type(), text: message.text(), location: url ? `${url}:${lineNumber}` : '' });
  });
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('requestfailed', (request) => {
    failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });

  return {
    page,
    context,
    server,
    url: server.url,
    open: (path = '/web/') => page.goto(server.url + path, { waitUntil: 'load' }),
    consoleMessages,
    pageErrors,
    cspViolations,
    failedRequests,
    problems: () => [
      ...pageErrors.map((e) => `page error: ${e.message}`),
      ...cspViolations.map((v) =>
        `CSP violation: ${v.effectiveDirective} blocked ${v.blockedURI || '(inline)'} ${v.sample}`.trim(),
      ),
      ...consoleMessages
        .filter((m) => m.type === 'error' && !m.text.startsWith('Failed to load resource'))
        .map((m) => `console error: ${m.text}`),
    ],
  };
}

async function reportFailure(run: PageRun, error: unknown): Promise<void> {
  try {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `failure-${Date.now()}.png`);
    await run.page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    const lines = [...run.problems(), ...run.failedRequests.map((r) => `request failed: ${r}`)];
    console.error(
      `\n  [e2e] ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n` +
        `  [e2e] page: ${run.page.url()}\n  [e2e] screenshot: ${file}\n` +
        lines.map((line) => `  [e2e] ${line}`).join('\n'),
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
// Reaching into the client's shadow root

/** `'open'`, or `null` when the element has no shadow root or a closed one. */
export function shadowRootMode(page: Page, mount = '#emweb'): Promise<'open' | 'closed' | null> {
  return page.$eval(mount, (el) => el.shadowRoot?.mode ?? null);
}

/** Computed values of `properties` on the first element of `locator`. */
export function computedStyle(locator: Locator, properties: string[]): Promise<Record<string, string>> {
  return locator.first().evaluate((el, props) => {
    const style = getComputedStyle(el);
    return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
  }, properties);
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
 * Runs axe-core in the page (through page.evaluate, which the page's CSP does not govern) on
 * `include` (default the mount element; axe descends into open shadow roots) and returns the violations.
 */
export async function runAxe(page: Page, include = '#emweb'): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
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

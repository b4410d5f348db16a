// Debian's Chromium through playwright-core: one browser, a fresh browser context per session.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { DemoServer } from '../../../demo/server.mjs';
import { type DriverFactory, KEY_VALUES, type Tab, type Viewport } from './types';

/** No sandbox (root in a container), no GPU, nothing that reaches beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function tab(context: BrowserContext, page: Page): Tab {
  const messages: string[] = [];
  page.on('console', (message) => void messages.push(`${message.type()}: ${message.text()}`));
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (expression) => page.evaluate(expression),
    clickAt: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(KEY_VALUES[key]),
    type: (text) => page.keyboard.type(text),
    setViewport: (size: Viewport) => page.setViewportSize(size),
    screenshot: () => page.screenshot({ caret: 'hide' }),
    newTab: async (viewport) => {
      const next = await context.newPage();
      await next.setViewportSize(viewport);
      return tab(context, next);
    },
    close: () => page.close(),
    windowUrls: async () => context.pages().map((each) => each.url()),
    closeAskingFirst: () =>
      new Promise<'asked' | 'closed'>((resolve, reject) => {
        page.once('dialog', (dialog) => {
          if (dialog.type() !== 'beforeunload') return reject(new Error(`a ${dialog.type()} dialog came up`));
          resolve('asked');
          void dialog.dismiss();
        });
        page.once('close', () => resolve('closed'));
        page.close({ runBeforeUnload: true }).catch(reject);
      }),
    browserConsole: () => [...messages],
  };
}

export const chromiumDriver: DriverFactory = ({ browser: executablePath }) => {
  let browser: Promise<Browser> | null = null;
  const launch = () => {
    browser ??= chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    return browser;
  };
  return {
    name: 'chromium',
    version: async () => `Chromium ${(await launch()).version()}`,
    async open({ viewport, colorScheme }) {
      const context = await (await launch()).newContext({ viewport, colorScheme });
      const page = await context.newPage();
      return { tab: tab(context, page), close: () => context.close() };
    },
    async quit() {
      const launched = browser;
      browser = null;
      await (await launched?.catch(() => null))?.close();
    },
  };
};

/** A new signed-in gateway session on the demo server, as a cookie a Playwright context can start with (the benchmarks). */
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

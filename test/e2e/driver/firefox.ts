// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: a fresh browser context per
// session, each tab its own window (a background tab would be hidden, and a hidden page is one the
// client treats as going away). WebDriver BiDi cannot emulate the colour scheme, so the scheme is
// a preference the browser starts with: one browser per scheme, each launched on first use.
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { type ColorScheme, type DriverFactory, KEY_VALUES, type Tab, type Viewport } from './types';

/** `layout.css.prefers-color-scheme.content-override`: 0 dark, 1 light. */
const SCHEME_PREF: Record<ColorScheme, number> = { dark: 0, light: 1 };

async function newWindow(context: BrowserContext, viewport: Viewport): Promise<Page> {
  const page = await context.newPage({ type: 'window' });
  await page.setViewport(viewport);
  return page;
}

function tab(context: BrowserContext, page: Page): Tab {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (expression) => page.evaluate(expression),
    clickAt: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(KEY_VALUES[key] as Parameters<Page['keyboard']['press']>[0]),
    type: (text) => page.keyboard.type(text),
    setViewport: (size) => page.setViewport(size),
    screenshot: async () => Buffer.from(await page.screenshot()),
    newTab: async (viewport) => tab(context, await newWindow(context, viewport)),
    close: () => page.close(),
    windowUrls: async () => (await context.pages()).map((each) => each.url()),
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
  };
}

export const firefoxDriver: DriverFactory = ({ browser: executablePath }) => {
  const browsers = new Map<ColorScheme, Promise<Browser>>();
  const launch = (scheme: ColorScheme) => {
    let browser = browsers.get(scheme);
    if (!browser) {
      browser = puppeteer.launch({
        browser: 'firefox',
        executablePath,
        headless: true,
        extraPrefsFirefox: { 'layout.css.prefers-color-scheme.content-override': SCHEME_PREF[scheme] },
      });
      browsers.set(scheme, browser);
    }
    return browser;
  };
  return {
    name: 'firefox',
    version: async () => `Firefox ${(await (await launch('light')).version()).replace(/^firefox\//, '')}`,
    async open({ viewport, colorScheme }) {
      const context = await (await launch(colorScheme)).createBrowserContext();
      const page = await newWindow(context, viewport);
      return { tab: tab(context, page), close: () => context.close() };
    },
    async quit() {
      const launched = [...browsers.values()];
      browsers.clear();
      await Promise.all(launched.map(async (browser) => (await browser.catch(() => null))?.close()));
    },
  };
};

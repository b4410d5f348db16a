// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: a fresh browser context per
// session, each tab its own window (a background tab would be hidden, and a hidden page is one the
// client treats as going away). WebDriver BiDi cannot emulate the colour scheme, so the scheme is
// a preference the browser starts with: one browser per scheme, each launched on first use.
import puppeteer, { type Browser } from 'puppeteer-core';
import { newWindow, puppeteerTab } from './puppeteerTab';
import type { ColorScheme, DriverFactory } from './types';

/** `layout.css.prefers-color-scheme.content-override`: 0 dark, 1 light. */
const SCHEME_PREF: Record<ColorScheme, number> = { dark: 0, light: 1 };

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
      return { tab: puppeteerTab(context, page), close: () => context.close() };
    },
    async quit() {
      const launched = [...browsers.values()];
      browsers.clear();
      await Promise.all(launched.map(async (browser) => (await browser.catch(() => null))?.close()));
    },
  };
};

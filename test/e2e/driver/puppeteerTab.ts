// A window of a puppeteer-core browser context as the harness's Tab: Firefox's driver (over WebDriver
// BiDi) and the frozen-tab check's own Chromium (over the DevTools protocol) drive their windows alike.
import type { BrowserContext, Page } from 'puppeteer-core';
import { KEY_VALUES, type Tab, type Viewport } from './types';

/** A top-level window of its own: a tab in the background of another window would be hidden. */
export async function newWindow(context: BrowserContext, viewport: Viewport): Promise<Page> {
  const page = await context.newPage({ type: 'window' });
  await page.setViewport(viewport);
  return page;
}

export function puppeteerTab(context: BrowserContext, page: Page): Tab {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (expression) => page.evaluate(expression),
    clickAt: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(KEY_VALUES[key] as Parameters<Page['keyboard']['press']>[0]),
    type: (text) => page.keyboard.type(text),
    setViewport: (size) => page.setViewport(size),
    screenshot: async () => Buffer.from(await page.screenshot()),
    newTab: async (viewport) => puppeteerTab(context, await newWindow(context, viewport)),
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

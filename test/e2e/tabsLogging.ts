// What the checks of one sender per browser read of the tabs and of the server (tabs-logging.e2e.ts,
// frozen-sender.e2e.ts): each tab's logger stats and role, and the entries the server stored.
import type { DemoServer } from '../../demo/server.mjs';
import { clientReady } from './client';
import type { Page } from './page';

/** The page whose client each tab loads: manual.js starts it with the query's logger options. */
const MANUAL = '/e2e/manual.html';
export const VIEWPORT = { width: 1024, height: 700 };

type Stats = { logged: number; sent: number; queued: number; dropped: number; tabRole: string };
export const stats = (page: Page): Promise<Stats> => page.evaluate(() => (window as any).EMWeb.logger.stats());
export const role = (page: Page): Promise<string> => page.evaluate(() => (window as any).EMWeb.logger.stats().tabRole);

/** Logs each message as an error in the tab, in order. */
export const log = (page: Page, ...messages: string[]): Promise<void> =>
  page.evaluate((ms) => {
    for (const m of ms) (window as any).EMWeb.logger.error(m);
  }, messages);

/** The entries the server accepted, each batch once (a batch sent again under its key is left out). */
export const storedMessages = (server: DemoServer): string[] =>
  server.accepted.flatMap((batch) => batch.entries.map((e) => String(e.message)));

/** Loads the client in the tab with the logger options of `query`, and waits until it has started. */
export async function openClient(page: Page, url: string, query: string): Promise<void> {
  await page.goto(`${url}${MANUAL}?${query}`);
  await clientReady(page, '#app');
}

/** Waits until the tab's logger has the role `tabRole`. */
export const waitForRole = (page: Page, tabRole: string, what: string): Promise<unknown> =>
  page.waitFor((want) => (window as any).EMWeb.logger.stats().tabRole === want, tabRole, { what });

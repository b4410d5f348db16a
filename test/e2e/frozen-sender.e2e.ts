// The sending tab frozen the way a browser freezes a background tab (issue 38; contract: "One sender
// per browser"): in Chromium, through the DevTools protocol's `Page.setWebLifecycleState`, which hides
// the page, fires `freeze` and stops its tasks. Playwright's contexts keep every page visible (its focus
// emulation), and a freeze does nothing there, so this check starts a Chromium of its own through
// puppeteer-core, which emulates no focus, with each tab in a window of its own (all visible). Its
// storage service is held while the sender is frozen (holdStorage): localStorage lags the lock.
// Every wait is on state (roles, flushes, the server's records), the scenario's 300 ms aside.

import puppeteer, { type Browser, type BrowserContext, type Page as RawPage } from 'puppeteer-core';
import * as assert from 'uvu/assert';
import type { DemoServer } from '../../demo/server.mjs';
import { CHROMIUM_ARGS } from './driver/chromium';
import { newWindow, puppeteerTab } from './driver/puppeteerTab';
import { findEngine } from './engines.mjs';
import { browserSuite, giveUpAfter, waitFor, withServer } from './harness';
import { Page } from './page';
import { log, openClient, stats, storedMessages, VIEWPORT } from './tabsLogging';

const test = browserSuite('frozen-sender');

const SKIP = {
  firefox: 'a page can be frozen only through the DevTools protocol of Chromium; WebDriver BiDi has no such command',
  webkit: 'a page can be frozen only through the DevTools protocol of Chromium; WebKitWebDriver has no such command',
};

/**
 * The logger as shipped (20 entries a batch, every 10 s): the entries are still in the sender's queue
 * when it is frozen, so its batch of them is formed as it is hidden, as the next sender takes over.
 */
const QUERY = 'batchSize=20&flushIntervalMs=10000';
/** The scenario's: the other tabs have handed their entries on by then, and the sender holds them. */
const FREEZE_AFTER_MS = 300;

interface Opened {
  raw: RawPage;
  page: Page;
}

/** A Chromium of this check's own, ended whatever happens (killed if it will not close). */
async function withChromium<T>(fn: (context: BrowserContext, browser: Browser) => Promise<T>): Promise<T> {
  const found = findEngine('chromium');
  if (!found.paths) throw new Error(found.missing);
  const browser: Browser = await puppeteer.launch({
    executablePath: found.paths.browser,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    return await fn(await browser.createBrowserContext(), browser);
  } finally {
    await giveUpAfter(browser.close(), 10_000, 'ending the frozen-sender check’s Chromium');
    browser.process()?.kill('SIGKILL');
  }
}

/** Sets the page's lifecycle state as Chromium does for a background tab (`frozen`) and back (`active`). */
async function setLifecycle(tab: Opened, state: 'frozen' | 'active'): Promise<void> {
  const session = await tab.raw.createCDPSession();
  try {
    await session.send('Page.setWebLifecycleState', { state });
  } finally {
    await session.detach();
  }
}

/**
 * Holds back every tab's localStorage writes from the other tabs, as a loaded machine may: Chromium
 * keeps localStorage in a process of its own (the storage service), and each tab's copy learns of
 * another's writes from it, by a path unordered with the lock and the channel (the browser process's).
 * Each window has a renderer of its own already; left alone, the record still came first in every run,
 * and the check passed on the code with the race too. So that process is stopped (SIGSTOP) until the
 * function it returns is called: the record the sender writes as it is frozen reaches the next sender
 * after the lock does.
 */
async function holdStorage(browser: Browser): Promise<() => void> {
  const session = await browser.target().createCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await session.detach();
  const storage = processInfo.filter((p) => p.type.includes('StorageService'));
  assert.is(storage.length, 1, `one storage service among ${JSON.stringify(processInfo)}`);
  const pid = storage[0]!.id;
  process.kill(pid, 'SIGSTOP');
  return () => {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone with its browser: nothing left to resume
    }
  };
}

/** From now on the page notes its visibility changes and `freeze`: read once it runs again. */
const watchLifecycle = (page: Page) =>
  page.evaluate(() => {
    const w = window as any;
    w.__e2eLifecycle = [];
    document.addEventListener('visibilitychange', () => w.__e2eLifecycle.push(document.visibilityState));
    document.addEventListener('freeze', () => w.__e2eLifecycle.push('freeze'));
  });

/** Three windows of one browser context, each with the client started; their roles settled: one sends. */
async function threeWindows(context: BrowserContext, url: string): Promise<{ sender: Opened; others: Opened[] }> {
  const windows: Opened[] = [];
  for (let i = 0; i < 3; i++) {
    const raw = await newWindow(context, VIEWPORT);
    const page = new Page('chromium', puppeteerTab(context, raw));
    await openClient(page, url, QUERY);
    await watchLifecycle(page);
    windows.push({ raw, page });
  }
  const roles = await waitFor(
    async () => {
      const now = await Promise.all(windows.map(async (w) => (await stats(w.page)).tabRole));
      const settled = now.filter((r) => r === 'sender').length === 1 && now.filter((r) => r === 'follower').length === 2;
      return settled ? now : null;
    },
    { what: 'one tab sending, two handing their entries on' },
  );
  const visible = await Promise.all(windows.map((w) => w.page.evaluate(() => document.visibilityState)));
  assert.equal(visible, ['visible', 'visible', 'visible'], 'every window visible before the freeze');
  const at = roles!.indexOf('sender');
  return { sender: windows[at]!, others: windows.filter((_, i) => i !== at) };
}

/** Each message's Idempotency-Keys among the batches the server answered 2xx (duplicates included). */
function keysOf(server: DemoServer, messages: string[]): Record<string, string[]> {
  const keys: Record<string, Set<string>> = Object.fromEntries(messages.map((m) => [m, new Set<string>()]));
  for (const batch of server.logBatches) {
    if (batch.status < 200 || batch.status >= 300) continue;
    for (const entry of batch.entries) keys[String(entry.message)]?.add(String(batch.key));
  }
  return Object.fromEntries(Object.entries(keys).map(([m, set]) => [m, [...set]]));
}

/** Every message at the server exactly once after de-duplication by key: none lost, none under two keys. */
function assertEachOnce(server: DemoServer, messages: string[], when: string): void {
  const stored = storedMessages(server);
  const counts = messages.map((m) => stored.filter((s) => s === m).length);
  assert.equal(
    counts,
    messages.map(() => 1),
    `${when}: each entry stored once (${JSON.stringify(keysOf(server, messages))})`,
  );
  for (const [message, keys] of Object.entries(keysOf(server, messages))) {
    assert.is(keys.length, 1, `${when}: ${message} under one key, not ${JSON.stringify(keys)}`);
  }
}

/** Flushes the tab's logger and resolves once the flush settled. */
const flush = (page: Page) => page.evaluate(() => (window as any).EMWeb.logger.flush());

/** Waits until the tab counts each of its `count` entries sent (the ledger of its own, exact). */
const allSent = (page: Page, count: number, what: string) =>
  waitFor(
    async () => {
      const { logged, sent, queued, dropped } = await stats(page);
      return logged === count && sent === count && queued === 0 && dropped === 0;
    },
    { timeoutMs: 15_000, what },
  );

/** Whether every batch a sender recorded in localStorage (`emweb.logger.sent.<key>`) is settled. */
const recordsSettled = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('emweb.logger.sent.'))
      .every((key) => 'settled' in JSON.parse(localStorage.getItem(key) ?? '{}')),
  );

test(
  'the sending tab is frozen as a background tab is: another takes over, and each entry reaches the server once',
  () =>
    withChromium((context, browser) =>
      withServer({ auth: 'oracle' }, async (server) => {
        const { sender, others } = await threeWindows(context, server.url);
        const messages = others.flatMap((_, t) => [1, 2, 3].map((n) => `e2e frozen: tab ${t + 1} #${n}`));
        await Promise.all(others.map((w, t) => log(w.page, ...messages.slice(t * 3, t * 3 + 3))));
        await new Promise((resolve) => setTimeout(resolve, FREEZE_AFTER_MS));
        // The sender's record of its last batch reaches the others only once one of them sends.
        const resumeStorage = await holdStorage(browser);
        try {
          await setLifecycle(sender, 'frozen');
          await waitFor(
            async () => {
              const roles = await Promise.all(others.map(async (w) => (await stats(w.page)).tabRole));
              return roles.includes('sender');
            },
            { what: 'another tab took over' },
          );
        } finally {
          resumeStorage();
        }
        await Promise.all(others.map((w) => flush(w.page)));
        await waitFor(() => messages.every((m) => storedMessages(server).includes(m)), {
          timeoutMs: 15_000,
          what: 'every entry at the server',
        });
        for (const [t, w] of others.entries()) await allSent(w.page, 3, `tab ${t + 1} told its entries were sent`);
        assertEachOnce(server, messages, 'the sender frozen');

        await setLifecycle(sender, 'active');
        // Read once it runs: a frozen page answers nothing. Without the freeze nobody would have taken over.
        const lifecycle = await sender.page.evaluate(() => (window as any).__e2eLifecycle as string[]);
        assert.equal(lifecycle.slice(0, 2), ['hidden', 'freeze'], 'the sender was hidden, then frozen');
        await Promise.all([sender, ...others].map((w) => flush(w.page)));
        for (const w of [sender, ...others]) {
          await waitFor(() => recordsSettled(w.page), { timeoutMs: 15_000, what: 'every recorded batch settled' });
        }
        assertEachOnce(server, messages, 'the sender thawed');
        for (const [t, w] of others.entries()) await allSent(w.page, 3, `tab ${t + 1}'s ledger after the thaw`);
      }),
    ),
  { skip: SKIP },
);

test.run();

// One sender per browser, in real browsers: pages of one browser context share Web Locks,
// BroadcastChannels and localStorage, as tabs do (contract: "Many tabs of one browser", "One sender
// per browser"). Every wait is on state (the pages' stats, the server's records), never on time.
import * as assert from 'uvu/assert';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';
import { log, openClient, role, stats, storedMessages, VIEWPORT, waitForRole } from './tabsLogging';

const test = browserSuite('tabs-logging');

/** Two tabs of one browser on the same page: the first sends, the second hands its entries to it. */
async function twoTabs(page: Page, url: string, query: string): Promise<Page> {
  await openClient(page, url, query);
  await waitForRole(page, 'sender', 'the first tab sends');
  const second = await page.newPage(VIEWPORT);
  await openClient(second, url, query);
  await waitForRole(second, 'follower', 'the second tab hands its entries on');
  return second;
}

test('two tabs log: one request carries both tabs’ entries, and each tab counts its own as sent', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, server, url }) => {
    const second = await twoTabs(page, url, 'batchSize=4');
    await log(page, 'e2e tabs: one #1');
    await log(second, 'e2e tabs: two #1', 'e2e tabs: two #2');
    await log(page, 'e2e tabs: one #2');
    await waitFor(() => storedMessages(server).length >= 4, { what: 'the batch' });
    const batches = server.accepted.filter((batch) => batch.entries.some((e) => String(e.message).startsWith('e2e tabs')));
    assert.is(batches.length, 1, 'one request');
    assert.equal(batches[0]!.entries.map((e) => e.message).sort(), [
      'e2e tabs: one #1',
      'e2e tabs: one #2',
      'e2e tabs: two #1',
      'e2e tabs: two #2',
    ]);
    await second.waitFor(() => (window as any).EMWeb.logger.stats().sent === 2, undefined, { what: 'the second tab told' });
    for (const tab of [page, second]) {
      const { logged, sent, queued, dropped } = await stats(tab);
      assert.equal([logged, sent, queued, dropped], [2, 2, 0, 0]);
    }
  }));

test('the sender tab closes: the other takes over, and every entry reaches the server once', () =>
  withPage({ auth: 'oracle', failLogger: true }, VIEWPORT, async ({ page, server, url }) => {
    const second = await twoTabs(page, url, 'batchSize=3');
    const mine = ['e2e tabs: sender #1', 'e2e tabs: sender #2'];
    const theirs = ['e2e tabs: other #1', 'e2e tabs: other #2', 'e2e tabs: other #3', 'e2e tabs: other #4'];
    await log(second, ...theirs);
    await log(page, ...mine);
    await waitFor(() => server.logBatches.some((batch) => batch.status === 503), { what: 'the sender refused' });
    await page.close();
    await second.waitFor(() => (window as any).EMWeb.logger.stats().tabRole === 'sender', undefined, {
      what: 'the other tab took over',
    });
    // The other tab takes over at the closing page's pagehide, and close() resolves later: seconds
    // later on a loaded machine. Healed only then, the server had refused the new sender meanwhile,
    // and its backoff (1 s, 2 s, 4 s, 8 s …) outlasted the waits below. So the server heals once the
    // other tab sends, and a flush sends at once whatever backoff it is in: every wait below is on
    // the entries, none on a backoff's length.
    server.setOptions({ failLogger: false });
    await second.evaluate(() => (window as any).EMWeb.logger.flush());
    await second.waitFor(() => (window as any).EMWeb.logger.stats().queued === 0, undefined, {
      timeoutMs: 15_000,
      what: 'its entries settled',
    });
    await waitFor(() => [...mine, ...theirs].every((m) => storedMessages(server).includes(m)), {
      timeoutMs: 15_000,
      what: 'every entry at the server',
    });
    const got = storedMessages(server).filter((m) => m.startsWith('e2e tabs'));
    assert.equal([...got].sort(), [...mine, ...theirs].sort(), 'each once');
    const { logged, sent, queued, dropped } = await stats(second);
    assert.equal([logged, sent, queued, dropped], [4, 4, 0, 0]);
  }));

// Chromium's DevTools protocol can set a page's lifecycle state (`Page.setWebLifecycleState`), but the
// headless Chromium here freezes no visible page with it (checked: no `freeze` event, the page goes
// on answering), and a browser freezes only pages in the background, which have given the role up at
// `visibilitychange` already. So the check hands the page the event the browser fires before it
// freezes one, in every engine, with the engines' real locks and channels.
test('the sender tab gets `freeze`: it gives its role up, the other takes over, and rejoins once resumed', () =>
  withPage({ auth: 'oracle' }, VIEWPORT, async ({ page, server, url }) => {
    const second = await twoTabs(page, url, 'batchSize=1');
    await page.evaluate(() => document.dispatchEvent(new Event('freeze')));
    await second.waitFor(() => (window as any).EMWeb.logger.stats().tabRole === 'sender', undefined, {
      what: 'the other tab took over',
    });
    await log(second, 'e2e tabs: after the freeze');
    await waitFor(() => storedMessages(server).includes('e2e tabs: after the freeze'), { what: 'sent by the new sender' });
    await page.evaluate(() => document.dispatchEvent(new Event('resume')));
    await page.waitFor(() => (window as any).EMWeb.logger.stats().tabRole === 'follower', undefined, {
      what: 'the resumed tab hands its entries on',
    });
    await log(page, 'e2e tabs: after the resume');
    await waitFor(() => storedMessages(server).includes('e2e tabs: after the resume'), { what: 'sent through the new sender' });
    assert.is(await role(second), 'sender');
  }));

test.run();

// The hand-over from one sender to the next, with localStorage's writes reaching the other tabs
// late (test/fakes/tabs.ts): the contract's "Many tabs of one browser", "One sender per browser":
// every entry handed to the old sender reaches the server once after de-duplication by
// Idempotency-Key, so every entry goes under one key only, whichever tab sends it.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entriesOf } from '../../fakes/logger';
import { fakeBrowser } from '../../fakes/tabs';

type Browser = ReturnType<typeof fakeBrowser>;

/** The keys each entry (by its message) went under at the server, every request counted. */
function keysByMessage(browser: Browser): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const call of browser.server.calls)
    for (const entry of entriesOf(call.body)) {
      const message = String(entry.message);
      keys.set(message, (keys.get(message) ?? new Set()).add(String(call.key)));
    }
  return keys;
}

/** Three tabs opened one after the other: the first sends, the other two hand it their entries. */
async function threeTabs(browser: Browser) {
  const options = { flushIntervalMs: 2000, batchSize: 20 };
  const tabs = [];
  for (let i = 0; i < 3; i++) {
    tabs.push(browser.openTab(options));
    await browser.settle();
  }
  return tabs as [ReturnType<Browser['openTab']>, ReturnType<Browser['openTab']>, ReturnType<Browser['openTab']>];
}

test('the sender is hidden and frozen after it put handed entries in a batch, and its record reaches the others late: each entry under one key', async () => {
  const browser = fakeBrowser(() => 200, { storageLagMs: 50 });
  const [sender, b, c] = await threeTabs(browser);
  const logged = ['b1', 'b2', 'b3', 'c1', 'c2', 'c3'];
  for (const m of logged.slice(0, 3)) b.logger.error(m);
  for (const m of logged.slice(3)) c.logger.error(m);
  await browser.settle();
  // A hidden page forms its batches and sends them at once; then the browser freezes it.
  sender.hide();
  sender.freeze();
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  await Promise.all([b.logger.flush(), c.logger.flush(), browser.settle()]);
  for (const tab of [b, c]) {
    const { logged: n, sent, queued, dropped } = tab.logger.stats();
    assert.equal([n, sent, queued, dropped], [3, 3, 0, 0], 'each tab counts its own once');
  }
  const keys = keysByMessage(browser);
  assert.equal(
    logged.map((m) => keys.get(m)?.size ?? 0),
    [1, 1, 1, 1, 1, 1],
    'one key for each entry, however many requests carried it',
  );
  assert.equal(
    browser
      .stored()
      .map((entry) => entry.message)
      .sort(),
    logged,
    'once each after de-duplication',
  );
});

type Tab = ReturnType<Browser['openTab']>;
type Step =
  | { tag: 'log' | 'hide' | 'show' | 'freeze' | 'thaw' | 'close' | 'discard'; tab: number }
  | { tag: 'open' }
  | { tag: 'tick'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ tag: fc.constant('log' as const), tab: fc.nat(5) }) },
  fc.record({
    tag: fc.constantFrom(
      'hide' as const,
      'show' as const,
      'freeze' as const,
      'thaw' as const,
      'close' as const,
      'discard' as const,
    ),
    tab: fc.nat(5),
  }),
  fc.record({ tag: fc.constant('open' as const) }),
  { weight: 2, arbitrary: fc.record({ tag: fc.constant('tick' as const), ms: fc.constantFrom(0, 1, 3, 30, 300, 3000) }) },
);

/** One step on the tabs open now; a step that makes no sense for the tab's state is left out. */
async function take(browser: Browser, tabs: Tab[], s: Step, logged: Map<string, Tab>): Promise<void> {
  if (s.tag === 'open') return void tabs.push(browser.openTab({ flushIntervalMs: 200, batchSize: 4 }));
  if (s.tag === 'tick') return void (await browser.tick(s.ms));
  const tab = tabs[s.tab % tabs.length] as Tab;
  const { state } = tab.tab;
  if (state === 'closed') return;
  const hidden = tab.doc.visibilityState === 'hidden';
  if (s.tag === 'log' && state === 'running') {
    const message = `m${logged.size}`;
    logged.set(message, tab);
    tab.logger.error(message);
  } else if (s.tag === 'hide' && state === 'running' && !hidden) tab.hide();
  else if (s.tag === 'show' && state === 'running' && hidden) tab.show();
  else if (s.tag === 'freeze' && state === 'running') tab.freeze();
  else if (s.tag === 'thaw' && state === 'frozen') tab.thaw();
  else if (s.tag === 'close' && state === 'running') tab.close();
  else if (s.tag === 'discard' && state === 'frozen') tab.discard();
}

test('any order of freeze, thaw, hide, close and new senders, localStorage late: each entry under one key, none lost', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(0, 2, 40, 400),
      fc.array(fc.constantFrom<'ok' | 'lost' | 'fail'>('ok', 'ok', 'ok', 'lost', 'fail'), { maxLength: 8 }),
      fc.array(step, { minLength: 1, maxLength: 40 }),
      async (storageLagMs, answers, steps) => {
        const browser = fakeBrowser((_call, n) => ({ ok: 200, lost: 'lost', fail: 503 })[answers[n - 1] ?? 'ok'] as never, {
          storageLagMs,
        });
        const tabs: Tab[] = [];
        for (let i = 0; i < 3; i++) {
          tabs.push(browser.openTab({ flushIntervalMs: 200, batchSize: 4 }));
          await browser.settle();
        }
        const logged = new Map<string, Tab>();
        for (const s of steps) {
          await take(browser, tabs, s, logged);
          await browser.settle();
        }
        // Everything runs again and is visible; a new page takes what closed pages stored.
        for (const tab of tabs) {
          if (tab.tab.state === 'frozen') tab.thaw();
          if (tab.tab.state === 'running' && tab.doc.visibilityState === 'hidden') tab.show();
        }
        tabs.push(browser.openTab({ flushIntervalMs: 200, batchSize: 4 }));
        for (let i = 0; i < 6; i++) {
          await browser.settle();
          await browser.tick(60_000);
        }
        await browser.settle();
        const keys = keysByMessage(browser);
        const underMore = [...logged.keys()].filter((m) => (keys.get(m)?.size ?? 0) > 1);
        assert.equal(underMore, [], 'each entry under one key');
        const stored = browser.stored().map((entry) => String(entry.message));
        const lost = [...logged].filter(([m, tab]) => tab.tab.state === 'running' && !stored.includes(m)).map(([m]) => m);
        assert.equal(lost, [], 'none lost of the tabs still open');
        assert.equal(stored.length, new Set(stored).size, 'none stored twice');
      },
    ),
    { numRuns: 150 },
  );
});

test.run();

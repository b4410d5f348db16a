// One sender per browser over random schedules (fakes of the lock and the channel, one fake clock,
// a server that de-duplicates by Idempotency-Key): tabs that log, flush, turn hidden and visible,
// freeze and thaw, close (and new ones open), while the server fails sends (5xx, no connection,
// an answer lost after it stored the batch).
//
// Checked: after every step every tab's ledger balances (logged === sent + queued + dropped); once
// the schedule is over (every tab thawed and visible, the server well) every entry reached the
// server at most once, every entry a tab still open counted sent is there, what is missing was
// counted dropped, and nothing is left queued.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Answer } from '../fakes/logger';
import { fakeBrowser } from '../fakes/tabs';
import { fault, holds } from './figures';

type Step =
  | { do: 'log' | 'flush' | 'hide' | 'show' | 'freeze' | 'thaw' | 'close'; tab: number }
  | { do: 'open' }
  | { do: 'wait'; ms: number }
  | { do: 'fail'; answer: Answer; times: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant('log' as const), tab: fc.nat(3) }), weight: 6 },
  {
    arbitrary: fc.record({
      do: fc.constantFrom(
        'flush' as const,
        'hide' as const,
        'show' as const,
        'freeze' as const,
        'thaw' as const,
        'close' as const,
      ),
      tab: fc.nat(3),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ do: fc.constant('open' as const) }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 30_000 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      do: fc.constant('fail' as const),
      answer: fc.constantFrom<Answer>(503, 'network', 'lost'),
      times: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 1,
  },
);

async function run(steps: Step[]) {
  let failing: { answer: Answer; times: number } | null = null;
  const browser = fakeBrowser(() => {
    if (!failing || failing.times <= 0) return 200;
    failing.times--;
    fault(`tabs: ${String(failing.answer)}`);
    return failing.answer;
  });
  type Tab = ReturnType<typeof browser.openTab> & { name: string; logged: string[]; open: boolean; frozen: boolean };
  const tabs: Tab[] = [];
  const open = () => {
    const tab = Object.assign(browser.openTab({ batchSize: 3 }), {
      name: `t${tabs.length}`,
      logged: [],
      open: true,
      frozen: false,
    });
    tabs.push(tab);
  };
  open();
  open();
  const flushes: Promise<unknown>[] = [];
  const live = () => tabs.filter((tab) => tab.open);
  for (const s of steps) {
    const tab = 'tab' in s ? live()[s.tab % Math.max(1, live().length)] : undefined;
    if (s.do === 'open' || (!tab && 'tab' in s)) open();
    else if (!tab) {
      // not a step of a tab
    } else if (s.do === 'log' && !tab.frozen) {
      const message = `${tab.name}-${tab.logged.length}`;
      tab.logged.push(message);
      tab.logger.error(message);
    } else if (s.do === 'flush' && !tab.frozen) flushes.push(tab.logger.flush());
    else if (s.do === 'hide' && !tab.frozen) tab.hide();
    else if (s.do === 'show' && !tab.frozen) tab.show();
    else if (s.do === 'freeze' && !tab.frozen) {
      tab.freeze();
      tab.frozen = true;
    } else if (s.do === 'thaw' && tab.frozen) {
      tab.thaw();
      tab.frozen = false;
    } else if (s.do === 'close' && !tab.frozen) {
      tab.close();
      tab.open = false;
    }
    if (s.do === 'wait') await browser.tick(s.ms);
    if (s.do === 'fail') failing = { answer: s.answer, times: s.times };
    await browser.settle();
    for (const each of live()) assert.ok(each.balanced(), `${each.name}: logged = sent + queued + dropped`);
  }
  failing = null;
  for (const tab of live()) {
    if (tab.frozen) tab.thaw();
    tab.frozen = false;
    tab.show();
  }
  // Long enough for any backoff (60 s at most), a lost answer's timeout (15 s), and a Retry-After.
  for (let i = 0; i < 12; i++) await browser.tick(30_000);
  await waitFor(browser, Promise.all(flushes), 'the flushes of the schedule');
  for (const tab of live()) await waitFor(browser, tab.logger.flush(), `${tab.name}: a last flush`);
  await browser.settle();
  return { browser, tabs };
}

/** Moves the fake clock until `promise` settles: a flush may wait on a backoff or on the sender's answer. */
async function waitFor(browser: ReturnType<typeof fakeBrowser>, promise: Promise<unknown>, what: string) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let waited = 0; !done; waited += 1000) {
    assert.ok(waited < 600_000, `${what} settles`);
    await browser.tick(1000);
  }
}

test('one sender per browser: every entry reaches the server once or is counted dropped, and every tab’s ledger is exact', () =>
  holds(
    'tabs schedules',
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
      const { browser, tabs } = await run(steps);
      const times = new Map<string, number>();
      for (const entry of browser.stored()) times.set(entry.message, (times.get(entry.message) ?? 0) + 1);
      assert.equal(
        [...times].filter(([, n]) => n > 1),
        [],
        'no entry stored twice',
      );
      for (const tab of tabs.filter((each) => each.open)) {
        const stats = tab.logger.stats();
        assert.is(stats.queued, 0, `${tab.name}: nothing left queued`);
        const there = tab.logged.filter((message) => times.has(message)).length;
        // A tab's own, and what it took over from the store of a tab that closed (`restored`).
        assert.ok(stats.sent <= there + stats.restored, `${tab.name}: ${stats.sent} counted sent, ${there} on the server`);
        assert.ok(tab.logged.length - there <= stats.dropped, `${tab.name}: what is missing was counted dropped`);
      }
    }),
    Number(process.env.TABS_RUNS ?? 60),
  ));

test.run();

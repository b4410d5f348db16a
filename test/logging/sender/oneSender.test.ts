// One sender per browser, with fakes of the Web Lock and the BroadcastChannel (test/fakes/tabs.ts):
// the contract's "Many tabs of one browser", bullet "One sender per browser".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LoggerOptions } from '../../../src/logging/types';
import { fakeBrowser } from '../../fakes/tabs';

const ledgerOf = (stats: { logged: number; sent: number; queued: number; dropped: number }) => [
  stats.logged,
  stats.sent,
  stats.queued,
  stats.dropped,
];

/** Two tabs opened one after the other: the first holds the lock and sends, the second follows it. */
async function senderAndFollower(browser: ReturnType<typeof fakeBrowser>, options: LoggerOptions = {}) {
  const sender = browser.openTab(options);
  await browser.settle();
  const follower = browser.openTab(options);
  await browser.settle();
  return { sender, follower };
}

test('two tabs log: one batch carries both tabs’ entries, and each tab’s stats count its own', async () => {
  const browser = fakeBrowser();
  const { sender: first, follower: second } = await senderAndFollower(browser, { batchSize: 4 });
  first.logger.error('a1');
  second.logger.error('b1');
  first.logger.error('a2');
  await browser.settle();
  assert.equal(ledgerOf(second.logger.stats()), [1, 0, 1, 0], 'handed, still queued in its tab');
  second.logger.error('b2');
  await browser.settle();
  await browser.settle();
  assert.equal(
    browser.batches(),
    [['a1', 'a2', 'b1', 'b2']],
    'one request for four entries of two tabs, as they reached the sender',
  );
  assert.equal(ledgerOf(first.logger.stats()), [2, 2, 0, 0]);
  assert.equal(ledgerOf(second.logger.stats()), [2, 2, 0, 0]);
});

test('flush() in a tab that hands its entries on settles once the sender has sent them', async () => {
  const browser = fakeBrowser();
  const { follower: other } = await senderAndFollower(browser);
  other.logger.error('x');
  other.logger.error('y');
  const flushed = other.logger.flush();
  await browser.settle();
  await browser.settle();
  assert.equal(await flushed, { sent: 2, kept: 0, dropped: 0 });
  assert.equal(browser.batches(), [['x', 'y']]);
});

test("a follower's flush waits for its sender's answer when the sender says again who it is (a new tab asked)", async () => {
  const browser = fakeBrowser((_call, n) => (n === 1 ? 'hang' : 200));
  const { follower } = await senderAndFollower(browser);
  follower.logger.error('x');
  let settled = false;
  const flushed = follower.logger.flush().then((result) => {
    settled = true;
    return result;
  });
  await browser.settle();
  assert.is(browser.requests(), 1, "the sender's POST is out, and hangs");
  browser.openTab();
  await browser.settle();
  await browser.settle();
  assert.is(settled, false, 'the same sender again is no change of sender: the flush still waits for its answer');
  await browser.tick(5000);
  await browser.settle();
  assert.equal(await flushed, { sent: 0, kept: 1, dropped: 0 }, 'no answer in time: what was not settled is kept');
});

test('repeats are grouped across tabs: one entry stands for the same error in every tab', async () => {
  const browser = fakeBrowser();
  const tabs = [browser.openTab(), browser.openTab(), browser.openTab()];
  await browser.settle();
  for (let round = 0; round < 4; round++) for (const tab of tabs) tab.logger.error('same', new Error('boom'));
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  const stored = browser.stored();
  assert.equal(
    stored.map((entry) => entry.repeated ?? 1),
    [1, 1, 1, 1, 1, 7],
    'the first five as they are, then one entry for the other seven',
  );
  for (const tab of tabs) assert.equal(ledgerOf(tab.logger.stats()), [4, 4, 0, 0]);
});

test('the sender tab closes: another takes over, and nothing is lost or doubled', async () => {
  const browser = fakeBrowser();
  const { sender, follower: other } = await senderAndFollower(browser);
  other.logger.error('before');
  sender.logger.error('own');
  await browser.settle();
  sender.close();
  await browser.settle();
  other.logger.error('after');
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  const messages = browser.stored().map((entry) => entry.message);
  assert.equal([...messages].sort(), ['after', 'before', 'own']);
  assert.equal(ledgerOf(other.logger.stats()), [2, 2, 0, 0]);
  assert.is(other.logger.stats().status, 'idle');
});

test('a batch whose answer was lost with the sender goes again under its key: the server keeps it once', async () => {
  const browser = fakeBrowser((call) => (call.text.includes('"lost"') ? 'lost' : 200));
  const { sender, follower: other } = await senderAndFollower(browser, { batchSize: 2 });
  other.logger.error('lost');
  sender.logger.error('with it');
  await browser.settle();
  assert.is(browser.server.calls.length, 1, 'sent, the server stored it, the answer never came');
  sender.freeze();
  sender.close();
  browser.server.setAnswer(() => 200);
  await browser.settle();
  await browser.settle();
  const keys = browser.server.calls.map((call) => call.key);
  assert.ok(keys.length >= 2 && keys.every((key) => key === keys[0]), 'the same batch, the same key');
  assert.equal(
    browser.stored().map((entry) => entry.message),
    ['with it', 'lost'],
    'once',
  );
  assert.equal(ledgerOf(other.logger.stats()), [1, 1, 0, 0]);
});

test('the sender turns hidden or is frozen: it gives its role up, and a visible tab takes over', async () => {
  for (const leave of ['hide', 'freeze'] as const) {
    const browser = fakeBrowser();
    const { sender, follower: other } = await senderAndFollower(browser, { batchSize: 1 });
    if (leave === 'hide') sender.hide();
    else sender.freeze();
    await browser.settle();
    const holder = [...browser.locks.holders.values()];
    assert.is(holder.length, 1, leave);
    assert.is(holder[0], other.tab, `${leave}: the visible tab holds the lock`);
    other.logger.error('now');
    await browser.settle();
    await browser.settle();
    assert.equal(
      browser.stored().map((entry) => entry.message),
      ['now'],
      leave,
    );
    assert.equal(ledgerOf(other.logger.stats()), [1, 1, 0, 0], leave);
  }
});

/** A sender and a hidden follower that has handed it one entry, `'handed'`. */
async function hiddenFollower(browser: ReturnType<typeof fakeBrowser>) {
  const { sender, follower: hidden } = await senderAndFollower(browser);
  hidden.hide();
  hidden.logger.error('handed');
  await browser.settle();
  return { sender, hidden };
}

test('the sender is frozen while every other tab is hidden: the hidden tab sends what it had handed itself, once', async () => {
  // Frozen, the sender lets go of the handed entries it had not put in a batch, and no visible tab
  // is left to take the role over.
  const browser = fakeBrowser();
  const { sender, hidden } = await hiddenFollower(browser);
  assert.equal(ledgerOf(hidden.logger.stats()), [1, 0, 1, 0], 'handed, queued in its tab');
  sender.freeze();
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  assert.is(hidden.logger.stats().tabRole, 'waiting');
  assert.equal(browser.stored().filter((entry) => entry.message === 'handed').length, 1, 'the hidden tab sent it, once');
  assert.equal(ledgerOf(hidden.logger.stats()), [1, 1, 0, 0]);
});

test('the sender closes while every other tab is hidden: its recorded batch is not sent again under another key', async () => {
  const browser = fakeBrowser();
  const { sender, hidden } = await hiddenFollower(browser);
  sender.close();
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  assert.equal(
    browser.stored().map((entry) => entry.message),
    ['handed'],
    'sent on the sender’s way out, in the batch it recorded',
  );
  const keys = new Set(browser.server.calls.map((call) => call.key));
  assert.is(keys.size, 1, 'the hidden tab did not send it in a batch of its own');
  const next = browser.openTab();
  await browser.settle();
  await browser.settle();
  assert.is(next.logger.stats().tabRole, 'sender');
  assert.equal(ledgerOf(hidden.logger.stats()), [1, 1, 0, 0], 'the next sender replays the record and says so');
  assert.equal(
    browser.stored().map((entry) => entry.message),
    ['handed'],
    'still once',
  );
});

test('a tab that sent its handed entries itself follows the next sender without handing them again', async () => {
  const browser = fakeBrowser((call) => (call.text.includes('"handed"') ? 'lost' : 200));
  const { sender, hidden } = await hiddenFollower(browser);
  sender.freeze();
  await browser.settle();
  await browser.tick(10_000);
  await browser.settle();
  const sentItself = browser.server.calls.filter((call) => call.text.includes('"handed"'));
  assert.is(sentItself.length, 1, 'the hidden tab sent it itself; the answer never came');
  browser.server.setAnswer(() => 200);
  const next = browser.openTab();
  await browser.settle();
  assert.is(next.logger.stats().tabRole, 'sender');
  hidden.show();
  await browser.settle();
  assert.is(hidden.logger.stats().tabRole, 'follower');
  await browser.tick(60_000);
  await browser.settle();
  const keys = new Set(browser.server.calls.filter((call) => call.text.includes('"handed"')).map((call) => call.key));
  assert.is(keys.size, 1, 'every request that carried it carried it in the one batch, under one key');
  assert.equal(
    browser.stored().map((entry) => entry.message),
    ['handed'],
  );
  assert.equal(ledgerOf(hidden.logger.stats()), [1, 1, 0, 0]);
});

test('without the lock or the channel each tab sends its own, as before', async () => {
  const browser = fakeBrowser();
  const one = browser.openTab({ batchSize: 1 }, { locksAndChannel: false });
  const two = browser.openTab({ batchSize: 1 }, { locksAndChannel: false });
  one.logger.error('one');
  two.logger.error('two');
  await browser.settle();
  assert.equal(browser.batches(), [['one'], ['two']]);
});

test('tabs whose endpoints differ each send their own', async () => {
  const browser = fakeBrowser();
  const production = browser.openTab({ batchSize: 1 });
  await browser.settle();
  const development = browser.openTab({ batchSize: 1 });
  development.control._setEndpoint({ url: 'https://dev.example/api/clientlogger/', headers: () => ({}) });
  await browser.settle();
  production.logger.error('prod');
  development.logger.error('dev');
  await browser.settle();
  assert.equal(
    browser.server.calls.map((call) => [call.url, entriesOfCall(call.text)]),
    [
      ['https://app.example/api/web/clientlogger/', ['prod']],
      ['https://dev.example/api/clientlogger/', ['dev']],
    ],
  );
});

const entriesOfCall = (text: string) => [JSON.parse(text)].flat().map((entry: { message: string }) => entry.message);

test.run();

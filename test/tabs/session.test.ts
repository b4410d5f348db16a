// The session protocol between tabs (contract, "Many tabs of one browser": sign-out and sign-in reach
// every tab), over a fake channel: what each tab does when another signs out or becomes ready signed in.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinSessionTabs, SESSION_CHANNEL } from '../../src/tabs/session';
import { deferred, settle } from '../fakes';
import { fakeChannels } from './fakes';

/** A tab of the origin: its shell waits for a sign-in or not; what it did is recorded. */
function tabOn(channels: ReturnType<typeof fakeChannels>, waiting = false) {
  const tab = { waiting, signOuts: 0, reloads: 0, reload: deferred<unknown>(), failReload: false };
  const session = joinSessionTabs({
    open: channels.open,
    waitsForSignIn: () => tab.waiting,
    reload: () => {
      tab.reloads++;
      return tab.failReload ? Promise.reject(new Error('no answer')) : tab.reload.promise;
    },
    signOut: () => void tab.signOuts++,
  });
  return Object.assign(tab, { session });
}

test('the channel is named under the contract prefix emweb.', () => {
  assert.ok(SESSION_CHANNEL.startsWith('emweb.'));
});

test('sign-out in one tab: every other tab ends its session, once; the tab that signed out is not told', () => {
  const channels = fakeChannels();
  const [first, second, third] = [tabOn(channels), tabOn(channels, true), tabOn(channels)];
  first.session._signedOut();
  channels.deliver();
  assert.equal([first.signOuts, second.signOuts, third.signOuts], [0, 1, 1]);
  assert.equal(channels.posted, [{ type: 'signedOut' }], 'one plain message, no internal names');
});

test('sign-in in one tab: a tab on "Sign-in required" loads its configuration again, once; a ready tab does nothing', () => {
  const channels = fakeChannels();
  const signingIn = tabOn(channels);
  const waiting = tabOn(channels, true);
  const ready = tabOn(channels, false);
  signingIn.session._signedIn();
  channels.deliver();
  assert.is(waiting.reloads, 1);
  assert.is(ready.reloads, 0);
  assert.is(waiting.signOuts + ready.signOuts, 0, 'a sign-in signs nobody out');
});

test('several tabs signing in at once: a waiting tab still loads its configuration once while that load is out', async () => {
  const channels = fakeChannels();
  const [a, b] = [tabOn(channels), tabOn(channels)];
  const waiting = tabOn(channels, true);
  a.session._signedIn();
  b.session._signedIn();
  channels.deliver();
  assert.is(waiting.reloads, 1);
  // The load came back refused (still waiting): a later sign-in elsewhere loads again.
  waiting.reload.resolve(false);
  await settle();
  waiting.reload = deferred();
  a.session._signedIn();
  channels.deliver();
  assert.is(waiting.reloads, 2);
});

test('a tab that came to ready by following another tab tells nobody: no echo, no second load anywhere', () => {
  const channels = fakeChannels();
  const signingIn = tabOn(channels);
  const follower = tabOn(channels, true);
  const other = tabOn(channels, true);
  signingIn.session._signedIn();
  channels.deliver();
  // The follower shows the client from within its reload, and announces it.
  follower.waiting = false;
  follower.session._signedIn();
  channels.deliver();
  assert.equal(channels.posted, [{ type: 'signedIn' }]);
  assert.is(other.reloads, 1);
});

test('a reload that rejects does not leave the tab deaf to the next sign-in', async () => {
  const channels = fakeChannels();
  const signingIn = tabOn(channels);
  const waiting = tabOn(channels, true);
  waiting.failReload = true;
  signingIn.session._signedIn();
  channels.deliver();
  await settle();
  waiting.failReload = false;
  signingIn.session._signedIn();
  channels.deliver();
  assert.is(waiting.reloads, 2);
});

test("forgetting a remembered mode signs nobody out: the protocol has no message for it, and others' messages are ignored", () => {
  const channels = fakeChannels();
  const tab = tabOn(channels, true);
  const stranger = channels.open(() => {});
  for (const message of [null, 'signedOut', { type: 'signedout' }, { kind: 'signedOut' }, { type: 'forgotMode' }, [], 7]) {
    stranger.post(message);
  }
  channels.deliver();
  assert.equal([tab.signOuts, tab.reloads], [0, 0]);
});

test('a stopped tab lets go of its line: it hears nothing and tells nothing', () => {
  const channels = fakeChannels();
  const stopped = tabOn(channels, true);
  const other = tabOn(channels, true);
  assert.is(channels.openLines(), 2);
  stopped.session._stop();
  assert.is(channels.openLines(), 1);
  stopped.session._signedOut();
  stopped.session._signedIn();
  other.session._signedOut();
  channels.deliver();
  assert.equal([stopped.signOuts, other.signOuts, stopped.reloads, other.reloads], [0, 0, 0, 0]);
});

test.run();

// Who is signed in, with one owner (contract, "One answer to who is signed in", and "The token
// follows"): the stored JWT read and decoded in one place; another tab storing or removing `jwt`, a
// page back from the back/forward cache, and its `exp` passing, all change what it holds; another
// user signing in is one event.
import { effect } from '@preact/signals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Claims } from '../../src/auth/claims';
import type { Identity } from '../../src/auth/identity';
import { createSignedInUser } from '../../src/session/signedInUser';
import { makeJwt } from '../../src/testing';
import { memoryStorage } from '../fakes';
import { fakeClock, sharedStorage } from '../tabs/fakes';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;
const ANN = makeJwt({ userId: 'ann', sid: 's-1', exp: inSeconds(3600), name: 'Ann Lee' });
const BEN = makeJwt({ userId: 'ben', sid: 's-2', exp: inSeconds(7200) });

/** Two tabs of one origin: `here` follows the token, `other` writes storage as another tab would. */
function twoTabs(stored: Record<string, string> = {}) {
  const storage = sharedStorage();
  for (const [key, value] of Object.entries(stored)) storage.entries.set(key, value);
  const here = storage.tab();
  const other = storage.tab();
  const clock = fakeClock(NOW);
  const seen: (Claims | null)[] = [];
  const changes: Identity[] = [];
  const user = createSignedInUser({
    local: here.local,
    page: here.events,
    now: clock.now,
    timers: clock.timers,
    onUserChanged: (identity) => void changes.push(identity),
  });
  // What the state shows: the claims of each identity published.
  effect(() => {
    const identity = user._identity.value;
    if (identity) seen.push(identity.claims);
  });
  return { here, other, clock, seen, changes, follower: user, user };
}

test('nothing is claimed until start-up reads the token: another tab writing before that changes nothing', () => {
  const { other, seen, user } = twoTabs({ jwt: ANN });
  other.local.set('jwt', BEN);
  assert.equal(seen, []);
  assert.is(user._identity.value, null);
});

test('read() decodes the stored JWT once: userId, claims, the name, exp; asked again, nothing new is published', () => {
  const { seen, user } = twoTabs({ jwt: ANN });
  assert.is(user._read(), 'ann');
  assert.equal(user._identity.value, {
    userId: 'ann',
    claims: { userId: 'ann', sid: 's-1' },
    name: 'Ann Lee',
    expiresAt: inSeconds(3600) * 1000,
  });
  assert.is(user._read(), 'ann');
  assert.is(seen.length, 1);
});

test('another user signing in in another tab is one change, naming who; the same user again is none', () => {
  const { other, changes, user } = twoTabs({ jwt: ANN });
  user._read();
  other.local.set('jwt', makeJwt({ userId: 'ann', sid: 's-9', exp: inSeconds(9000) }));
  assert.equal(changes, []);
  other.local.set('jwt', BEN);
  assert.equal(
    changes.map((identity) => identity.userId),
    ['ben'],
  );
});

test("a token removed and then another user's stored is a change; removed and the same user back is none", () => {
  const { other, changes, user } = twoTabs({ jwt: ANN });
  user._read();
  other.local.remove('jwt');
  assert.equal(changes, [], 'signed out is not another user');
  other.local.set('jwt', ANN);
  assert.equal(changes, []);
  other.local.remove('jwt');
  other.local.set('jwt', BEN);
  assert.equal(
    changes.map((identity) => identity.userId),
    ['ben'],
  );
});

test('a page back from the back/forward cache reads the token again: a user changed meanwhile is seen', () => {
  const local = memoryStorage();
  local.set('jwt', ANN);
  const page = new EventTarget();
  const changes: (string | null)[] = [];
  const user = createSignedInUser({
    local,
    page,
    now: () => NOW,
    timers: { set: () => 0, clear: () => {} },
    onUserChanged: (identity) => void changes.push(identity.userId),
  });
  user._read();
  // While the page slept in the cache, another tab stored BEN: no storage event reached it.
  local.set('jwt', BEN);
  page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
  assert.equal(changes, [], 'a first show reads nothing');
  page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  assert.equal(changes, ['ben']);
});

test('a token without userId tells no change (the user is unknown)', () => {
  const { other, changes, user } = twoTabs({ jwt: ANN });
  user._read();
  other.local.set('jwt', makeJwt({ sid: 'x' }));
  assert.equal(changes, []);
  assert.is(user._read(), null);
});

test('read() hands on the claims of the stored JWT now', () => {
  const { seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  assert.equal(seen, [{ userId: 'ann', sid: 's-1' }]);
});

test('another tab stores a new jwt: the claims follow; it removes it: the claims are null', () => {
  const { other, seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  other.local.set('jwt', BEN);
  assert.equal(seen.at(-1), { userId: 'ben', sid: 's-2' });
  other.local.remove('jwt');
  assert.equal(seen.at(-1), null);
  assert.is(seen.length, 3);
});

test('another tab clearing the whole storage (an event whose key is null) counts as the jwt removed', () => {
  const { other, seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  other.clear();
  assert.equal(seen, [{ userId: 'ann', sid: 's-1' }, null]);
});

test('writes of other keys (authType, devToken, the session channel, the logger) leave the claims alone', () => {
  const { other, seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  other.local.remove('authType');
  other.local.set('devToken', BEN);
  other.local.set('emweb.session', '{"message":{"type":"signedOut"}}');
  other.local.set('emweb.logger.pending.x', '[]');
  assert.is(seen.length, 1);
});

test("the stored JWT's exp passes while the page is open: the claims turn null then, from one timer at exp", () => {
  const { clock, seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  assert.equal(clock.pendingAt(), [inSeconds(3600) * 1000], 'one timer, at exp');
  clock.advanceTo(inSeconds(3600) * 1000 - 1);
  assert.equal(seen.at(-1), { userId: 'ann', sid: 's-1' }, 'still valid a moment before');
  clock.advanceTo(inSeconds(3600) * 1000);
  assert.equal(seen.at(-1), null);
  assert.equal(clock.pendingAt(), [], 'nothing left waiting');
});

test('a new jwt from another tab moves the wait to its exp; a removed one leaves no timer', () => {
  const { other, clock, follower } = twoTabs({ jwt: ANN });
  follower._read();
  other.local.set('jwt', BEN);
  assert.equal(clock.pendingAt(), [inSeconds(7200) * 1000]);
  other.local.remove('jwt');
  assert.equal(clock.pendingAt(), []);
});

test('no timer for a token without exp, an expired one, or none', () => {
  const cases = [
    { jwt: makeJwt({ userId: 'ann' }), claims: { userId: 'ann' } },
    { jwt: makeJwt({ userId: 'ann', exp: inSeconds(-1) }), claims: null },
    { jwt: null, claims: null },
  ];
  for (const { jwt, claims } of cases) {
    const { clock, seen, follower } = twoTabs(jwt ? { jwt } : {});
    follower._read();
    assert.equal(seen, [claims], String(jwt));
    assert.equal(clock.pendingAt(), [], String(jwt));
  }
});

test('an exp further off than a timer can wait (over 24.8 days): the wait is capped and taken up again until exp', () => {
  const far = inSeconds(60 * 24 * 3600);
  const { clock, seen, follower } = twoTabs({ jwt: makeJwt({ userId: 'ann', exp: far }) });
  follower._read();
  const [first] = clock.pendingAt();
  assert.is(first, NOW + 2 ** 31 - 1, 'capped, not fired at once');
  clock.advanceTo(first ?? 0);
  assert.equal(seen.at(-1), { userId: 'ann' }, 'not expired yet');
  clock.advanceTo(far * 1000);
  assert.equal(seen.at(-1), null);
  assert.equal(clock.pendingAt(), []);
});

test('stop(): the timer is cleared and the storage listener removed; later writes change nothing', () => {
  const { here, other, clock, seen, follower } = twoTabs({ jwt: ANN });
  follower._read();
  assert.is(here.events.listeners(), 1);
  follower._stop();
  assert.is(here.events.listeners(), 0);
  assert.equal(clock.pendingAt(), []);
  other.local.set('jwt', BEN);
  follower._read();
  assert.is(seen.length, 1);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { USER_CHANGED } from '../../src/api/clientFetch';
import { STORAGE_KEYS } from '../../src/product/constants';
import { makeJwt } from '../../src/testing';
import { memoryStorage, rejection, settle } from '../fakes';
import { readyWorkingDay } from '../fakes/workingDay';

/** A ready day whose page (the window) the test can fire `storage` and `pageshow` on. */
function day(firstUser: unknown = 1042) {
  const local = memoryStorage();
  const page = new EventTarget();
  const storeUser = (userId: unknown) => local.set(STORAGE_KEYS.jwt, makeJwt({ userId, exp: 1 }));
  if (firstUser !== null) storeUser(firstUser);
  const made = readyWorkingDay(local, 120_000, page);
  /** Another tab stores `userId`'s token: this tab hears a storage event. */
  const otherTabSignsIn = (userId: unknown) => {
    storeUser(userId);
    page.dispatchEvent(Object.assign(new Event('storage'), { key: STORAGE_KEYS.jwt }));
  };
  return { day: made, local, storeUser, otherTabSignsIn };
}

test('the same user back: the waiting calls go on and the screen and its unsaved work stay', async () => {
  const { day: working, storeUser } = day();
  working._unsaved._set(true);
  assert.is(working._life._signInRequired(), 'midDay');
  const waiting = working._waiting._wait([]);
  storeUser(1042);
  working._back();
  await waiting;
  assert.equal(working._life._status.value, { tag: 'ready', screen: 0 });
  assert.is(working._unsaved._unsaved.value, true);
  assert.is(working._changedTo.value, null);
});

test('another user back: the waiting calls reject, the unsaved work goes, the screen is shown afresh, the change is told', async () => {
  const { day: working, storeUser } = day();
  working._unsaved._set(true);
  working._life._signInRequired();
  const waiting = working._waiting._wait([]);
  storeUser(7);
  working._back();
  assert.match(String(await rejection(waiting)), USER_CHANGED);
  assert.equal(working._life._status.value, { tag: 'ready', screen: 1 });
  assert.is(working._unsaved._unsaved.value, false);
  assert.is(working._changedTo.value?.userId, '7');
});

test('a ready tab follows another tab signing in as another user at once: fresh screen, no unsaved work, no question', async () => {
  const { day: working, otherTabSignsIn } = day();
  const screen = working._unsaved._forScreen();
  screen._set(true);
  const asked = working._questions._ask('leave');
  otherTabSignsIn(7);
  assert.is(await asked, false, 'the open question is answered Stay');
  assert.equal(working._life._status.value, { tag: 'ready', screen: 1 });
  assert.is(working._unsaved._unsaved.value, false);
  assert.is(working._changedTo.value?.userId, '7');
  screen._set(true);
  assert.is(working._unsaved._unsaved.value, true, 'a live screen may be unsaved again (the next one, say)');
});

test('while the dialog is up, another user signing in elsewhere turns the waiting calls away before the session is back', async () => {
  const { day: working, otherTabSignsIn } = day();
  working._life._signInRequired();
  const waiting = working._waiting._wait([]);
  otherTabSignsIn(7);
  assert.match(String(await rejection(waiting)), USER_CHANGED);
  assert.equal(working._life._status.value, { tag: 'sessionEnded', screen: 1, signIn: 'asked' });
  working._back();
  assert.equal(working._life._status.value, { tag: 'ready', screen: 1 });
});

test('a sign-out turns every waiting call away with an AbortError; a later sign-in replays none', async () => {
  const { day: working, storeUser } = day();
  working._life._signInRequired();
  const waiting = working._waiting._wait([]);
  working._signedOut();
  const error = (await rejection(waiting)) as DOMException;
  assert.is(error.name, 'AbortError');
  storeUser(null);
  working._back();
  assert.equal(working._life._status.value, { tag: 'ready', screen: 0 });
});

test('where no token says who, nothing counts as a change of user', async () => {
  const { day: working, local, otherTabSignsIn } = day(null);
  otherTabSignsIn(7);
  assert.is(working._changedTo.value, null, 'nobody was known before');
  local.remove(STORAGE_KEYS.jwt);
  working._life._signInRequired();
  const waiting = working._waiting._wait([]);
  working._back();
  await waiting;
  assert.is(working._changedTo.value, null);
});

test("a screen's flag is its own: a left screen's late set changes nothing; the page's say goes when a screen goes", () => {
  const { day: working } = day();
  const left = working._unsaved._forScreen();
  left._end();
  const shown = working._unsaved._forScreen();
  shown._set(true);
  left._set(false);
  assert.is(working._unsaved._unsaved.value, true);
  left._set(true);
  shown._set(false);
  assert.is(working._unsaved._unsaved.value, false, 'the left one cannot raise it either');
  working._unsaved._set(true);
  assert.is(working._unsaved._unsaved.value, true);
  shown._end();
  assert.is(working._unsaved._unsaved.value, false);
});

test('a move asks only while there is unsaved work: Stay stays, Leave clears the work and moves', async () => {
  const { day: working } = day();
  const moves: string[] = [];
  working._guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  assert.equal(moves, ['go']);
  working._unsaved._set(true);
  working._guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  assert.is(working._questions._open.value?._about, 'leave');
  working._questions._open.value?._answer(false);
  await settle();
  assert.equal(moves, ['go', 'stay']);
  assert.is(working._unsaved._unsaved.value, true);
  working._guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  working._questions._open.value?._answer(true);
  await settle();
  assert.equal(moves, ['go', 'stay', 'go']);
  assert.is(working._unsaved._unsaved.value, false);
});

test('Sign out asks with unsaved work; without, it goes ahead; a sign-out clears the work', async () => {
  const { day: working } = day();
  assert.is(await working._confirmSignOut(), true);
  working._unsaved._set(true);
  const asking = working._confirmSignOut();
  await settle();
  assert.is(working._questions._open.value?._about, 'signOut');
  working._questions._open.value?._answer(false);
  assert.is(await asking, false);
  working._signedOut();
  assert.is(working._unsaved._unsaved.value, false);
});

test('the end: the status ends, an open question is answered Stay, the unsaved work goes', async () => {
  const { day: working } = day();
  working._unsaved._set(true);
  const asked = working._questions._ask('leave');
  working._end();
  assert.is(await asked, false);
  assert.is(working._life._hasEnded(), true);
  assert.is(working._unsaved._unsaved.value, false);
});

test.run();

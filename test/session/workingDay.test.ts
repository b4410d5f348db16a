import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORAGE_KEYS } from '../../src/product/constants';
import { USER_CHANGED } from '../../src/session/workingDay';
import { makeJwt } from '../../src/testing';
import { memoryStorage, rejection, settle } from '../fakes';
import { readyWorkingDay } from '../fakes/workingDay';

function day() {
  const local = memoryStorage();
  const made = readyWorkingDay(local, 120_000);
  const storeUser = (userId: unknown) => local.set(STORAGE_KEYS.jwt, makeJwt({ userId, exp: 1 }));
  return { day: made, local, storeUser };
}

test('the same user back: the waiting calls go on and the screen and its unsaved work stay', async () => {
  const { day: working, storeUser } = day();
  storeUser(1042);
  working._unsaved._set(true);
  assert.is(working._signInRequired(), 'midDay');
  const waiting = working._waiting._wait([]);
  storeUser(1042);
  working._back();
  await waiting;
  assert.equal(working._life._status.value, { tag: 'ready', screen: 0 });
  assert.is(working._unsaved._unsaved.value, true);
});

test('another user back: the waiting calls reject, the unsaved work goes, the screen is shown afresh', async () => {
  const { day: working, storeUser } = day();
  storeUser(1042);
  working._unsaved._set(true);
  working._signInRequired();
  const waiting = working._waiting._wait([]);
  storeUser(7);
  working._back();
  assert.match(String(await rejection(waiting)), USER_CHANGED);
  assert.equal(working._life._status.value, { tag: 'ready', screen: 1 });
  assert.is(working._unsaved._unsaved.value, false);
});

test('where either token is missing, it counts as the same user', async () => {
  const { day: working, local, storeUser } = day();
  working._signInRequired();
  const before = working._waiting._wait([]);
  storeUser(7);
  working._back();
  await before;
  working._signInRequired();
  local.remove(STORAGE_KEYS.jwt);
  const after = working._waiting._wait([]);
  working._back();
  await after;
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

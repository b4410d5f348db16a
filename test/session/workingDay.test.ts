import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORAGE_KEYS } from '../../src/product/constants';
import { createWorkingDay, USER_CHANGED } from '../../src/session/workingDay';
import { makeJwt } from '../../src/testing';
import { memoryStorage, rejection, settle } from '../fakes';

function day() {
  const local = memoryStorage();
  const made = createWorkingDay({
    local,
    now: () => 0,
    timers: { set: () => 0, clear: () => {} },
    page: new EventTarget(),
    locks: undefined,
    warnBeforeMs: 120_000,
  });
  made.life.started();
  const storeUser = (userId: unknown) => local.set(STORAGE_KEYS.jwt, makeJwt({ userId, exp: 1 }));
  return { day: made, local, storeUser };
}

test('the same user back: the waiting calls go on and the screen and its unsaved work stay', async () => {
  const { day: working, storeUser } = day();
  storeUser(1042);
  working.unsaved.set(true);
  assert.is(working.signInRequired(), 'midDay');
  const waiting = working.waiting.wait([]);
  storeUser(1042);
  working.back();
  await waiting;
  assert.equal(working.life.status.value, { _kind: 'ready', _screen: 0 });
  assert.is(working.unsaved.unsaved.value, true);
});

test('another user back: the waiting calls reject, the unsaved work goes, the screen is shown afresh', async () => {
  const { day: working, storeUser } = day();
  storeUser(1042);
  working.unsaved.set(true);
  working.signInRequired();
  const waiting = working.waiting.wait([]);
  storeUser(7);
  working.back();
  assert.match(String(await rejection(waiting)), USER_CHANGED);
  assert.equal(working.life.status.value, { _kind: 'ready', _screen: 1 });
  assert.is(working.unsaved.unsaved.value, false);
});

test('where either token is missing, it counts as the same user', async () => {
  const { day: working, local, storeUser } = day();
  working.signInRequired();
  const before = working.waiting.wait([]);
  storeUser(7);
  working.back();
  await before;
  working.signInRequired();
  local.remove(STORAGE_KEYS.jwt);
  const after = working.waiting.wait([]);
  working.back();
  await after;
});

test('a move asks only while there is unsaved work: Stay stays, Leave clears the work and moves', async () => {
  const { day: working } = day();
  const moves: string[] = [];
  working.guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  assert.equal(moves, ['go']);
  working.unsaved.set(true);
  working.guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  assert.is(working.questions.open.value?.kind, 'leave');
  working.questions.open.value?.answer(false);
  await settle();
  assert.equal(moves, ['go', 'stay']);
  assert.is(working.unsaved.unsaved.value, true);
  working.guardMove(
    () => moves.push('go'),
    () => moves.push('stay'),
  );
  working.questions.open.value?.answer(true);
  await settle();
  assert.equal(moves, ['go', 'stay', 'go']);
  assert.is(working.unsaved.unsaved.value, false);
});

test('Sign out asks with unsaved work; without, it goes ahead; a sign-out clears the work', async () => {
  const { day: working } = day();
  assert.is(await working.confirmSignOut(), true);
  working.unsaved.set(true);
  const asking = working.confirmSignOut();
  await settle();
  assert.is(working.questions.open.value?.kind, 'signOut');
  working.questions.open.value?.answer(false);
  assert.is(await asking, false);
  working.signedOut();
  assert.is(working.unsaved.unsaved.value, false);
});

test('the end: the status ends, an open question is answered Stay, the unsaved work goes', async () => {
  const { day: working } = day();
  working.unsaved.set(true);
  const asked = working.questions.ask('leave');
  working.end();
  assert.is(await asked, false);
  assert.is(working.life.hasEnded(), true);
  assert.is(working.unsaved.unsaved.value, false);
});

test.run();

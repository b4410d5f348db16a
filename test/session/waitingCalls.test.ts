import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWaitingCalls } from '../../src/session/waitingCalls';
import { rejection, settle } from '../fakes';

test('every waiting call goes on once the session is back; later calls wait afresh', async () => {
  const calls = createWaitingCalls();
  let released = 0;
  const waits = [calls.wait([]), calls.wait([null, undefined])].map((wait) => wait.then(() => void released++));
  assert.is(calls.size, 2);
  await settle();
  assert.is(released, 0);
  calls.release();
  await Promise.all(waits);
  assert.is(released, 2);
  assert.is(calls.size, 0);
});

test('a signal that aborts rejects its own call with its reason, and only that one', async () => {
  const calls = createWaitingCalls();
  const caller = new AbortController();
  const mine = calls.wait([caller.signal]);
  const other = calls.wait([]);
  const reason = new Error('gave up');
  caller.abort(reason);
  assert.is(await rejection(mine), reason);
  assert.is(calls.size, 1);
  calls.release();
  await other;
});

test('a signal aborted before the wait rejects at once', async () => {
  const calls = createWaitingCalls();
  const reason = new Error('already');
  assert.is(await rejection(calls.wait([AbortSignal.abort(reason)])), reason);
  assert.is(calls.size, 0);
});

test('turned away: every waiting call rejects with the error given', async () => {
  const calls = createWaitingCalls();
  const error = new Error('another user');
  const waits = [calls.wait([]), calls.wait([])];
  calls.turnAway(error);
  for (const wait of waits) assert.is(await rejection(wait), error);
  assert.is(calls.size, 0);
});

test('a call released and then aborted settles once: abort after release changes nothing', async () => {
  const calls = createWaitingCalls();
  const caller = new AbortController();
  const wait = calls.wait([caller.signal]);
  calls.release();
  caller.abort(new Error('late'));
  await wait;
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWaitingCalls } from '../../src/session/waitingCalls';
import { rejection, settle } from '../fakes';

test('every waiting call goes on once the session is back; later calls wait afresh', async () => {
  const calls = createWaitingCalls();
  let released = 0;
  const waits = [calls._wait([]), calls._wait([null, undefined])].map((wait) => wait.then(() => void released++));
  await settle();
  assert.is(released, 0);
  calls._release();
  await Promise.all(waits);
  assert.is(released, 2);
  calls._release();
  await settle();
  assert.is(released, 2, 'a release frees only those waiting then');
});

test('a signal that aborts rejects its own call with its reason, and only that one', async () => {
  const calls = createWaitingCalls();
  const caller = new AbortController();
  const mine = calls._wait([caller.signal]);
  const other = calls._wait([]);
  const reason = new Error('gave up');
  caller.abort(reason);
  assert.is(await rejection(mine), reason);
  calls._release();
  await other;
});

test('a signal aborted before the wait rejects at once', async () => {
  const calls = createWaitingCalls();
  const reason = new Error('already');
  assert.is(await rejection(calls._wait([AbortSignal.abort(reason)])), reason);
});

test('turned away: every waiting call rejects with the error given', async () => {
  const calls = createWaitingCalls();
  const error = new Error('another user');
  const waits = [calls._wait([]), calls._wait([])];
  calls._turnAway(error);
  for (const wait of waits) assert.is(await rejection(wait), error);
  let later = false;
  const next = calls._wait([]).then(() => {
    later = true;
  });
  await settle();
  assert.is(later, false, 'a call that waits after them waits afresh');
  calls._release();
  await next;
});

test('a call released and then aborted settles once: abort after release changes nothing', async () => {
  const calls = createWaitingCalls();
  const caller = new AbortController();
  const wait = calls._wait([caller.signal]);
  calls._release();
  caller.abort(new Error('late'));
  await wait;
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionLife } from '../../src/session/life';

const kind = (life: ReturnType<typeof createSessionLife>) => life._status.value.tag;

test('a start: loading, then ready; a 401 at start-up is start-up’s sign-in, in this tab', () => {
  const life = createSessionLife();
  assert.is(kind(life), 'loading');
  assert.is(life._signInRequired(), 'startUp');
  assert.is(kind(life), 'signInRequired');
  assert.is(life._started(), false, 'not ready: the run tells the other tabs nothing');
  assert.is(kind(life), 'signInRequired', 'a start the gateway refused stays on its sign-in');
  life._back();
  assert.is(kind(life), 'ready');
});

test('once ready, a 401 is mid-day’s: the screen stays (sessionEnded), and a burst asks once', () => {
  const life = createSessionLife();
  assert.is(life._started(), true);
  assert.equal(life._status.value, { tag: 'ready', screen: 0 });
  assert.is(life._signInRequired(), 'midDay');
  assert.equal(life._status.value, { tag: 'sessionEnded', screen: 0, signIn: 'asked' });
  assert.is(life._waitsForSignIn(), true);
  assert.is(life._signInRequired(), null, 'asked already');
  life._signInStep('elsewhere');
  assert.equal(life._status.value, { tag: 'sessionEnded', screen: 0, signIn: 'elsewhere' });
});

test('back: the screen stays and each comeback is counted; another user gets a fresh screen, under the dialog too', () => {
  const life = createSessionLife();
  life._started();
  life._signInRequired();
  life._back();
  assert.equal(life._status.value, { tag: 'ready', screen: 0 });
  assert.is(life._comebacks(), 1);
  life._signInRequired();
  life._freshScreen();
  assert.equal(life._status.value, { tag: 'sessionEnded', screen: 1, signIn: 'asked' });
  life._back();
  assert.equal(life._status.value, { tag: 'ready', screen: 1 });
  assert.is(life._comebacks(), 2);
  life._back();
  assert.is(life._comebacks(), 2, 'ready already: no comeback');
  life._freshScreen();
  assert.equal(life._status.value, { tag: 'ready', screen: 2 });
});

test('a failed start shows its reason and Retry loads again; an ended life never changes again', () => {
  const life = createSessionLife();
  life._failed('unhandled error case in getAuthTypeAsync status 500');
  assert.equal(life._status.value, { tag: 'failed', message: 'unhandled error case in getAuthTypeAsync status 500' });
  life._loading();
  assert.is(kind(life), 'loading');
  life._end();
  assert.is(life._hasEnded(), true);
  life._started();
  life._failed('x');
  assert.is(life._signInRequired(), null);
  life._back();
  assert.is(kind(life), 'ended');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionLife } from '../../src/session/life';

const kind = (life: ReturnType<typeof createSessionLife>) => life.status.value._kind;

test('a start: loading, then ready; a 401 at start-up is start-up’s sign-in, in this tab', () => {
  const life = createSessionLife();
  assert.is(kind(life), 'loading');
  assert.is(life.signInRequired(), 'startUp');
  assert.is(kind(life), 'signInRequired');
  life.started();
  assert.is(kind(life), 'signInRequired', 'a start the gateway refused stays on its sign-in');
  life.back(false);
  assert.is(kind(life), 'ready');
});

test('once ready, a 401 is mid-day’s: the screen stays (sessionEnded), and a burst asks once', () => {
  const life = createSessionLife();
  life.started();
  assert.equal(life.status.value, { _kind: 'ready', _screen: 0 });
  assert.is(life.signInRequired(), 'midDay');
  assert.equal(life.status.value, { _kind: 'sessionEnded', _screen: 0, _signIn: 'asked' });
  assert.is(life.waitsForSignIn(), true);
  assert.is(life.signInRequired(), null, 'asked already');
  life.signInStep('elsewhere');
  assert.equal(life.status.value, { _kind: 'sessionEnded', _screen: 0, _signIn: 'elsewhere' });
});

test('back: the same user keeps the screen, another gets it afresh; each comeback is counted', () => {
  const life = createSessionLife();
  life.started();
  life.signInRequired();
  life.back(false);
  assert.equal(life.status.value, { _kind: 'ready', _screen: 0 });
  assert.is(life.comebacks(), 1);
  life.signInRequired();
  life.back(true);
  assert.equal(life.status.value, { _kind: 'ready', _screen: 1 });
  assert.is(life.comebacks(), 2);
  life.back(false);
  assert.is(life.comebacks(), 2, 'ready already: no comeback');
});

test('a failed start shows its reason and Retry loads again; an ended life never changes again', () => {
  const life = createSessionLife();
  life.failed('unhandled error case in getAuthTypeAsync status 500');
  assert.equal(life.status.value, { _kind: 'failed', _message: 'unhandled error case in getAuthTypeAsync status 500' });
  life.loading();
  assert.is(kind(life), 'loading');
  life.end();
  assert.is(life.hasEnded(), true);
  life.started();
  life.failed('x');
  assert.is(life.signInRequired(), null);
  life.back(true);
  assert.is(kind(life), 'ended');
});

test.run();

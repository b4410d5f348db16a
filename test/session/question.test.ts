import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createQuestions } from '../../src/session/question';

test('a question is open until answered; Leave and Stay each resolve it once', async () => {
  const questions = createQuestions();
  const asked = questions._ask('leave');
  assert.is(questions._open.value?._about, 'leave');
  questions._open.value?._answer(true);
  assert.is(await asked, true);
  assert.is(questions._open.value, null);
  const again = questions._ask('signOut');
  questions._open.value?._answer(false);
  assert.is(await again, false);
});

test('a new question answers the open one with Stay; close does too', async () => {
  const questions = createQuestions();
  const first = questions._ask('leave');
  const second = questions._ask('signOut');
  assert.is(await first, false);
  assert.is(questions._open.value?._about, 'signOut');
  questions._close();
  assert.is(await second, false);
  assert.is(questions._open.value, null);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createQuestions } from '../../src/session/question';

test('a question is open until answered; Leave and Stay each resolve it once', async () => {
  const questions = createQuestions();
  const asked = questions.ask('leave');
  assert.is(questions.open.value?.kind, 'leave');
  questions.open.value?.answer(true);
  assert.is(await asked, true);
  assert.is(questions.open.value, null);
  const again = questions.ask('signOut');
  questions.open.value?.answer(false);
  assert.is(await again, false);
});

test('a new question answers the open one with Stay; close does too', async () => {
  const questions = createQuestions();
  const first = questions.ask('leave');
  const second = questions.ask('signOut');
  assert.is(await first, false);
  assert.is(questions.open.value?.kind, 'signOut');
  questions.close();
  assert.is(await second, false);
  assert.is(questions.open.value, null);
});

test.run();

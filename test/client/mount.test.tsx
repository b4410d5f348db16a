// The mounted client's header names the signed-in user from the stored token, through the real
// start-up: the claims and, beside them, the token's name.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import { makeJwt } from '../../src/testing';
import { settle } from '../fakes';
import { mountAndServerEachTest } from './fixture';

const fixture = mountAndServerEachTest(test, { auth: 'token' });

const headerText = () => fixture.el.shadowRoot?.querySelector('header')?.textContent ?? '';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

test("the header shows the token's name, decoded as UTF-8, where the token carries one", async () => {
  localStorage.setItem('jwt', makeJwt({ userId: 1042, name: 'Jürgen Müller', exp: inAnHour() }));
  const client = await bootstrap({ captureErrors: false });
  await settle();
  assert.equal(client.claims, { userId: 1042 }, 'the claims keep the contract’s names only');
  assert.match(headerText(), 'Signed in as Jürgen Müller');
  assert.not.match(headerText(), '1042');
});

test('a token without a name: the id, labelled', async () => {
  localStorage.setItem('jwt', makeJwt({ userId: 1042, exp: inAnHour() }));
  await bootstrap({ captureErrors: false });
  await settle();
  assert.match(headerText(), 'Signed in as user 1042');
});

test('an expired token with a name: nobody is signed in', async () => {
  localStorage.setItem('jwt', makeJwt({ userId: 1042, name: 'Jürgen Müller', exp: 1 }));
  await bootstrap({ captureErrors: false });
  await settle();
  assert.match(headerText(), 'Not signed in');
  assert.not.match(headerText(), 'Jürgen');
});

test.run();

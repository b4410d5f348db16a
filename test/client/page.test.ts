// The page's one logger as the page sees it: the contract's methods only, and a status that follows
// the clients that start and stop it (they hold its controller; the page never does).
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap, unmount } from '../../src/client/bootstrap';
import { getLogger } from '../../src/client/page';
import { deferred, settle } from '../fakes';
import { LOGGER_METHODS } from '../loggerMethods';
import { mountAndServerEachTest } from './fixture';

const fixture = mountAndServerEachTest(test, { auth: 'secgw' });

test("the page's logger offers the contract's methods only: no start, stop or setEndpoint", () => {
  assert.equal(Object.keys(getLogger()).sort(), LOGGER_METHODS);
});

test('its status follows the clients: stopped, no-endpoint until start-up knows the API base, idle, stopped after the last one left', async () => {
  const logger = getLogger();
  assert.is(logger.stats().status, 'stopped');
  const probe = deferred<void>();
  fixture.server.update({ routes: { 'GET /api/web/ClientConfiguration': () => probe.promise.then(() => ({ status: 401 })) } });
  const starting = bootstrap({ captureErrors: false, onSignInRequired: () => {} });
  await settle();
  assert.is(logger.stats().status, 'no-endpoint');
  probe.resolve();
  await starting;
  assert.is(logger.stats().status, 'idle');
  await unmount('#emweb');
  assert.is(logger.stats().status, 'stopped');
});

test.run();

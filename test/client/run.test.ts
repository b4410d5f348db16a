// A run's part in the tabs of its origin, end to end in happy-dom: two clients on one page hear each
// other over the real BroadcastChannel (Node's), as two tabs would; and an ended run says so in its status.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startClient } from '../../src/client/run';
import { createProductServer, makeJwt, type ProductServer, resetPage } from '../../src/testing';
import type { Client } from '../../src/types/client';
import { settle } from '../fakes';

let server: ProductServer;
let signedIn = true;
const runs: ReturnType<typeof startClient>[] = [];

test.before.each(() => {
  signedIn = true;
  server = createProductServer({ auth: 'secgw', signedIn: () => signedIn });
  server.install();
});
test.after.each(async () => {
  for (const run of runs.splice(0)) await run._end();
  await resetPage();
  server.uninstall();
});

/** A client as a tab has it, with its sign-out and sign-in callbacks recorded. */
function startTab() {
  const calls = { signedOut: [] as Client[], signInRequired: 0 };
  const run = startClient({
    onSignOut: (client) => void calls.signedOut.push(client),
    onSignInRequired: () => void calls.signInRequired++,
  });
  runs.push(run);
  return { run, calls };
}

/** Waits until `condition` holds: messages between channels arrive in later tasks. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(condition(), what);
}

const configurationCalls = () => server.requests.filter((r) => r.path.endsWith('/ClientConfiguration')).length;

test('an ended run is a shell status: ended, for good', async () => {
  const { run } = startTab();
  await run._started;
  assert.is(run._day._life._status.value.tag, 'ready');
  await run._end();
  assert.is(run._day._life._status.value.tag, 'ended');
  assert.ok(run._ended);
  run._retry();
  assert.is(run._day._life._status.value.tag, 'ended', 'Retry does not bring it back');
});

test('client.signOut() in one: the other calls its own onSignOut once, the one that signed out its own once', async () => {
  const [one, two] = [startTab(), startTab()];
  await Promise.all([one.run._started, two.run._started]);
  one.run._client.signOut();
  await until(() => two.calls.signedOut.length > 0, 'the other signed out');
  await settle();
  assert.equal(two.calls.signedOut, [two.run._client]);
  assert.equal(one.calls.signedOut, [one.run._client]);
});

test('an ended client hears no sign-out', async () => {
  const [one, two, three] = [startTab(), startTab(), startTab()];
  await Promise.all([one.run._started, two.run._started, three.run._started]);
  await two.run._end();
  one.run._client.signOut();
  await until(() => three.calls.signedOut.length > 0, 'the running one signed out');
  assert.is(two.calls.signedOut.length, 0);
});

test('a client on "Sign-in required" comes to ready once another becomes ready signed in, loading its configuration once', async () => {
  signedIn = false;
  const waiting = startTab();
  await waiting.run._started;
  assert.is(waiting.run._day._life._status.value.tag, 'signInRequired');
  assert.is(waiting.calls.signInRequired, 1);
  signedIn = true;
  const before = configurationCalls();
  const signingIn = startTab();
  await signingIn.run._started;
  await until(() => waiting.run._day._life._status.value.tag === 'ready', 'the waiting client is ready');
  await settle();
  // The one that signed in asked once, the one that followed once.
  assert.is(configurationCalls() - before, 2);
  assert.is(waiting.calls.signInRequired, 1, 'no second sign-in asked for');
  assert.ok(waiting.run._client.config, 'its configuration is there');
});

test('still refused when told: the waiting client stays on its sign-in, and asks for none again', async () => {
  signedIn = false;
  const waiting = startTab();
  await waiting.run._started;
  const before = configurationCalls();
  // Another tab says it is ready while the gateway still refuses this one.
  const otherTab = new BroadcastChannel('emweb.session');
  otherTab.postMessage({ type: 'signedIn' });
  otherTab.close();
  await until(() => configurationCalls() > before, 'the waiting client asked again');
  await settle();
  assert.is(configurationCalls(), before + 1, 'once');
  assert.is(waiting.run._day._life._status.value.tag, 'signInRequired');
  assert.is(waiting.calls.signInRequired, 1);
});

test("another tab's jwt: the claims follow the storage event; removing it empties them", async () => {
  const { run } = startTab();
  await run._started;
  assert.is(run._client.claims, null);
  const jwt = makeJwt({ userId: 'ann', exp: Math.floor(Date.now() / 1000) + 3600 });
  localStorage.setItem('jwt', jwt);
  window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', newValue: jwt }));
  assert.equal(run._client.claims, { userId: 'ann' });
  localStorage.removeItem('jwt');
  window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', newValue: null }));
  assert.is(run._client.claims, null);
});

test('a remembered mode: the start-up requests leave before the run listens to the page or reads its session', async () => {
  localStorage.setItem('authType', 'secgw');
  const order: string[] = [];
  const { fetch, addEventListener } = globalThis;
  globalThis.fetch = (input, init) => {
    order.push(`fetch ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  globalThis.addEventListener = ((
    type: string,
    ...rest: Parameters<typeof addEventListener> extends [unknown, ...infer R] ? R : never
  ) => {
    order.push(`listen ${type}`);
    return addEventListener.call(globalThis, type, ...(rest as [EventListener]));
  }) as typeof addEventListener;
  try {
    startTab();
  } finally {
    globalThis.fetch = fetch;
    globalThis.addEventListener = addEventListener;
  }
  // The session follows the stored token (`storage`) and keeps drafts on hide (`visibilitychange`).
  const sessionListens = Math.min(order.indexOf('listen storage'), order.indexOf('listen visibilitychange'));
  assert.ok(sessionListens >= 0, `the session listens to the page: ${order.join(', ')}`);
  const calls = ['ClientConfiguration', 'info/version', 'info/cloudinstance'].map((path) =>
    order.indexOf(`fetch /api/web/${path}`),
  );
  assert.ok(
    calls.every((at) => at >= 0 && at < sessionListens),
    `the three calls first: ${order.join(', ')}`,
  );
});

test.run();

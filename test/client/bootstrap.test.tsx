import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap, bootstrapWhenParsed, unmount } from '../../src/client/bootstrap';
import { getPage } from '../../src/client/page';
import { DEFAULT_CONFIGURATION, makeJwt } from '../../src/testing';
import type { Client, SpeedDialAction } from '../../src/types/client';
import { deferred, settle } from '../fakes';
import { mountAndServerEachTest } from './fixture';

const ORIGIN = location.origin;
const CONFIG = { configurationItemName: 'ACME-1', displayName: 'Acme Service Desk' };
/** What the fake serves: its default configuration with ours over it, and the mode it plays. */
const SERVED_CONFIG = { ...DEFAULT_CONFIGURATION, ...CONFIG, authType: 'secgw' };

const fixture = mountAndServerEachTest(test, { auth: 'secgw', config: CONFIG, version: '5.3.1', cloud: true });

const shadowText = () => fixture.el.shadowRoot?.textContent ?? '';
const requestsTo = (path: string) => fixture.server.requests.filter((request) => request.path === path);
const buttonNamed = (name: string) =>
  [...(fixture.el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

/** A configuration answer the test releases when it wants. */
function heldConfiguration() {
  const held = deferred<void>();
  fixture.server.update({
    routes: { 'GET /api/web/ClientConfiguration': () => held.promise.then(() => ({ status: 200, body: CONFIG })) },
  });
  return () => held.resolve();
}

test('a missing mount element rejects with an Error naming the selector', async () => {
  const err = await bootstrap({ mount: '#nowhere' }).catch((e) => e);
  assert.instance(err, Error);
  assert.match(err.message, '#nowhere');
});

test('an invalid selector rejects with an Error naming it, not a DOMException', async () => {
  const err = await bootstrap({ mount: '##bad[' }).catch((e) => e);
  assert.instance(err, Error);
  assert.match(err.message, '##bad[');
});

test('starts in production secgw: mode, base, configuration from the probe, version, cloud, claims', async () => {
  localStorage.setItem('jwt', makeJwt({ userId: 'jürgen', profileId: 'admin', exp: Date.now() / 1000 + 3600 }));
  const client = await bootstrap({ production: true, captureErrors: false });
  assert.is(client.authType, 'secgw');
  assert.is(client.apiBase, '/api/web/');
  assert.equal(client.config, SERVED_CONFIG);
  assert.is(client.version, '5.3.1');
  assert.is(client.isCloud, true);
  assert.is(client.claims?.userId, 'jürgen');
  assert.is(requestsTo('/api/web/ClientConfiguration').length, 1, 'the configuration is not fetched twice');
  assert.is(localStorage.getItem('authType'), 'secgw');
  assert.is(client.state.authType.value, 'secgw');
  await settle();
  assert.ok(fixture.el.shadowRoot, 'an open shadow root');
  assert.match(shadowText(), 'Acme Service Desk');
  assert.match(shadowText(), 'jürgen');
});

test('every start-up call is sent with credentials', async () => {
  await bootstrap({ captureErrors: false });
  const startup = fixture.server.requests.filter((request) => !request.path.endsWith('clientlogger/'));
  assert.equal(
    startup.map((request) => request.path),
    ['/api/web/ClientConfiguration', '/api/web/info/version', '/api/web/info/cloudinstance'],
  );
  for (const request of startup) assert.is(request.credentials, 'include', request.path);
});

test('bootstrap twice on one element returns the same promise', async () => {
  const a = bootstrap({ captureErrors: false });
  const b = bootstrap({ mount: fixture.el, captureErrors: false });
  assert.is(a, b);
  await a;
});

test('the loading state is on screen before the server answers', async () => {
  const release = heldConfiguration();
  const pending = bootstrap({ captureErrors: false });
  await settle();
  assert.match(shadowText(), 'Starting…');
  release();
  await pending;
  await settle();
  assert.not.match(shadowText(), 'Starting…');
});

test('a development build uses /api/ even under the gateway, and fetches its configuration there', async () => {
  fixture.server.update({
    cloud: false,
    routes: { 'GET /api/ClientConfiguration': { status: 200, body: { ...CONFIG, displayName: 'Dev' } } },
  });
  const client = await bootstrap({ production: false, captureErrors: false });
  assert.is(client.apiBase, '/api/');
  assert.is((client.config as { displayName: string }).displayName, 'Dev');
  assert.is(client.isCloud, false);
});

test('a security-gateway 401 calls onSignInRequired; the shell asks for a sign-in and offers no actions', async () => {
  fixture.server.update({ signedIn: false });
  let asked = 0;
  const client = await bootstrap({ captureErrors: false, onSignInRequired: () => asked++ });
  assert.is(asked, 1);
  assert.is(client.authType, 'secgw');
  assert.is(client.config, false);
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.is(fixture.el.shadowRoot?.querySelector('[aria-haspopup=menu]'), null, 'no speed dial while nobody is signed in');
});

test('Reload configuration from sign-in required that gets its configuration goes to ready', async () => {
  fixture.server.update({ signedIn: false });
  const client = await bootstrap({ captureErrors: false, onSignInRequired: () => {} });
  await settle();
  fixture.server.update({ signedIn: true });
  assert.equal(await client.reloadConfiguration(), SERVED_CONFIG);
  await settle();
  assert.not.match(shadowText(), 'Sign-in required');
  assert.match(shadowText(), 'configuration ACME-1', 'the home view');
  assert.ok(fixture.el.shadowRoot?.querySelector('[aria-haspopup=menu]'), 'the speed dial');
});

test("a reload after unmount asks the server nothing, writes nothing into the ended client's state, and asks for no sign-in", async () => {
  let asked = 0;
  const client = await bootstrap({ captureErrors: false, onSignInRequired: () => asked++ });
  await client.unmount();
  const before = requestsTo('/api/web/ClientConfiguration').length;
  fixture.server.update({ config: { ...CONFIG, displayName: 'Renamed' } });
  assert.is(await client.reloadConfiguration(), false, 'an ended client has no configuration to get');
  assert.is((client.config as { displayName: string }).displayName, 'Acme Service Desk', 'the ended state keeps what it had');
  fixture.server.update({ signedIn: false });
  await client.reloadConfiguration();
  assert.is(asked, 0);
  assert.is(requestsTo('/api/web/ClientConfiguration').length, before, 'no request left');
});

test('an onSignInRequired that throws is logged, and start-up still ends in the sign-in state', async () => {
  fixture.server.update({ signedIn: false });
  const logged: unknown[][] = [];
  const logger = getPage()._logger;
  const realError = logger.error;
  logger.error = (...args: unknown[]) => void logged.push(args);
  try {
    const client = await bootstrap({
      captureErrors: false,
      onSignInRequired: () => {
        throw new Error('host bug');
      },
    });
    assert.is(client.authType, 'secgw');
  } finally {
    logger.error = realError;
  }
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.ok(logged.some(([message]) => String(message).includes('onSignInRequired')));
});

test('a rejected probe shows its message and a Retry button that boots again', async () => {
  fixture.server.update({ routes: { 'GET /api/web/ClientConfiguration': { status: 503 } } });
  const first = bootstrap({ captureErrors: false });
  const err = await first.catch((e) => e);
  assert.is(err.message, 'unhandled error case in getAuthTypeAsync status 503');
  await settle();
  assert.match(shadowText(), 'unhandled error case in getAuthTypeAsync status 503');
  assert.is(bootstrap({ captureErrors: false }), first, 'until Retry, the element holds its failed start');

  fixture.server.update({ routes: {} });
  buttonNamed('Retry')?.click();
  const again = bootstrap({ captureErrors: false });
  assert.is.not(again, first, 'a later call returns the retry, not the failure');
  const client = await again;
  assert.is(client.authType, 'secgw');
  await settle();
  assert.match(shadowText(), 'Acme Service Desk');
});

test('client.unmount removes the UI and lets the element be booted again', async () => {
  const client = await bootstrap({ captureErrors: false });
  await client.unmount();
  await settle();
  assert.is(shadowText(), '', 'nothing left in the shadow root');
  const again = bootstrap({ captureErrors: false });
  assert.is.not(again, Promise.resolve(client));
  assert.is.not(await again, client, 'a new client');
  await settle();
  assert.match(shadowText(), 'Acme Service Desk');
});

test('unmount(mount) ends a started client: UI, and the page logger with the last client', async () => {
  await bootstrap({ captureErrors: false });
  await unmount('#emweb');
  await settle();
  assert.is(shadowText(), '');
  const logger = getPage()._logger;
  logger.error('after the last client left');
  assert.equal(await logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'the logger is stopped: nothing is sent');
  assert.is(fixture.server.logs.length, 0);
});

test('unmount(mount) ends a client still starting: nothing is shown when its answers come, its promise says why', async () => {
  const release = heldConfiguration();
  const starting = bootstrap({ captureErrors: false });
  await settle();
  await unmount(fixture.el);
  release();
  const error = await starting.catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, 'unmounted');
  await settle();
  assert.is(shadowText(), '', 'no UI came back');
  fixture.server.update({ routes: {} });
  const client = await bootstrap({ captureErrors: false });
  assert.is(client.authType, 'secgw', 'the element starts afresh');
});

test('unmount(mount) aborts the start-up calls still out, and logs nothing for them', async () => {
  const never = () => new Promise<never>(() => {});
  fixture.server.update({ routes: { 'GET /api/ClientConfiguration': never, 'GET /api/info/version': never } });
  localStorage.setItem('authType', 'oracle');
  const signals: AbortSignal[] = [];
  const serverFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (init?.signal) signals.push(init.signal);
    return serverFetch(input, init);
  };
  const logger = getPage()._logger;
  const logged: unknown[][] = [];
  const { trace, error } = logger;
  logger.trace = logger.error = (...args: unknown[]) => void logged.push(args);
  try {
    const starting = bootstrap({ captureErrors: false });
    await settle();
    await unmount(fixture.el);
    await starting.catch(() => {});
    await settle();
  } finally {
    Object.assign(logger, { trace, error });
    globalThis.fetch = serverFetch;
  }
  assert.ok(signals.length >= 2, 'the configuration and version calls were out');
  assert.equal(
    signals.filter((signal) => !signal.aborted).length,
    1,
    "only the page's cloud check goes on: another client may share it",
  );
  assert.equal(logged, []);
});

test('unmount(mount) ends a failed start: the next bootstrap probes afresh instead of returning the failure', async () => {
  fixture.server.update({ routes: { 'GET /api/web/ClientConfiguration': { status: 503 } } });
  const failed = bootstrap({ captureErrors: false });
  await failed.catch(() => {});
  await unmount();
  fixture.server.update({ routes: {} });
  const again = bootstrap({ captureErrors: false });
  assert.is.not(again, failed);
  assert.is((await again).authType, 'secgw');
  assert.is(requestsTo('/api/web/ClientConfiguration').length, 2, 'a second probe');
});

test('unmount with nothing there resolves; a second unmount does nothing', async () => {
  await unmount('#nowhere');
  await unmount('##bad[');
  await bootstrap({ captureErrors: false });
  await unmount();
  const requests = fixture.server.requests.length;
  await unmount();
  assert.is(fixture.server.requests.length, requests);
  assert.is(shadowText(), '');
});

test('two clients on one page: the first one configures the logger and receives its entries; the last one stops it', async () => {
  const second = document.body.appendChild(document.createElement('div'));
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    await bootstrap({ captureErrors: false, production: true, logger: { batchSize: 2 } });
    await bootstrap({ mount: second, captureErrors: false, production: false, logger: { batchSize: 7 } });
  } finally {
    console.warn = warn;
  }
  const logger = getPage()._logger;
  assert.is(logger.getConfig().batchSize, 2, "the first client's options");
  assert.ok(
    warnings.some((w) => w.includes('first client')),
    'the ignored options are said',
  );
  logger.error('while both are here');
  await logger.flush();
  assert.equal(
    fixture.server.batches.map((batch) => batch.path),
    ['/api/web/clientlogger/'],
    "to the first client's endpoint",
  );
  await unmount(fixture.el);
  logger.error('after the first left');
  await logger.flush();
  assert.is(fixture.server.batches.at(-1)?.path, '/api/clientlogger/', "then to the remaining client's");
  await unmount(second);
  logger.error('after both left');
  assert.equal(await logger.flush(), { sent: 0, kept: 1, dropped: 0 });
  second.remove();
});

/** Runs `fn` as if the document were still being parsed (`readyState` is `'loading'`). */
async function whileParsing(fn: () => void | Promise<void>): Promise<void> {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  try {
    await fn();
  } finally {
    delete (document as { readyState?: unknown }).readyState;
  }
}

test('the script tag: the requests leave while the page parses, the UI mounts once the element exists', async () => {
  fixture.el.remove();
  await whileParsing(async () => {
    bootstrapWhenParsed('#emweb', { captureErrors: false });
    await settle();
    assert.is(requestsTo('/api/web/ClientConfiguration').length, 1, 'the probe left before the element exists');
    assert.is(shadowText(), '');
    document.body.append(fixture.el);
    document.dispatchEvent(new Event('DOMContentLoaded'));
  });
  const client = await bootstrap({ captureErrors: false });
  assert.is(client.authType, 'secgw');
  assert.is(requestsTo('/api/web/ClientConfiguration').length, 1, 'the same start: no second probe');
  await settle();
  assert.match(shadowText(), 'Acme Service Desk');
});

test('the script tag with no element by the end of parsing: the start ends and the console says why', async () => {
  const errors: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void errors.push(...args);
  try {
    await whileParsing(() => {
      bootstrapWhenParsed('#not-there', { captureErrors: false });
      document.dispatchEvent(new Event('DOMContentLoaded'));
    });
  } finally {
    console.error = error;
  }
  assert.match(String(errors[0]), '#not-there');
  const logger = getPage()._logger;
  logger.error('nobody is on the page');
  assert.equal(await logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'the page logger stopped with it');
});

test('unmount stops following the breakpoint', async () => {
  const mql = new Map<string, { listeners: number }>();
  const real = window.matchMedia;
  window.matchMedia = ((q: string) => {
    const list = real.call(window, q);
    const entry = { listeners: 0 };
    mql.set(q, entry);
    const add = list.addEventListener.bind(list);
    const remove = list.removeEventListener.bind(list);
    list.addEventListener = ((...a: Parameters<typeof add>) => {
      entry.listeners++;
      add(...a);
    }) as typeof add;
    list.removeEventListener = ((...a: Parameters<typeof remove>) => {
      entry.listeners--;
      remove(...a);
    }) as typeof remove;
    return list;
  }) as typeof window.matchMedia;
  const listening = () => [...mql.values()].reduce((n, e) => n + e.listeners, 0);
  try {
    const c = await bootstrap({ captureErrors: false });
    assert.is(listening(), 3);
    await c.unmount();
    assert.is(listening(), 0);
  } finally {
    window.matchMedia = real;
  }
});

const many = (n: number): SpeedDialAction[] => Array.from({ length: n }, (_, i) => ({ label: `Action ${i + 1}`, run() {} }));

for (const production of [false, true]) {
  test(`more than 5 actions: the first 5 are shown and a console warning names the rest (${production ? 'production' : 'development'})`, async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      await bootstrap({ production, captureErrors: false, actions: many(7) });
    } finally {
      console.warn = warn;
    }
    await settle();
    fixture.el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
    await settle();
    assert.is(fixture.el.shadowRoot?.querySelectorAll('[role=menuitem]').length, 5);
    assert.equal(warnings.filter((w) => w.includes('"Action 6", "Action 7"')).length, 1);
  });
}

test('actions as a function: the built-ins come in, and a host adds its own', async () => {
  await bootstrap({ captureErrors: false, actions: (builtIns) => [...builtIns, { label: 'Open ticket', run() {} }] });
  await settle();
  fixture.el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
  await settle();
  assert.equal(
    [...(fixture.el.shadowRoot?.querySelectorAll('[role=menuitem]') ?? [])].map((b) => b.textContent),
    ['Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out', 'Open ticket'],
  );
});

const menuItem = async (label: string) => {
  fixture.el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
  await settle();
  const item = [...(fixture.el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])].find(
    (b) => b.textContent === label,
  );
  if (!item) throw new Error(`no menu item ${label}`);
  return item;
};

/** Resolves once the live region says something. */
async function noticeText(): Promise<string> {
  for (let turns = 0; turns < 50; turns++) {
    const text = fixture.el.shadowRoot?.querySelector('[aria-live=polite]')?.textContent ?? '';
    if (text) return text;
    await settle();
  }
  return '';
}

test('Sign out forgets jwt, devToken and authType, then onSignOut gets the client', async () => {
  localStorage.setItem('jwt', makeJwt({ userId: 'ann' }));
  localStorage.setItem('devToken', 'dev-1');
  const signedOut: Client[] = [];
  const client = await bootstrap({ captureErrors: false, onSignOut: (c) => void signedOut.push(c) });
  await settle();
  (await menuItem('Sign out')).click();
  await settle();
  for (const key of ['jwt', 'devToken', 'authType']) assert.is(localStorage.getItem(key), null, key);
  assert.equal(signedOut, [client]);
});

test('Sign out by default: under the gateway, to its sign-in page', async () => {
  const assigned: string[] = [];
  const realAssign = location.assign;
  (location as { assign: (u: string) => void }).assign = (u: string) => void assigned.push(u);
  try {
    await bootstrap({ captureErrors: false });
    await settle();
    (await menuItem('Sign out')).click();
    await settle();
    assert.equal(assigned, [`${ORIGIN}/auth/`]);
  } finally {
    (location as { assign: (u: string) => void }).assign = realAssign;
  }
});

test('Send logs now sends what is queued and says how many went', async () => {
  const client = await bootstrap({ captureErrors: false });
  client.logger.error('queued before the click');
  await settle();
  (await menuItem('Send logs now')).click();
  assert.is(await noticeText(), 'Log entries sent: 1');
  assert.equal(
    fixture.server.logs.map((entry) => entry.message),
    ['queued before the click'],
  );
});

test('Reload configuration fetches it again and the header follows', async () => {
  const client = await bootstrap({ captureErrors: false });
  await settle();
  fixture.server.update({ config: { ...CONFIG, displayName: 'Acme Renamed' } });
  (await menuItem('Reload configuration')).click();
  assert.is(await noticeText(), 'Configuration reloaded');
  assert.is(fixture.el.shadowRoot?.querySelector('h1')?.textContent, 'Acme Renamed');
  assert.equal((client.config as { displayName: string }).displayName, 'Acme Renamed');
});

test("strings: the host's texts replace the built-in ones", async () => {
  fixture.server.update({ routes: { 'GET /api/web/ClientConfiguration': { status: 503 } } });
  const failed = bootstrap({
    captureErrors: false,
    strings: { startFailed: 'Der Client konnte nicht starten', retry: 'Erneut versuchen' },
  });
  await failed.catch(() => {});
  await settle();
  assert.is(fixture.el.shadowRoot?.querySelector('[role=alert] h2')?.textContent, 'Der Client konnte nicht starten');
  assert.ok(buttonNamed('Erneut versuchen'));
});

test('options that are not an object reject with a clear Error', async () => {
  const error = await bootstrap('#emweb' as never).catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, 'takes an object');
});

test("an element that cannot take the client's shadow root rejects, and leaves nothing started", async () => {
  const taken = document.body.appendChild(document.createElement('div'));
  taken.attachShadow({ mode: 'closed' });
  try {
    const error = await bootstrap({ mount: taken, captureErrors: false }).catch((e: unknown) => e);
    assert.instance(error, Error);
    assert.is(fixture.server.requests.length, 0, 'nothing was asked');
    const logger = getPage()._logger;
    logger.error('no client on the page');
    assert.equal(await logger.flush(), { sent: 0, kept: 1, dropped: 0 }, 'the logger was not started');
  } finally {
    taken.remove();
  }
});

test("an error logged before the mode is known is sent to the mode's logger endpoint", async () => {
  const logger = getPage()._logger;
  logger.error('before start-up');
  await bootstrap({ captureErrors: false, production: true });
  await logger.flush();
  assert.equal(
    fixture.server.batches.map((batch) => [batch.path, batch.entries.map((entry) => entry.message)]),
    [['/api/web/clientlogger/', ['before start-up']]],
  );
});

test('storage that throws on every access does not stop start-up', async () => {
  const desc =
    Object.getOwnPropertyDescriptor(globalThis, 'localStorage') ?? Object.getOwnPropertyDescriptor(window, 'localStorage');
  const throwing = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: throwing });
  try {
    const client = await bootstrap({ captureErrors: false });
    assert.is(client.authType, 'secgw');
    assert.is(client.claims, null);
  } finally {
    if (desc) Object.defineProperty(globalThis, 'localStorage', desc);
  }
});

test.run();

import './setup';
import fetchMock from 'fetch-mock';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../src/bootstrap';
import { getPage } from '../src/page';
import type { Client, SpeedDialAction } from '../src/types';
import { makeJwt as demoJwt } from './fakes';

const ORIGIN = location.origin;
const CONFIG = { configurationItemName: 'ACME-1', displayName: 'Acme Service Desk', authType: 'secgw' };
const settle = (ms = 0) => new Promise((r) => setTimeout(r, ms));

let el: HTMLElement;
let client: Client | undefined;

test.before.each(() => {
  localStorage.clear();
  fetchMock.mockGlobal();
  el = document.createElement('div');
  el.id = 'emweb';
  document.body.append(el);
  client = undefined;
});
test.after.each(async () => {
  await client?.unmount();
  el.remove();
  fetchMock.removeRoutes();
  fetchMock.clearHistory();
  fetchMock.unmockGlobal();
});

const secgwBackend = (config: unknown = CONFIG) => {
  fetchMock
    .route(`${ORIGIN}/api/web/ClientConfiguration`, { status: 200, body: config })
    .route(`${ORIGIN}/api/web/info/version`, { status: 200, body: { message: '5.3.1' } })
    .route(`${ORIGIN}/api/web/info/cloudinstance`, 200)
    .route(`${ORIGIN}/api/web/clientlogger/`, 200);
};
const shadowText = () => el.shadowRoot?.textContent ?? '';
const calls = (path: string) => fetchMock.callHistory.calls().filter((c) => c.url === ORIGIN + path);

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
  secgwBackend();
  localStorage.setItem('jwt', demoJwt({ userId: 'jürgen', profileId: 'admin', exp: Date.now() / 1000 + 3600 }));
  client = await bootstrap({ production: true, captureErrors: false });
  assert.is(client.authType, 'secgw');
  assert.is(client.apiBase, '/api/web/');
  assert.equal(client.config, CONFIG);
  assert.is(client.version, '5.3.1');
  assert.is(client.isCloud, true);
  assert.is(client.claims?.userId, 'jürgen');
  assert.is(calls('/api/web/ClientConfiguration').length, 1, 'the configuration is not fetched twice');
  assert.is(localStorage.getItem('authType'), 'secgw');
  assert.is(client.state.authType.value, 'secgw');
  await settle();
  assert.ok(el.shadowRoot, 'an open shadow root');
  assert.match(shadowText(), 'Acme Service Desk');
  assert.match(shadowText(), 'jürgen');
});

test('every start-up call is sent with credentials', async () => {
  secgwBackend();
  client = await bootstrap({ captureErrors: false });
  // Probe and version at least; the cloud answer may be the page's, shared from an earlier start.
  const startup = fetchMock.callHistory.calls().filter((c) => !c.url.endsWith('clientlogger/'));
  assert.ok(startup.length >= 2);
  for (const c of startup) assert.is(c.options.credentials, 'include', c.url);
});

test('bootstrap twice on one element returns the same promise', async () => {
  secgwBackend();
  const a = bootstrap({ captureErrors: false });
  const b = bootstrap({ mount: el, captureErrors: false });
  assert.is(a, b);
  client = await a;
});

test('the loading state is on screen before the server answers', async () => {
  let release!: () => void;
  fetchMock.route(
    `${ORIGIN}/api/web/ClientConfiguration`,
    new Promise((r) => (release = () => r({ status: 200, body: CONFIG }))),
  );
  fetchMock.route(`begin:${ORIGIN}/api/web/info/`, 404).route('end:clientlogger/', 200);
  const pending = bootstrap({ captureErrors: false });
  await settle();
  assert.match(shadowText(), 'Starting…');
  release();
  client = await pending;
  await settle();
  assert.not.match(shadowText(), 'Starting…');
});

test('a development build uses /api/ even under the gateway, and fetches its configuration there', async () => {
  fetchMock
    .route(`${ORIGIN}/api/web/ClientConfiguration`, { status: 200, body: CONFIG })
    .route(`${ORIGIN}/api/ClientConfiguration`, { status: 200, body: { ...CONFIG, displayName: 'Dev' } })
    .route(`${ORIGIN}/api/info/version`, { status: 200, body: { message: 'dev' } })
    .route(`${ORIGIN}/api/info/cloudinstance`, 404);
  client = await bootstrap({ production: false, captureErrors: false });
  assert.is(client.apiBase, '/api/');
  assert.is((client.config as { displayName: string }).displayName, 'Dev');
  assert.is(client.isCloud, false);
});

test('a security-gateway 401 calls onSignInRequired', async () => {
  fetchMock.route(`${ORIGIN}/api/web/ClientConfiguration`, 401).route(`begin:${ORIGIN}/api/web/info/`, 401);
  let asked = 0;
  client = await bootstrap({ captureErrors: false, onSignInRequired: () => asked++ });
  assert.is(asked, 1);
  assert.is(client.authType, 'secgw');
  assert.is(client.config, false);
  await settle();
  assert.match(shadowText(), 'Sign-in required');
});

test('an onSignInRequired that throws is logged, and start-up still ends in the sign-in state', async () => {
  fetchMock.route(`${ORIGIN}/api/web/ClientConfiguration`, 401).route(`begin:${ORIGIN}/api/web/info/`, 401);
  const logged: unknown[][] = [];
  const logger = getPage().logger;
  const realError = logger.error;
  logger.error = (...args: unknown[]) => void logged.push(args);
  try {
    client = await bootstrap({
      captureErrors: false,
      onSignInRequired: () => {
        throw new Error('host bug');
      },
    });
  } finally {
    logger.error = realError;
  }
  assert.is(client.authType, 'secgw');
  await settle();
  assert.match(shadowText(), 'Sign-in required');
  assert.ok(logged.some(([message]) => String(message).includes('onSignInRequired')));
});

test('a rejected probe shows its message and a Retry button that boots again', async () => {
  fetchMock.route(`${ORIGIN}/api/web/ClientConfiguration`, 503, { name: 'down' });
  const first = bootstrap({ captureErrors: false });
  const err = await first.catch((e) => e);
  assert.is(err.message, 'unhandled error case in getAuthTypeAsync status 503');
  await settle();
  assert.match(shadowText(), 'unhandled error case in getAuthTypeAsync status 503');
  const retry = [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
  assert.ok(retry, 'a Retry button');

  fetchMock.removeRoute('down');
  secgwBackend();
  retry.click();
  const again = bootstrap({ captureErrors: false });
  assert.is.not(again, first, 'a later call returns the retry, not the failure');
  client = await again;
  assert.is(client.authType, 'secgw');
  await settle();
  assert.match(shadowText(), 'Acme Service Desk');
});

test('unmount removes the UI and lets the element be booted again', async () => {
  secgwBackend();
  client = await bootstrap({ captureErrors: false });
  await client.unmount();
  await settle();
  assert.is(shadowText(), '', 'nothing left in the shadow root');
  client = await bootstrap({ captureErrors: false });
  await settle();
  assert.match(shadowText(), 'Acme Service Desk');
});

test('unmount stops following the breakpoint', async () => {
  secgwBackend();
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
  try {
    const c = await bootstrap({ captureErrors: false });
    assert.is(
      [...mql.values()].reduce((n, e) => n + e.listeners, 0),
      3,
    );
    await c.unmount();
    assert.is(
      [...mql.values()].reduce((n, e) => n + e.listeners, 0),
      0,
    );
  } finally {
    window.matchMedia = real;
  }
});

const many = (n: number): SpeedDialAction[] => Array.from({ length: n }, (_, i) => ({ label: `Action ${i + 1}`, run() {} }));

for (const production of [false, true]) {
  test(`more than 5 actions: the first 5 are shown and a console warning names the rest (${production ? 'production' : 'development'})`, async () => {
    secgwBackend();
    fetchMock.route(`${ORIGIN}/api/ClientConfiguration`, { status: 200, body: CONFIG }).route(`begin:${ORIGIN}/api/info/`, 404);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      client = await bootstrap({ production, captureErrors: false, actions: many(7) });
    } finally {
      console.warn = warn;
    }
    await settle();
    el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
    await settle();
    assert.is(el.shadowRoot?.querySelectorAll('[role=menuitem]').length, 5);
    assert.equal(warnings.filter((w) => w.includes('"Action 6", "Action 7"')).length, 1);
  });
}

test('actions as a function: the built-ins come in, and a host adds its own', async () => {
  secgwBackend();
  client = await bootstrap({ captureErrors: false, actions: (builtIns) => [...builtIns, { label: 'Open ticket', run() {} }] });
  await settle();
  el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
  await settle();
  assert.equal(
    [...(el.shadowRoot?.querySelectorAll('[role=menuitem]') ?? [])].map((b) => b.textContent),
    ['Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out', 'Open ticket'],
  );
});

const menuItem = async (label: string) => {
  el.shadowRoot?.querySelector<HTMLButtonElement>('[aria-haspopup=menu]')?.click();
  await settle();
  const item = [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])].find(
    (b) => b.textContent === label,
  );
  if (!item) throw new Error(`no menu item ${label}`);
  return item;
};

test('Sign out forgets jwt, devToken and authType, then onSignOut gets the client', async () => {
  secgwBackend();
  localStorage.setItem('jwt', demoJwt({ userId: 'ann' }));
  localStorage.setItem('devToken', 'dev-1');
  const signedOut: Client[] = [];
  client = await bootstrap({ captureErrors: false, onSignOut: (c) => void signedOut.push(c) });
  await settle();
  (await menuItem('Sign out')).click();
  await settle();
  for (const key of ['jwt', 'devToken', 'authType']) assert.is(localStorage.getItem(key), null, key);
  assert.equal(signedOut, [client]);
});

test('Sign out by default: under the gateway, to its sign-in page', async () => {
  secgwBackend();
  const assigned: string[] = [];
  const realAssign = location.assign;
  (location as { assign: (u: string) => void }).assign = (u: string) => void assigned.push(u);
  try {
    client = await bootstrap({ captureErrors: false });
    await settle();
    (await menuItem('Sign out')).click();
    await settle();
    assert.equal(assigned, [`${ORIGIN}/auth/`]);
  } finally {
    (location as { assign: (u: string) => void }).assign = realAssign;
  }
});

test('Send logs now shows what the flush did', async () => {
  secgwBackend();
  client = await bootstrap({ captureErrors: false });
  await settle();
  (await menuItem('Send logs now')).click();
  await settle();
  await settle();
  assert.match(el.shadowRoot?.querySelector('[aria-live=polite]')?.textContent ?? '', /No log entries to send|Log entries sent/);
});

test('Reload configuration fetches it again and the header follows', async () => {
  secgwBackend();
  client = await bootstrap({ captureErrors: false });
  await settle();
  fetchMock.removeRoutes();
  fetchMock.route(`${ORIGIN}/api/web/ClientConfiguration`, { status: 200, body: { ...CONFIG, displayName: 'Acme Renamed' } });
  fetchMock.route(`${ORIGIN}/api/web/clientlogger/`, 200);
  (await menuItem('Reload configuration')).click();
  await fetchMock.callHistory.flush();
  await settle();
  await settle();
  assert.is(el.shadowRoot?.querySelector('h1')?.textContent, 'Acme Renamed');
  assert.equal((client.config as { displayName: string }).displayName, 'Acme Renamed');
  assert.match(el.shadowRoot?.querySelector('[aria-live=polite]')?.textContent ?? '', 'Configuration reloaded');
});

test("strings: the host's texts replace the built-in ones", async () => {
  fetchMock.route(`${ORIGIN}/api/web/ClientConfiguration`, 503);
  const failed = bootstrap({
    captureErrors: false,
    strings: { startFailed: 'Der Client konnte nicht starten', retry: 'Erneut versuchen' },
  });
  await failed.catch(() => {});
  await settle();
  assert.is(el.shadowRoot?.querySelector('[role=alert] h2')?.textContent, 'Der Client konnte nicht starten');
  assert.ok([...(el.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => b.textContent === 'Erneut versuchen'));
});

test('options that are not an object reject with a clear Error', async () => {
  const error = await bootstrap('#emweb' as never).catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, 'takes an object');
});

test("an element that cannot take the client's shadow root rejects, and leaves nothing started", async () => {
  const taken = document.body.appendChild(document.createElement('div'));
  taken.attachShadow({ mode: 'closed' });
  const before = getPage().mountedClients;
  try {
    const error = await bootstrap({ mount: taken, captureErrors: false }).catch((e: unknown) => e);
    assert.instance(error, Error);
    assert.is(getPage().mountedClients, before);
    assert.is(fetchMock.callHistory.calls().length, 0, 'nothing was asked');
  } finally {
    taken.remove();
  }
});

test("an error logged before the mode is known is sent to the mode's logger endpoint", async () => {
  secgwBackend();
  const logger = getPage().logger;
  logger.error('before start-up');
  client = await bootstrap({ captureErrors: false, production: true });
  await logger.flush();
  await fetchMock.callHistory.flush();
  const sent = calls('/api/web/clientlogger/')
    .map((c) => String(c.options.body))
    .join('');
  assert.match(sent, 'before start-up');
});

test('storage that throws on every access does not stop start-up', async () => {
  secgwBackend();
  const desc =
    Object.getOwnPropertyDescriptor(globalThis, 'localStorage') ?? Object.getOwnPropertyDescriptor(window, 'localStorage');
  const throwing = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: throwing });
  try {
    client = await bootstrap({ captureErrors: false });
    assert.is(client.authType, 'secgw');
    assert.is(client.claims, null);
  } finally {
    if (desc) Object.defineProperty(globalThis, 'localStorage', desc);
  }
});

test.run();

// The whole client, mounted by bootstrap() in happy-dom, fed hostile server answers and hostile
// stored values: configuration and claims of every JSON type, random stored authType, jwt and
// devToken. What the page must never see: an exception (thrown, an unhandled rejection, an error
// event), a request to any origin but the configured one, a client that never settles.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import { BUILD_VERSION } from '../../src/product/constants';
import { createProductServer, makeJwt, type Route, resetPage } from '../../src/testing';
import type { Client } from '../../src/types/client';
import { settle } from '../fakes';
import { printableJson, refusedByFetch, same, storedString, unprintable } from '../fakes/arbitraries';
import { fault, holds, input, printAtExit } from './figures';

printAtExit('unit');

const jwtOf = (payload: unknown) => makeJwt(JSON.stringify(payload));

const field = printableJson;
const configuration = fc.oneof(
  fc.record({ configurationItemName: field, displayName: field, customization: field }, { requiredKeys: [] }),
  printableJson,
);
const claimsPayload = fc.oneof(
  fc.record(
    {
      userId: field,
      authUserId: field,
      profileId: field,
      langId: field,
      sid: field,
      exp: fc.oneof(fc.constant(4_102_444_800), printableJson),
    },
    { requiredKeys: [] },
  ),
  printableJson,
);
const stored = fc.record(
  {
    authType: fc.oneof(fc.constantFrom('oracle', 'secgw', 'token'), storedString),
    jwt: fc.oneof(claimsPayload.map(jwtOf), storedString),
    devToken: storedString,
  },
  { requiredKeys: [] },
);

let run = 0;
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The product's server playing `mode`, its configuration, version and cloud answers replaced by
 * hostile ones on the base (or bases) the mode serves.
 */
function hostileProduct(mode: 'secgw' | 'oracle' | 'token', config: unknown, version: unknown, cloudStatus: number) {
  const configBody = JSON.stringify(mode === 'token' && isPlain(config) ? { ...config, authType: 'token' } : config) ?? 'null';
  const routes: Record<string, Route> = {};
  for (const base of mode === 'secgw' ? ['/api/web/', '/api/'] : ['/api/']) {
    routes[`GET ${base}ClientConfiguration`] = { status: 200, body: configBody };
    routes[`GET ${base}info/version`] = { status: 200, body: { message: version } };
    routes[`GET ${base}info/cloudinstance`] = { status: cloudStatus };
  }
  return createProductServer({ auth: mode, routes });
}

/** Mounts one client with the given backend and storage, as on a fresh page; returns what the page saw. */
async function mountOnce(
  mode: 'secgw' | 'oracle' | 'token',
  config: unknown,
  version: unknown,
  cloudStatus: number,
  storage: Partial<Record<'authType' | 'jwt' | 'devToken', string>>,
  production: boolean,
) {
  const origin = `https://run${++run}.emweb.test`;
  const errors: unknown[] = [];
  const server = hostileProduct(mode, config, version, cloudStatus);
  server.install();
  const onError = (e: Event) => void errors.push((e as ErrorEvent).error ?? (e as ErrorEvent).message);
  const onRejection = (r: unknown) => void errors.push(r);
  const onException = (e: unknown) => void errors.push(e);
  window.addEventListener('error', onError);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  // The page's logger saves the console when it is made, at this bootstrap: its own reports land here.
  const warnings: string[] = [];
  const consoleWarn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  localStorage.clear();
  for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  const el = document.body.appendChild(document.createElement('div'));
  let client: Client | { error: string };
  try {
    try {
      client = await bootstrap({
        mount: el,
        origin,
        production,
        captureErrors: false,
        timeoutMs: 50,
        logger: { disableConsoleLogging: true },
      });
    } catch (e) {
      client = { error: e instanceof Error ? e.message : `not an Error: ${String(e)}` };
    }
    // Renders are batched: let them happen, with whatever they throw.
    for (let i = 0; i < 3; i++) await settle();
    const text = el.shadowRoot?.textContent ?? '';
    await resetPage();
    await settle();
    return { requests: server.requests, errors, client, text, origin, warnings };
  } finally {
    console.warn = consoleWarn;
    el.remove();
    window.removeEventListener('error', onError);
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    server.uninstall();
  }
}

test('hostile configuration, version, claims and stored values: the client starts, shows its shell, and the page sees no exception', () =>
  holds(
    'bootstrap with hostile answers and storage',
    fc.asyncProperty(
      fc.constantFrom('secgw', 'oracle', 'token' as const),
      configuration,
      field,
      fc.constantFrom(200, 404, 500),
      stored,
      fc.boolean(),
      async (mode, config, version, cloud, storage, production) => {
        input('stored values', Object.keys(storage).length);
        const r = await mountOnce(mode, config, version, cloud, storage, production);
        assert.equal(r.errors.map(String), [], 'no exception reached the page');
        assert.ok('unmount' in r.client, `bootstrap resolved: ${JSON.stringify(r.client)}`);
        const client = r.client as Client;
        // The model: which mode the client ends in, where its configuration comes from, and which
        // calls a stored token too hostile for a header (CR, LF, NUL, non-Latin-1) makes fail.
        const stored = storage.devToken || storage.jwt;
        const refused = refusedByFetch(stored ? { Authorization: `Bearer ${stored}` } : {});
        if (refused) fault('header refused by fetch (hostile stored token)');
        // Such a token fails the logger's own POST too (the cloud check's failure was logged): said on the console only.
        const unexpected = r.warnings.filter((w) => !(refused && w.startsWith('emweb.logger: send failed')));
        assert.equal(unexpected, [], 'no console warning but a send the hostile token made fail');
        const valid = ['oracle', 'secgw', 'token'].includes(storage.authType ?? '');
        // A remembered gateway mode that the server no longer plays: its configuration call (the
        // gateway's path, in production) answers 404, so the mode is forgotten and probed afresh.
        const reprobed = valid && production && storage.authType === 'secgw' && mode !== 'secgw';
        const probed = !valid || reprobed;
        // The fallback probe is asked with the stored token, and proves token mode only with a JSON object saying so.
        const probeResult = mode === 'secgw' ? 'secgw' : mode === 'token' && isPlain(config) && !refused ? 'token' : 'oracle';
        const effective = probed ? probeResult : storage.authType;
        assert.is(client.authType, effective);
        const base = production && effective === 'secgw' ? '/api/web/' : '/api/';
        const body = JSON.parse(
          JSON.stringify(mode === 'token' && isPlain(config) ? { ...config, authType: 'token' } : config) ?? 'null',
        );
        // The probe's last answer is the configuration when it came from the configuration's URL.
        const prefetched = probed && (mode !== 'secgw' || base === '/api/web/');
        const configRefused = prefetched ? mode !== 'secgw' && refused : effective === 'token' && refused;
        const served = base === '/api/' || mode === 'secgw';
        if (configRefused || !served || !isPlain(body)) assert.is(client.config, false);
        else same(client.config, body);
        assert.is(client.version, typeof version === 'string' && !(effective === 'token' && refused) ? version : '');
        assert.ok(r.text.includes(BUILD_VERSION), `the shell is on screen: ${r.text.slice(0, 120)}`);
        // Every call goes to this client's origin: its credentials go nowhere else.
        for (const q of r.requests) assert.is(q.origin, r.origin, `credentials only to the configured origin: ${q.path}`);
      },
    ),
    120,
  ));

test('JSON values with no string form ({"toString":1}) in the configuration or the claims the shell shows: no exception reaches the page', () =>
  holds(
    'values with no string form',
    fc.asyncProperty(
      unprintable,
      fc.constantFrom('displayName', 'configurationItemName', 'userId', 'profileId', 'langId', 'sid'),
      async (value, where) => {
        const inConfig = where === 'displayName' || where === 'configurationItemName';
        const config = { configurationItemName: 'ACME', displayName: 'Acme', ...(inConfig ? { [where]: value } : {}) };
        const jwt = jwtOf({ userId: 'u1', exp: 4_102_444_800, ...(inConfig ? {} : { [where]: value }) });
        const r = await mountOnce('secgw', config, '1.0', 200, { jwt }, true);
        assert.equal(r.errors.map(String), [], `no exception reached the page (${where}: ${JSON.stringify(value)})`);
        assert.equal(r.warnings, [], 'no console warning');
        assert.ok('unmount' in r.client, 'bootstrap resolved');
        assert.ok(r.text.includes(BUILD_VERSION), `the shell is on screen: ${r.text.slice(0, 120)}`);
      },
    ),
    30,
  ));

test.run();

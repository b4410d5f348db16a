import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ConfigurationDeps, requestConfiguration } from '../../src/api/configuration';
import type { ApiBase } from '../../src/auth/apiBase';
import { createProductServer, type Route, type RouteAnswer } from '../../src/testing';
import { deferred, memoryStorage, ORIGIN, recordingLog, settle, urlsAsked } from '../fakes';

// The configuration alone, as start-up reads it from the answer.
const loadConfiguration = async (deps: ConfigurationDeps) => (await requestConfiguration(deps)).config;

const URL_WEB = `${ORIGIN}/api/web/ClientConfiguration`;
const URL_DEV = `${ORIGIN}/api/ClientConfiguration`;
const CONFIG = { configurationItemName: 'ACME', displayName: 'Acme Corp', customization: { theme: 'dark' } };

/** A gateway server answering `{base}ClientConfiguration` with `answer`, and the calls' dependencies. */
function setup(answer: Route, base: ApiBase = '/api/web/') {
  const server = createProductServer({ auth: 'secgw', routes: { [`GET ${base}ClientConfiguration`]: answer } });
  const log = recordingLog();
  const deps = {
    fetch: server.fetch,
    origin: ORIGIN,
    apiBase: base,
    authType: 'secgw' as const,
    local: memoryStorage(),
    timeoutMs: 5000,
    log: log,
  };
  return { server, log, deps };
}

test('a JSON object is the configuration; nothing traced', async () => {
  const { deps, log, server } = setup({ status: 200, body: CONFIG });
  assert.equal(await loadConfiguration(deps), CONFIG);
  assert.equal(log.traces, []);
  assert.equal(urlsAsked(server), [URL_WEB]);
  assert.is(server.requests[0]?.credentials, 'include');
});

test('a body that is not a JSON object is a failure: false, and the status traced', async () => {
  const bodies: Record<string, string> = {
    null: 'null',
    array: '[{"displayName":"x"}]',
    string: '"config"',
    number: '42',
    boolean: 'true',
    HTML: '<!doctype html><html><body>Sign in</body></html>',
    truncated: '{"displayName":"Acme',
    empty: '',
  };
  for (const [label, body] of Object.entries(bodies)) {
    const { deps, log } = setup({ status: 200, body });
    assert.is(await loadConfiguration(deps), false, label);
    assert.is(log.traces.length, 1, label);
    assert.match(String(log.traces[0]), /\b200\b/, label);
  }
});

test('a non-2xx answer is a failure, even with an object body; its status traced', async () => {
  for (const status of [401, 403, 404, 500, 503]) {
    const { deps, log } = setup({ status, body: CONFIG });
    assert.is(await loadConfiguration(deps), false, String(status));
    assert.match(String(log.traces[0]), new RegExp(`\\b${status}\\b`), String(status));
  }
});

test('a network failure is a failure traced as status 0', async () => {
  const { deps, log } = setup({ status: 0 });
  assert.is(await loadConfiguration(deps), false);
  assert.match(String(log.traces[0]), /\b0\b/);
});

test('a call the client aborted (it ended) is not traced: nothing failed', async () => {
  const { deps, log, server } = setup({ status: 200, body: CONFIG });
  assert.is(await loadConfiguration({ ...deps, signal: AbortSignal.abort() }), false);
  assert.equal(log.traces, []);
  assert.is(server.requests.length, 0, 'not asked at all');
});

test('a call the page leaving cut short is not traced', async () => {
  const held = deferred<RouteAnswer>();
  const { deps, log } = setup(() => held.promise);
  const loaded = loadConfiguration(deps);
  await settle();
  window.dispatchEvent(new Event('beforeunload'));
  held.resolve({ status: 0 });
  assert.is(await loaded, false);
  assert.equal(log.traces, []);
});

test('token mode sends the stored token', async () => {
  const { deps, server } = setup({ status: 200, body: CONFIG }, '/api/');
  deps.local.set('devToken', 't0k');
  await loadConfiguration({ ...deps, authType: 'token' });
  assert.is(server.requests[0]?.headers.authorization, 'Bearer t0k');
});

test('a prefetched answer from the same URL is used without a request', async () => {
  const { deps, server } = setup({ status: 500 });
  const prefetched = {
    url: URL_WEB,
    result: { tag: 'answer' as const, status: 200, json: { value: CONFIG }, retryAfter: null },
  };
  assert.equal(await loadConfiguration({ ...deps, prefetched: prefetched }), CONFIG);
  assert.is(server.requests.length, 0);
});

test('a prefetched answer that is not an object still counts as a failure, without a request', async () => {
  const { deps, server, log } = setup({ status: 200, body: CONFIG });
  const prefetched = { url: URL_WEB, result: { tag: 'answer' as const, status: 200, json: { value: null }, retryAfter: null } };
  assert.is(await loadConfiguration({ ...deps, prefetched: prefetched }), false);
  assert.is(server.requests.length, 0);
  assert.match(String(log.traces[0]), /\b200\b/);
});

test('a prefetched answer from another URL is ignored: a dev build in secgw mode asks /api/', async () => {
  const { deps, server } = setup({ status: 200, body: { displayName: 'from /api/' } }, '/api/');
  const prefetched = {
    url: URL_WEB,
    result: { tag: 'answer' as const, status: 200, json: { value: CONFIG }, retryAfter: null },
  };
  assert.equal(await loadConfiguration({ ...deps, prefetched: prefetched }), { displayName: 'from /api/' });
  assert.equal(urlsAsked(server), [URL_DEV]);
});

test.run();

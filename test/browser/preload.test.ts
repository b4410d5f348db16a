import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FetchLike, request } from '../../src/browser/http';
import { firstRequestMatchesPreload, requestModeFor, wasPreloaded } from '../../src/browser/preload';

const PAGE = 'https://desk.example';

test('a same-origin GET without headers goes as no-cors: the mode of a preload without crossorigin', () => {
  assert.is(requestModeFor(`${PAGE}/api/web/ClientConfiguration`, 'GET', undefined, PAGE), 'no-cors');
  assert.is(requestModeFor(`${PAGE}/api/info/version`, 'GET', {}, PAGE), 'no-cors');
  assert.is(requestModeFor('/api/info/version', 'GET', {}, PAGE), 'no-cors', 'a relative URL is on the page origin');
});

test('everything else goes as CORS: another origin, a header of its own (no-cors would drop it), a POST, no page origin', () => {
  assert.is(requestModeFor('https://api.example/api/web/ClientConfiguration', 'GET', {}, PAGE), 'cors');
  assert.is(requestModeFor('https://desk.example:8443/api/info/version', 'GET', {}, PAGE), 'cors', 'another port');
  assert.is(requestModeFor(`${PAGE}/api/ClientConfiguration`, 'GET', { Authorization: 'Bearer t' }, PAGE), 'cors');
  assert.is(requestModeFor(`${PAGE}/api/web/clientlogger/`, 'POST', {}, PAGE), 'cors');
  assert.is(requestModeFor(`${PAGE}/api/info/version`, 'GET', {}, undefined), 'cors');
  assert.is(requestModeFor('http://[bad', 'GET', {}, 'null'), 'cors', 'an opaque page origin or a bad URL');
});

test('request() sends the start-up GETs of the page origin as no-cors with credentials, and the rest as CORS', async () => {
  const seen: RequestInit[] = [];
  const fetch: FetchLike = async (_url, init) => {
    seen.push(init);
    return new Response('{}');
  };
  const origin = globalThis.location.origin;
  await request(fetch, `${origin}/api/web/ClientConfiguration`, { headers: {}, timeoutMs: 1000 });
  await request(fetch, `${origin}/api/ClientConfiguration`, { headers: { Authorization: 'Bearer t' }, timeoutMs: 1000 });
  assert.equal(
    seen.map((init) => [init.mode, init.credentials]),
    [
      ['no-cors', 'include'],
      ['cors', 'include'],
    ],
  );
});

test('only the first request of a URL matches a preload: WebKit would answer a Retry from it again', () => {
  const modeOf = firstRequestMatchesPreload();
  const probe = `${PAGE}/api/web/ClientConfiguration`;
  assert.is(modeOf(probe, 'GET', {}, PAGE), 'no-cors');
  assert.is(modeOf(`${PAGE}/api/info/version`, 'GET', {}, PAGE), 'no-cors', 'another URL');
  assert.is(modeOf(probe, 'GET', {}, PAGE), 'cors', 'the same URL again');
  assert.is(modeOf(probe, 'GET', {}, PAGE), 'cors');
});

test('wasPreloaded: only a resource entry of initiator link counts, and no Resource Timing at all is no preload', () => {
  const url = `${PAGE}/api/web/ClientConfiguration`;
  const timeline = (initiatorType: string) => ({
    getEntriesByName: (name: string) => (name === url ? [{ initiatorType } as unknown as PerformanceEntry] : []),
  });
  assert.is(wasPreloaded(url, timeline('link')), true);
  assert.is(wasPreloaded(url, timeline('fetch')), false, "the page's own fetch");
  assert.is(wasPreloaded(`${PAGE}/api/info/version`, timeline('link')), false, 'another URL');
  assert.is(wasPreloaded(url, undefined), false);
  assert.is(wasPreloaded(url, {} as Pick<Performance, 'getEntriesByName'>), false);
});

test.run();

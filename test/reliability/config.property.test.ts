// Configuration, version and cloud answers of every JSON type (and none): the contract's value or
// its fallback, never an exception, never the server's body echoed into the log.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestConfiguration } from '../../src/api/configuration';
import { createCloudCheck, loadVersion } from '../../src/api/info';
import { memoryStorage } from '../fakes';
import { body, jsonValue, noUnhandled, parsedBody, type Reply, reply, same, startupServer, status } from '../fakes/arbitraries';
import { holds, printAtExit } from './figures';

printAtExit('unit');

const ORIGIN = 'https://emweb.test';
const seen = (r: Reply): number => (typeof r === 'string' ? 0 : r.status);
const ok2xx = (s: number) => s >= 200 && s < 300;

/** A configuration answer: any status, with a JSON body of every type more often than not. */
const configReply: fc.Arbitrary<Reply> = fc.oneof(
  {
    arbitrary: fc.record({ status: fc.constantFrom(200, 201, 204), body: jsonValue.map((v) => JSON.stringify(v) ?? 'null') }),
    weight: 4,
  },
  { arbitrary: fc.record({ status, body }), weight: 2 },
  { arbitrary: reply, weight: 1 },
);

function call(r: Reply) {
  const traces: unknown[][] = [];
  const errors: unknown[][] = [];
  const server = startupServer(() => r);
  return {
    server,
    traces,
    errors,
    deps: {
      fetch: server.fetch,
      origin: ORIGIN,
      apiBase: '/api/web/' as const,
      authType: 'secgw' as const,
      local: memoryStorage(),
      timeoutMs: 15,
      log: { trace: (...a: unknown[]) => void traces.push(a), error: (...a: unknown[]) => void errors.push(a) },
    },
  };
}

test('configuration: the JSON object of a 2xx answer, else false with the status traced (null, arrays, strings, numbers count as failures)', () =>
  holds(
    'configuration bodies',
    fc.asyncProperty(configReply, async (r) => {
      const { deps, traces } = call(r);
      const { value: got, unhandled } = await noUnhandled(() => requestConfiguration(deps));
      const { ok, value } = parsedBody(r);
      const good = ok2xx(seen(r)) && ok && typeof value === 'object' && value !== null && !Array.isArray(value);
      same(got, { config: good ? value : false, status: seen(r) });
      assert.equal(traces, good ? [] : [[`ClientConfiguration failed with status ${seen(r)}`]]);
      assert.equal(unhandled, []);
    }),
    400,
  ));

test("version: the message of a 2xx JSON object when it is a string, else ''", () =>
  holds(
    'version bodies',
    fc.asyncProperty(
      fc.oneof(
        fc.record({
          status: fc.constant(200),
          body: fc.oneof(jsonValue, fc.record({ message: jsonValue })).map((v) => JSON.stringify(v) ?? ''),
        }),
        configReply,
      ),
      async (r) => {
        const { deps } = call(r);
        const { value: got, unhandled } = await noUnhandled(() => loadVersion(deps));
        const { ok, value } = parsedBody(r);
        const message =
          ok2xx(seen(r)) && ok && typeof value === 'object' && value !== null && Object.hasOwn(value, 'message')
            ? (value as { message: unknown }).message
            : undefined;
        assert.is(got, typeof message === 'string' ? message : '');
        assert.equal(unhandled, []);
      },
    ),
    300,
  ));

test("cloud: true only for status 200 (whatever the body); no answer is logged at error in the client's own words; one request shared", () =>
  holds(
    'cloud answers',
    fc.asyncProperty(reply, fc.integer({ min: 1, max: 4 }), async (r, callers) => {
      const { deps, server, errors } = call(r);
      const check = createCloudCheck();
      const { value: got, unhandled } = await noUnhandled(() => Promise.all(Array.from({ length: callers }, () => check(deps))));
      // Only the status counts: a body that breaks after a 200 is still a 200.
      const status = r === 'broken-body' ? 200 : seen(r);
      same(got, Array(callers).fill(status === 200));
      assert.is(server.requests.length, 1);
      assert.is(errors.length, status === 0 ? 1 : 0);
      for (const [m] of errors) assert.is(m, `cloud instance check failed: no answer from ${ORIGIN}/api/web/info/cloudinstance`);
      assert.equal(unhandled, []);
    }),
    300,
  ));

test.run();

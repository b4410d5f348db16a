// The calls of a working day under any ordering of what can happen to them: the gateway ending the
// session, a sign-in (the same user's or another's) coming back, callers giving up, the client
// ending. client.fetch and the session's parts are put together as a run does. What must hold in
// every schedule: every call settles exactly once, none is sent more than once after its 401, and
// none is sent while another user's session is on.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClientFetch } from '../../src/api/clientFetch';
import { STORAGE_KEYS } from '../../src/product/constants';
import { makeJwt } from '../../src/testing';
import { memoryStorage, ORIGIN, recordingLog, settle } from '../fakes';
import { readyWorkingDay, sessionForCalls } from '../fakes/workingDay';
import { input } from './figures';

type Step =
  | { kind: 'call'; abortable: boolean }
  | { kind: 'endSession' }
  | { kind: 'signIn'; user: number }
  | { kind: 'abort'; which: number }
  | { kind: 'settle' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('call' as const), abortable: fc.boolean() }),
  fc.constant({ kind: 'endSession' as const }),
  fc.record({ kind: fc.constant('signIn' as const), user: fc.constantFrom(1, 2) }),
  fc.record({ kind: fc.constant('abort' as const), which: fc.nat(20) }),
  fc.constant({ kind: 'settle' as const }),
);

interface Call {
  /** Each attempt: whose session the server had, its answer, and who the stored token said was signed in. */
  sends: { user: number | null; status: number; stored: number | null }[];
  settled: number;
  controller: AbortController;
}

const userIn = (jwt: string | null) => (jwt ? Number(JSON.parse(atob(jwt.split('.')[1] ?? '')).userId) : null);

async function runSchedule(steps: Step[], endsWith: 'end' | 'sameUserBack'): Promise<Call[]> {
  const local = memoryStorage();
  let session: number | null = 1;
  const storeUser = (user: number) => local.set(STORAGE_KEYS.jwt, makeJwt({ userId: user, exp: 1 }));
  storeUser(1);
  const day = readyWorkingDay(local);
  const calls: Call[] = [];
  const end = new AbortController();
  const clientFetch = createClientFetch({
    fetch: async (_url, init) => {
      const call = calls[Number(new Headers(init.headers).get('x-call'))] as Call;
      const status = session === null ? 401 : 200;
      call.sends.push({ user: session, status, stored: userIn(local.get(STORAGE_KEYS.jwt)) });
      return new Response(null, { status });
    },
    origin: ORIGIN,
    apiBase: () => '/api/web/',
    authType: () => 'secgw',
    local,
    timeoutMs: 10_000,
    endSignal: end.signal,
    log: recordingLog(),
    session: sessionForCalls(day),
  });
  const signIn = (user: number) => {
    session = user;
    storeUser(user);
    day._back();
  };
  for (const next of steps) {
    if (next.kind === 'call') {
      const call: Call = { sends: [], settled: 0, controller: new AbortController() };
      calls.push(call);
      const settleOnce = () => void call.settled++;
      clientFetch('tickets', {
        headers: { 'x-call': String(calls.length - 1) },
        signal: next.abortable ? call.controller.signal : null,
      }).then(settleOnce, settleOnce);
    } else if (next.kind === 'endSession') session = null;
    else if (next.kind === 'signIn') signIn(next.user);
    else if (next.kind === 'abort') calls[next.which % Math.max(calls.length, 1)]?.controller.abort(new Error('gave up'));
    else await settle();
  }
  await settle();
  if (endsWith === 'sameUserBack') signIn(userIn(local.get(STORAGE_KEYS.jwt)) ?? 1);
  else end.abort();
  await settle();
  await settle();
  return calls;
}

test('any schedule: every call settles once; none is sent twice after a 401; none for another user', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { maxLength: 30 }),
      fc.constantFrom('end' as const, 'sameUserBack' as const),
      async (steps, endsWith) => {
        input('working-day schedules');
        const calls = await runSchedule(steps, endsWith);
        for (const call of calls) {
          assert.ok(call.settled <= 1, 'settles at most once');
          if (endsWith === 'end') assert.is(call.settled, 1, 'the client’s end settles every call');
          assert.ok(call.sends.length <= 2, `sent ${call.sends.length} times`);
          const [first, again] = call.sends;
          if (again) {
            assert.is(first?.status, 401, 'sent again only after a 401');
            // `null`: the session had ended again, and the attempt carried nobody's.
            if (again.user !== null) assert.is(again.user, first?.stored, 'what waited goes only to the user who left');
          }
        }
      },
    ),
    { numRuns: 1000 },
  );
});

test.run();

// One answer to who is signed in, under any ordering of what can happen while calls are out: the
// gateway ending the session, answers arriving late, a sign-in in this tab or in another (the same
// user or another), a sign-out, a page back from the back/forward cache, screens left, callers
// giving up, the client ending. client.fetch and the working day are put together as a run does.
// What must hold in every schedule: every call settles exactly once (when the client ends); none
// is sent again for a user other than the one it was made for (nor a write where either is
// unknown); none is sent twice after a 401; a left screen's calls and flag change nothing.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClientFetch } from '../../src/api/clientFetch';
import { STORAGE_KEYS } from '../../src/product/constants';
import { makeJwt } from '../../src/testing';
import { deferred, memoryStorage, ORIGIN, recordingLog, settle } from '../fakes';
import { readyWorkingDay, sessionForCalls } from '../fakes/workingDay';
import { input } from './figures';

type User = 1 | 2 | null;
type Step =
  | { kind: 'call'; method: 'GET' | 'PUT'; abortable: boolean }
  | { kind: 'answer'; which: number }
  | { kind: 'endSession' }
  | { kind: 'signInHere'; user: User }
  | { kind: 'otherTabSignsIn'; user: User }
  | { kind: 'signOut' }
  | { kind: 'restoredFromCache'; user: User }
  | { kind: 'leaveScreen' }
  | { kind: 'abort'; which: number }
  | { kind: 'settle' };

const user = fc.constantFrom<User>(1, 2, null);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      method: fc.constantFrom('GET' as const, 'PUT' as const),
      abortable: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('answer' as const), which: fc.nat(30) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'endSession' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('signInHere' as const), user }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('otherTabSignsIn' as const), user }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'signOut' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restoredFromCache' as const), user }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'leaveScreen' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('abort' as const), which: fc.nat(30) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'settle' as const }) },
);

interface Attempt {
  /** Who the stored token said was signed in when the attempt left. */
  stored: User;
  status: number | null;
}

interface Call {
  method: 'GET' | 'PUT';
  madeAs: User;
  /** The screen it was made from, and whether that screen was gone when the call was made. */
  screen: number;
  madeAfterScreenLeft: boolean;
  attempts: Attempt[];
  settled: number;
  controller: AbortController;
}

const userIn = (jwt: string | null): User => (jwt ? (JSON.parse(atob(jwt.split('.')[1] ?? '')).userId ?? null) : null);

function world() {
  const local = memoryStorage();
  const page = new EventTarget();
  /** Whose session the server has: `null` once it ended (it answers 401). */
  let session: User = 1;
  const store = (who: User) =>
    local.set(STORAGE_KEYS.jwt, makeJwt(who === null ? { sid: 'x', exp: 1 } : { userId: who, exp: 1 }));
  store(1);
  const day = readyWorkingDay(local, 0, page);
  const answers: (() => void)[] = [];
  return {
    local,
    page,
    day,
    answers,
    store,
    session: () => session,
    setSession: (next: User) => {
      session = next;
    },
  };
}

async function runSchedule(steps: Step[], endsWith: 'end' | 'answerAll') {
  const w = world();
  const calls: Call[] = [];
  const end = new AbortController();
  // Screens: each has a signal that aborts when it is left, as a run's screen scope does.
  const screens = [new AbortController()];
  const flags = [w.day._unsaved._forScreen()];
  const clientFetch = createClientFetch({
    fetch: (_url, init) => {
      const call = calls[Number(new Headers(init.headers).get('x-call'))] as Call;
      const attempt: Attempt = { stored: userIn(w.local.get(STORAGE_KEYS.jwt)), status: null };
      call.attempts.push(attempt);
      const answered = deferred<Response>();
      // The answer comes when the schedule says: late 401s are the point.
      w.answers.push(() => {
        attempt.status = w.session() === null ? 401 : 200;
        answered.resolve(new Response(null, { status: attempt.status }));
      });
      return answered.promise;
    },
    origin: ORIGIN,
    apiBase: () => '/api/web/',
    authType: () => 'secgw',
    local: w.local,
    timeoutMs: 0x7fffffff,
    endSignal: end.signal,
    log: recordingLog(),
    session: sessionForCalls(w.day),
  });
  const signIn = (who: User, otherTab: boolean) => {
    w.setSession(who ?? 1);
    w.store(who);
    if (otherTab) w.page.dispatchEvent(Object.assign(new Event('storage'), { key: STORAGE_KEYS.jwt }));
    w.day._back();
  };
  const answer = (which: number) => {
    const next = w.answers.splice(which % Math.max(w.answers.length, 1), 1)[0];
    next?.();
  };
  for (const next of steps) {
    if (next.kind === 'call') {
      const screen = screens.length - 1;
      const current = screens[screen] as AbortController;
      const call: Call = {
        method: next.method,
        madeAs: userIn(w.local.get(STORAGE_KEYS.jwt)),
        screen,
        madeAfterScreenLeft: current.signal.aborted,
        attempts: [],
        settled: 0,
        controller: new AbortController(),
      };
      calls.push(call);
      const settleOnce = () => void call.settled++;
      // Now and then a call of a screen already left (a late effect of it).
      const from = screens[Math.max(0, screen - (calls.length % 3 === 0 ? 1 : 0))] as AbortController;
      call.madeAfterScreenLeft = from.signal.aborted;
      clientFetch(
        'tickets',
        {
          method: next.method,
          headers: { 'x-call': String(calls.length - 1) },
          signal: next.abortable ? call.controller.signal : null,
        },
        from.signal,
      ).then(settleOnce, settleOnce);
    } else if (next.kind === 'answer') answer(next.which);
    else if (next.kind === 'endSession') w.setSession(null);
    else if (next.kind === 'signInHere') signIn(next.user, false);
    else if (next.kind === 'otherTabSignsIn') signIn(next.user, true);
    else if (next.kind === 'signOut') {
      w.local.remove(STORAGE_KEYS.jwt);
      w.day._signedOut();
    } else if (next.kind === 'restoredFromCache') {
      w.store(next.user);
      w.page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    } else if (next.kind === 'leaveScreen') {
      const left = flags.at(-1);
      left?._set(true);
      left?._end();
      screens.at(-1)?.abort(new DOMException('its screen is gone', 'AbortError'));
      screens.push(new AbortController());
      flags.push(w.day._unsaved._forScreen());
      // The left screen's late say changes nothing of the live one.
      left?._set(true);
      assert.is(w.day._unsaved._unsaved.value, false, "a left screen's flag never shows");
    } else if (next.kind === 'abort') calls[next.which % Math.max(calls.length, 1)]?.controller.abort(new Error('gave up'));
    else await settle();
  }
  await settle();
  if (endsWith === 'answerAll') {
    // Every answer comes, the same user comes back, and the answers of any attempt after that come too.
    for (let round = 0; round < 3; round++) {
      while (w.answers.length) answer(0);
      await settle();
      signIn(userIn(w.local.get(STORAGE_KEYS.jwt)), false);
      await settle();
    }
  }
  end.abort();
  w.day._end();
  while (w.answers.length) answer(0);
  await settle();
  await settle();
  return calls;
}

test('any schedule: every call settles once; no attempt after the first for another user, nor a write for an unknown one; none twice after a 401', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { maxLength: 40 }),
      fc.constantFrom('end' as const, 'answerAll' as const),
      async (steps, endsWith) => {
        input('who-is-signed-in schedules');
        const calls = await runSchedule(steps, endsWith);
        for (const call of calls) {
          assert.is(call.settled, 1, 'settles exactly once');
          if (call.madeAfterScreenLeft) assert.is(call.attempts.length, 0, "a left screen's call is never sent");
          assert.ok(call.attempts.length <= 2, `sent ${call.attempts.length} times`);
          const [first, again] = call.attempts;
          if (!again) continue;
          assert.is(first?.status, 401, 'sent again only after a 401');
          if (call.method === 'PUT')
            assert.ok(call.madeAs !== null && again.stored !== null, 'a write goes again only for a known user');
          if (call.madeAs !== null && again.stored !== null)
            assert.is(again.stored, call.madeAs, 'only for the user it was made for');
        }
      },
    ),
    { numRuns: 500 },
  );
});

test.run();

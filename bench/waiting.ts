/**
 * What waiting for a sign-in costs a call: the client's own work, in Node, with a `fetch` that
 * answers at once (no network, no DOM), `client.fetch` and the session's parts put together as a
 * run does (goal: waiting and sending again adds at most 0.05 ms a call over today's client.fetch).
 *
 *   node --import tsx bench/waiting.ts
 *
 * - "before": `client.fetch` as it was before calls could wait (src/api/clientFetch.ts at the last
 *   commit without `waitForSignIn`, read from git), answered 200;
 * - "now": today's, answered 200: what every call pays for the session's checks;
 * - "401, wait, sent again": a call answered 401, held until the session is back (released as soon
 *   as it waits), then sent again and answered 200; what it adds is that, less two calls of "now".
 * Then 50 calls answered 401 together: how many sign-ins were asked for, how many times each was
 * sent, how many resolved.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { effect } from '@preact/signals';
import { createClientFetch } from '../src/api/clientFetch';
import { memoryStorage } from '../test/fakes';
import { readyWorkingDay, sessionForCalls } from '../test/fakes/workingDay';
import { OUT, ROOT } from './builds';

const ROUNDS = 9;
const CALLS = 2000;
const ORIGIN = 'https://desk.example';

type Fetch = (path: string) => Promise<Response>;

export interface WaitingResult {
  baselineRef: string;
  calls: number;
  rounds: number;
  /** µs per call, medians of the rounds. */
  before: number;
  now: number;
  cycle: number;
  /** `cycle - 2 × now`: waiting and sending again, beyond the second attempt itself. */
  waitAdds: number;
  /** `now - before`: what every call pays for the session's checks. */
  callAdds: number;
  burst: { calls: number; signInsAsked: number; sentTwice: number; resolved200: number; lost: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Today's client.fetch with a working day; `answer` decides each attempt's status. */
function current(answer: () => number) {
  const local = memoryStorage();
  const day = readyWorkingDay(local);
  // How many calls wait for the sign-in now: the bench lets the session come back once they all do.
  const waiting = { count: 0 };
  const forCalls = sessionForCalls(day);
  const session = {
    ...forCalls,
    wait: (signals: readonly (AbortSignal | null | undefined)[]) => {
      waiting.count++;
      return forCalls.wait(signals).finally(() => void waiting.count--);
    },
  };
  const sends = new Map<string, number>();
  const clientFetch = createClientFetch({
    fetch: async (url) => {
      sends.set(url, (sends.get(url) ?? 0) + 1);
      return new Response(null, { status: answer() });
    },
    origin: ORIGIN,
    apiBase: () => '/api/web/',
    authType: () => 'secgw',
    local,
    timeoutMs: 10_000,
    endSignal: new AbortController().signal,
    log: { error: () => {} },
    session,
  });
  return { day, clientFetch, sends, waiting };
}

/** client.fetch as it was before calls could wait, from git, its imports pointed at today's src/. */
async function baseline(): Promise<{ ref: string; clientFetch: Fetch }> {
  const commits = execFileSync('git', ['rev-list', 'HEAD', '--', 'src/api/clientFetch.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n');
  for (const ref of commits.filter(Boolean)) {
    const source = execFileSync('git', ['show', `${ref}:src/api/clientFetch.ts`], { cwd: ROOT, encoding: 'utf8' });
    if (source.includes('waitForSignIn')) continue;
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'clientFetch.before.ts');
    writeFileSync(file, source.replaceAll("from '../", `from '${ROOT}/src/`));
    const { createClientFetch: before } = await import(pathToFileURL(file).href);
    const clientFetch = before({
      fetch: async () => new Response(null, { status: 200 }),
      origin: ORIGIN,
      apiBase: () => '/api/web/',
      authType: () => 'secgw',
      local: memoryStorage(),
      timeoutMs: 10_000,
      endSignal: new AbortController().signal,
      log: { error: () => {} },
      onSessionEnded: () => {},
    });
    return { ref: ref.slice(0, 7), clientFetch };
  }
  throw new Error('no commit of src/api/clientFetch.ts without waitForSignIn');
}

/** µs per call of `call`, CALLS calls one after the other. */
async function time(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  return ((performance.now() - t0) * 1000) / CALLS;
}

/** One call answered 401, released as soon as it waits, then sent again and answered 200. */
function cycleCall() {
  let attempt = 0;
  const made = current(() => (attempt++ % 2 === 0 ? 401 : 200));
  return async () => {
    const call = made.clientFetch('tickets');
    while (made.waiting.count === 0) await Promise.resolve();
    made.day._back();
    await call;
  };
}

async function burst(): Promise<WaitingResult['burst']> {
  let signedIn = false;
  const made = current(() => (signedIn ? 200 : 401));
  let signInsAsked = 0;
  const stop = effect(() => {
    if (made.day._life._status.value.tag === 'sessionEnded') signInsAsked++;
  });
  const calls = Array.from({ length: 50 }, (_, i) => made.clientFetch(`tickets/${i}`).then((response) => response.status));
  while (made.waiting.count < 50) await new Promise((resolve) => setImmediate(resolve));
  signedIn = true;
  made.day._back();
  const statuses = await Promise.all(calls);
  stop();
  return {
    calls: 50,
    signInsAsked,
    sentTwice: [...made.sends.values()].filter((times) => times === 2).length,
    resolved200: statuses.filter((status) => status === 200).length,
    lost: 50 - statuses.length,
  };
}

export async function benchWaiting(): Promise<WaitingResult> {
  const before = await baseline();
  const now = current(() => 200);
  const cycle = cycleCall();
  const runs = { before: [] as number[], now: [] as number[], cycle: [] as number[] };
  for (let round = -1; round < ROUNDS; round++) {
    // The contenders take turns going first; the first round warms up and is not counted.
    const order = round % 2 === 0 ? (['before', 'now', 'cycle'] as const) : (['cycle', 'now', 'before'] as const);
    for (const which of order) {
      const took = await time(
        which === 'before' ? () => before.clientFetch('tickets') : which === 'now' ? () => now.clientFetch('tickets') : cycle,
      );
      if (round >= 0) runs[which].push(took);
    }
  }
  const result = { before: median(runs.before), now: median(runs.now), cycle: median(runs.cycle) };
  return {
    baselineRef: before.ref,
    calls: CALLS,
    rounds: ROUNDS,
    ...result,
    waitAdds: result.cycle - 2 * result.now,
    callAdds: result.now - result.before,
    burst: await burst(),
  };
}

export function waitingMarkdown(r: WaitingResult): string {
  const ms = (us: number) => `${(us / 1000).toFixed(4)} ms`;
  const b = r.burst;
  return `Node ${process.version}, a \`fetch\` that answers at once; ${r.calls} calls one after the other per round, median of ${r.rounds} rounds
(contenders taking turns to go first). Goal: waiting and sending again adds at most 0.05 ms of the client's own work to a call.

| per call | client's own work |
| --- | --- |
| \`client.fetch\` before calls could wait (\`${r.baselineRef}\`), answered 200 | ${ms(r.before)} |
| \`client.fetch\` now, answered 200 | ${ms(r.now)} (${r.callAdds >= 0 ? '+' : ''}${ms(r.callAdds)}) |
| answered 401, waits, released at once, sent again, answered 200 | ${ms(r.cycle)} |
| **waiting and sending again, beyond the second attempt** | **${ms(r.waitAdds)}** |

${b.calls} calls answered 401 together: sign-ins asked for **${b.signInsAsked}**, each sent again once after the sign-in: **${b.sentTwice}** of ${b.calls},
resolved 200: **${b.resolved200}**, lost: **${b.lost}**.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchWaiting().then(
    (r) => console.log(waitingMarkdown(r)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

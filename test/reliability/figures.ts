// The figures of the reliability work (not a test file): faults injected, entries logged versus
// delivered, inputs tried, violations seen. The unit suite runs every file in one process, so the
// counts add up across files, and one short summary is printed when that process ends.
//
//   EMWEB_FIGURES=path   also appends the figures as one JSON line to `path`
//   FC_SEED=n            replays the property runs with that fast-check seed (printed on failure)
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

const faults = new Map<string, number>();
const inputs = new Map<string, number>();
const violated: string[] = [];
const entries = { logged: 0, delivered: 0, duplicated: 0, lost: 0, reportedDropped: 0 };
/** The delivery property (pages, reloads, tabs, a server that keeps idempotency keys). */
const delivery = {
  schedules: 0,
  faults: 0,
  logged: 0,
  deliveredOnce: 0,
  countedDropped: 0,
  duplicatesBefore: 0,
  duplicatesAfter: 0,
};

const add = (m: Map<string, number>, k: string, n: number) => void m.set(k, (m.get(k) ?? 0) + n);
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** A fault the test made happen: a failed answer, a hang, an offline spell, a page closed mid-outage… */
export const fault = (kind: string, n = 1): void => add(faults, kind, n);
/** Hostile or random inputs handed to the client. */
export const input = (kind: string, n = 1): void => add(inputs, kind, n);
/** A check that failed: counted, and the caller throws. */
const violation = (what: string): void => void violated.push(what);

/**
 * What a logger scenario ended with: entries logged by the page, delivered (in a 2xx answer),
 * delivered more than once, lost without being counted, and counted in a drop report.
 */
export function tally(t: Partial<typeof entries>): void {
  for (const k of Object.keys(t) as (keyof typeof entries)[]) entries[k] += t[k] ?? 0;
}

/**
 * What one delivery schedule ended with: entries logged, delivered exactly once (after the server
 * dropped repeated keys), counted as dropped by the pages' ledgers, and duplicate entries the
 * server saw before and after de-duplication.
 */
export function tallyDelivery(t: Partial<typeof delivery>): void {
  for (const k of Object.keys(t) as (keyof typeof delivery)[]) delivery[k] += t[k] ?? 0;
}

/**
 * Runs a fast-check property, counting its runs as inputs of `kind`; a counterexample counts as a
 * violation and fails the test with fast-check's report (which gives the seed to replay it).
 */
export async function holds<Ts>(
  kind: string,
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IPropertyWithHooks<Ts>,
  numRuns = 300,
): Promise<void> {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, {
    numRuns,
    includeErrorInReport: true,
    ...(seed === undefined ? {} : { seed }),
  });
  input(kind, details.numRuns);
  if (details.failed) {
    violation(kind);
    throw new Error(fc.defaultReportMessage(details) ?? `property ${kind} failed`);
  }
}

/** Runs an example-based check, counting a failure as a violation (and rethrowing it). */
export async function guarded(what: string, fn: () => unknown): Promise<void> {
  input(what);
  try {
    await fn();
  } catch (e) {
    violation(what);
    throw e;
  }
}

function summary(suite: string): string {
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  const e = entries;
  return [
    `[figures: ${suite}] faults injected ${total(faults)} (${top(faults)})`,
    `[figures: ${suite}] entries logged ${e.logged}, delivered ${e.delivered}, counted in drop reports ${e.reportedDropped}, ` +
      `duplicated ${e.duplicated}, lost uncounted ${e.lost}`,
    `[figures: ${suite}] inputs tried ${total(inputs)} (${top(inputs)}); violations seen ${violated.length}` +
      (violated.length ? ` (${[...new Set(violated)].join('; ')})` : ''),
    ...(delivery.schedules
      ? [
          `[figures: ${suite}] delivery: schedules ${delivery.schedules}, faults ${delivery.faults}, entries logged ${delivery.logged}, ` +
            `delivered once ${delivery.deliveredOnce}, counted as dropped ${delivery.countedDropped}, ` +
            `duplicates seen by the server ${delivery.duplicatesBefore} before de-duplication, ${delivery.duplicatesAfter} after`,
        ]
      : []),
  ].join('\n');
}

let armed = false;
/** Prints the summary once, when the process ends; call it from every file that counts. */
export function printAtExit(suite: string): void {
  if (armed) return;
  armed = true;
  process.once('exit', () => {
    console.log(`\n${summary(suite)}`);
    const file = process.env.EMWEB_FIGURES;
    if (file) {
      const json = {
        suite,
        faults: Object.fromEntries(faults),
        inputs: Object.fromEntries(inputs),
        entries,
        delivery,
        violations: violated,
      };
      try {
        appendFileSync(file, `${JSON.stringify(json)}\n`);
      } catch {}
    }
  });
}

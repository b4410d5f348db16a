/**
 * What `client.fetch` adds to a bare `fetch` per call, in headless Chromium against the demo server
 * on loopback (goal: at most 0.1 ms a call).
 *
 *   npm run build && node --import tsx bench/fetch.ts
 *
 * The page is the demo's host page, signed in under the gateway (its session cookie), the client
 * ready. Two comparisons, each in ROUNDS rounds of CALLS calls one after the other, the contenders
 * alternating round by round so that neither always runs on a warmer page:
 * - against the server: `client.fetch('info/version')` and `fetch('/api/web/info/version',
 *   { credentials: 'include' })`, each body read as text;
 * - the client's own work alone: the same two with the page's `fetch` replaced by one that answers
 *   at once with a ready-made `Response`, so the loopback's noise (tens of µs either way) is gone.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoServer } from '../demo/server.mjs';
import { CHROMIUM_ARGS, sessionCookie } from '../test/e2e/driver/chromium';
import { ROOT } from './builds';

const ROUNDS = 9;
const CALLS = 300;

interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface FetchResult {
  chromium: string;
  calls: number;
  rounds: number;
  /** µs per call, median and min–max of the rounds. */
  server: { bare: Spread; client: Spread; added: Spread };
  stubbed: { bare: Spread; client: Spread; added: Spread };
}

const spread = (xs: number[]): Spread => {
  const sorted = [...xs].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { median: round(sorted[Math.floor(sorted.length / 2)]!), min: round(sorted[0]!), max: round(sorted.at(-1)!) };
};

/**
 * Runs in the page: µs per call of each contender, one round each. Plain JavaScript in a string:
 * the TypeScript loader would wrap a function's inner functions in helpers the page lacks.
 */
const PAGE_ROUND = `async ({ calls, stubbed, clientFirst }) => {
  const client = await EMWeb.bootstrap({ mount: '#emweb' });
  const real = window.__benchRealFetch ?? (window.__benchRealFetch = window.fetch);
  window.fetch = stubbed ? () => Promise.resolve(new Response('{"message":"x"}')) : real;
  const url = location.origin + client.apiBase + 'info/version';
  const time = async (call) => {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await (await call()).text();
    return ((performance.now() - t0) * 1000) / calls;
  };
  const bare = () => window.fetch(url, { credentials: 'include' });
  const viaClient = () => client.fetch('info/version');
  const result = { bare: 0, client: 0 };
  if (clientFirst) {
    result.client = await time(viaClient);
    result.bare = await time(bare);
  } else {
    result.bare = await time(bare);
    result.client = await time(viaClient);
  }
  window.fetch = real;
  return result;
}`;

const pageRound = (args: { calls: number; stubbed: boolean; clientFirst: boolean }): string =>
  `(${PAGE_ROUND})(${JSON.stringify(args)})`;

export async function benchFetch(): Promise<FetchResult | { skipped: string }> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `Chromium not found at ${executablePath}` };
  if (!existsSync(`${ROOT}/dist/emweb.js`)) throw new Error('dist/emweb.js is missing: run `npm run build` first');
  const server = await startDemoServer({ port: 0, quiet: true, auth: 'secgw' });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await context.addCookies([sessionCookie(server)]);
    const page = await context.newPage();
    await page.goto(`${server.url}/web/`);
    await page.locator('#emweb >> header h1').waitFor();
    const measure = async (stubbed: boolean) => {
      const bare: number[] = [];
      const client: number[] = [];
      // A warm-up round first, not counted: the first calls pay for compiling and the connection.
      for (let round = -1; round < ROUNDS; round++) {
        const r = (await page.evaluate(pageRound({ calls: CALLS, stubbed, clientFirst: round % 2 === 0 }))) as {
          bare: number;
          client: number;
        };
        if (round < 0) continue;
        bare.push(r.bare);
        client.push(r.client);
      }
      return { bare: spread(bare), client: spread(client), added: spread(client.map((c, i) => c - bare[i]!)) };
    };
    return {
      chromium: browser.version(),
      calls: CALLS,
      rounds: ROUNDS,
      server: await measure(false),
      stubbed: await measure(true),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function fetchMarkdown(r: FetchResult | { skipped: string }): string {
  if ('skipped' in r) return `Not run: ${r.skipped}.`;
  const ms = (us: number) => (us / 1000).toFixed(3);
  const row = (what: string, s: FetchResult['server']) =>
    `| ${what} | ${ms(s.bare.median)} ms | ${ms(s.client.median)} ms | **${ms(s.added.median)} ms** (${ms(s.added.min)} to ${ms(s.added.max)}) |`;
  return `Chromium ${r.chromium}, ${r.calls} calls one after the other per round, median of ${r.rounds} rounds (contenders alternating); goal: \`client.fetch\` adds at most 0.1 ms a call.

| per call | bare \`fetch\` | \`client.fetch\` | added by \`client.fetch\` (min to max of the rounds) |
| --- | --- | --- | --- |
${row('against the demo server on loopback (`info/version`, body read)', r.server)}
${row("the client's own work alone (the page's `fetch` answers at once)", r.stubbed)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchFetch().then(
    (r) => console.log(fetchMarkdown(r)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

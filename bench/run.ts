/**
 * `npm run bench`: builds (npm does, first), runs every benchmark and writes BENCHMARKS.md.
 *
 *   npm run bench                      all six, then BENCHMARKS.md
 *   node --import tsx bench/run.ts     the same without the build (dist/ must be current)
 *
 * One after the other, never side by side, so that no benchmark's timing shares the CPU with
 * another's work. A benchmark that fails leaves its section saying so, the others still run, and
 * the exit code is 1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { type BootResult, benchBoot, bootMarkdown } from './boot';
import { baselineEmweb, OUT, packageVersion, ROOT } from './builds';
import { benchDrafts, draftsMarkdown } from './drafts';
import { benchFetch, fetchMarkdown } from './fetch';
import { benchLogger } from './logger';
import { loggerMarkdown } from './logger-report';
import { benchNavigate, navigateMarkdown } from './navigate';
import { benchScale, PLAN, type ScaleRun, scaleMarkdown } from './scale';
import { benchSize, sizeMarkdown } from './size';
import { benchSymbolicate, symbolicateMarkdown } from './symbolicate';
import { benchTabs, tabsMarkdown } from './tabs';
import { benchWaiting, waitingMarkdown } from './waiting';

const started = performance.now();
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

interface Section<T> {
  result?: T;
  error?: string;
  ms: number;
  loadBefore: string;
}

async function section<T>(name: string, fn: () => Promise<T>): Promise<Section<T>> {
  log(`\n${name}…`);
  const loadBefore = load();
  const t0 = performance.now();
  try {
    const result = await fn();
    const ms = performance.now() - t0;
    log(`${name}: done in ${seconds(ms)}`);
    return { result, ms, loadBefore };
  } catch (e) {
    const ms = performance.now() - t0;
    console.error(`${name} FAILED:`, e);
    return { error: (e as Error)?.stack?.split('\n').slice(0, 3).join(' ') ?? String(e), ms, loadBefore };
  }
}

const size = await section('1. size', benchSize);
const boot = await section<BootResult>('2. boot', async () => {
  if (!size.result) throw new Error('the React 18 build of the shell is missing: the size benchmark failed');
  const baseline = await baselineEmweb();
  return benchBoot({ react18: size.result.reactShellCode, baseline: baseline.code, baselineRef: baseline.ref }, log);
});
const logger = await section('3. logger', benchLogger);
const scale = await section<ScaleRun[]>('4. scale', () =>
  benchScale(undefined, (r) =>
    log(`  scale: ${r.setting}, ${r.pages} pages (${r.simulatedPages} simulated): ${seconds(r.wallMs)}`),
  ),
);
const reading = await section('5. reading stacks', benchSymbolicate);
const fetchCalls = await section('6. client.fetch', benchFetch);
const tabs = await section('7. tabs', benchTabs);
const navigate = await section('8. navigate', () => benchNavigate(log));
const waiting = await section('9. waiting for a sign-in', benchWaiting);
const drafts = await section('10. keeping a draft', benchDrafts);
const totalMs = performance.now() - started;

// ---------------------------------------------------------------------------------------------

const cpu = cpus();
const chromium =
  boot.result && 'chromium' in boot.result
    ? `Chromium ${boot.result.chromium} (headless, \`${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}\`)`
    : 'Chromium: not run (see section 2)';
const when = new Date().toISOString().replace('T', ' ').replace(/\..*/, ' UTC');

const n = (x: number) => x.toLocaleString('en-US');
const sampling = () => {
  const full = PLAN.filter((p) => p.sampleEvery === 1).map((p) => n(p.pages));
  const sampled = PLAN.filter((p) => p.sampleEvery > 1).map(
    (p) =>
      `${n(p.pages)} pages are a 1-in-${p.sampleEvery} sample (${n(p.pages / p.sampleEvery)} pages of the ${n(p.pages)} drawn, counts ×${p.sampleEvery}; its peak is an upper bound)`,
  );
  return [`${full.join(' and ')} pages are simulated in full (every page, every error)`, ...sampled].join(';\n');
};
const sections = [size, boot, logger, scale, reading, fetchCalls, tabs, navigate, waiting, drafts];
const busiest = Math.max(...sections.map((s) => Number(s.loadBefore.split(' / ')[0])));
const busyNote =
  busiest > cpu.length
    ? `\n\n> **The machine was busy during this run** (load average up to ${busiest.toFixed(1)} on ${cpu.length} cores before a benchmark started): ` +
      'timings (sections 2–5) are inflated and noisier than on a quiet machine; sizes and request counts are not affected.'
    : '';

const body = <T>(s: Section<T>, render: (r: T) => string) =>
  (s.result !== undefined ? render(s.result) : `**This benchmark failed:** \`${s.error}\``) +
  `\n\n<sub>Ran in ${seconds(s.ms)}; load average before it (1 / 5 / 15 min): ${s.loadBefore}.</sub>`;

const md = `# EMWeb benchmarks

Written by \`npm run bench\` (build, then \`bench/run.ts\`) on ${when}; the benchmarks took ${seconds(totalMs)} after the build.
Figures depend on the machine: compare the rows of one run with each other, not with another machine's.
Nothing here is asserted by the tests (the size of \`dist/emweb.js\` is, by scripts/size-budget.mjs in \`npm test\`).${busyNote}

| | |
| --- | --- |
| machine | ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${type()} ${release()} |
| Node | ${process.version} |
| browser | ${chromium} |
| EMWeb | ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}, \`dist/emweb.js\` from the build that started this run |
| compared with | @datadog/browser-logs ${packageVersion('@datadog/browser-logs')}, @sentry/browser ${packageVersion('@sentry/browser')}, react ${packageVersion('react18')} + react-dom ${packageVersion('react-dom18')}, loglevel ${packageVersion('loglevel')} + loglevel-plugin-remote ${packageVersion('loglevel-plugin-remote')} |

Each benchmark has its own file in \`bench/\` and runs alone too: \`node --import tsx bench/size.ts\` (or
\`boot.ts\`, \`logger.ts\`, \`scale.ts\`, \`symbolicate.ts\`, \`tabs.ts\`, \`navigate.ts\`, \`waiting.ts\`, \`drafts.ts\`) after \`npm run build\`.

## 1. Size

${body(size, sizeMarkdown)}

**How measured** (\`bench/size.ts\`, \`bench/builds.ts\`). EMWeb's row is \`dist/emweb.js\` exactly as \`npm run build\` wrote it. Every other
bundle is built in the same run with the settings of that build: \`rollup.config.mjs\` is imported and its \`dist/emweb.js\` entry's
output options are reused as they are (IIFE, the same terser plugin and options). The alternatives are entries in
\`bench/entries/\` that import and initialise each SDK the way its documentation starts an application, resolved for the browser
(\`@rollup/plugin-node-resolve\` with \`browser: true\`, \`@rollup/plugin-commonjs\`, \`process.env.NODE_ENV = "production"\`).
Sizes are bytes of the minified file, of \`gzip -9\` (as the budget test measures) and of brotli quality 11, from \`node:zlib\`.
Ratios are EMWeb ÷ the other: below 1 means EMWeb is smaller. Datadog and Sentry are error reporters only, so the like-for-like
line compares EMWeb's logger alone (\`bench/entries/emweb-logger.mjs\`: \`createLogger\` from \`src/logging\`, started and capturing errors,
built with EMWeb's own plugins).

**The React 18 build of the same shell.** \`src/embed.ts\` built with EMWeb's own rollup plugins plus, in front of them, a resolver that
sends \`react\` to \`react18\` (npm alias of react@18.3.1), \`react/jsx-runtime\` to \`react18/jsx-runtime\`, \`react-dom\` (and the
\`render\` of \`preact\`/\`preact/compat\`) to \`bench/react18/react-dom.mjs\` (React 18's \`createRoot\`; \`render(null, el)\` unmounts), and the
Preact-only imports to small stand-ins in \`bench/react18/\`: \`preact/jsx-runtime\` to React's JSX runtime behind a shim that renames the
Preact spellings our JSX uses on DOM elements (\`class\` → \`className\`, \`onFocusOut\` → \`onBlur\`, which React fires on focusout),
\`preact\` (\`createContext\`) to React's, and \`preact/hooks\` to React's hooks plus a \`useErrorBoundary\` that catches nothing (React can only
catch render errors in a class component; a real port would add one, a few hundred bytes; no benchmark renders a failing screen).
The shell's state is \`@preact/signals\`, whose component integration is Preact's: under React its import goes to
\`bench/react18/signals.mjs\`, which re-renders the whole tree from the root on any signal change (the honest port without
\`@preact/signals-react\` and its Babel transform). \`process.env.NODE_ENV\` is \`"production"\`, so React's
production builds go in; the build fails if any Preact package is left in the bundle. The boot benchmark serves this bundle as
\`/web/emweb.js\` (a second demo server whose \`dist/\` holds it) and checks that it really works (section 2, UI check).

## 2. Boot

${body(boot, bootMarkdown)}

**How measured** (\`bench/boot.ts\`, \`bench/boot-page.js\`). Headless Chromium through playwright-core, launched as the e2e suite launches
it; three demo servers (\`demo/server.mjs\`, port 0, \`latency: 100\` on every \`/api/\` answer), serving \`dist/emweb.js\`, "EMWeb before" and
the React 18 build, each behind a front (\`bench/boot-front.ts\`) that answers \`emweb.js\` 100 ms late too and serves the bare host page
(\`bench/boot-bare.html\`: the mount element and the script tag) at \`/bare/\`; the host pages themselves come at once. "Preload" is the
demo's \`preload\` switch: the mode's \`Link\` header (\`demo/preload.mjs\`) on the host page's answer, the demo's or the bare one. Each run is a fresh page in a new browser context (empty cache and storage; the demo sends
\`Cache-Control: no-store\`) opening \`/web/\`, so every run is a first visit as far as the browser knows; the builds alternate run by run. An init script records \`performance.now()\` (navigation start = 0)
from MutationObservers on the document and on every shadow root as it is attached: "first content" is the client's first drawing (its
loading state), "ready" is the DOM update after which the header's \`h1\` reads the configured displayName (then confirmed through
Playwright's \`#emweb h1\` locator). "emweb.js loaded" is the script's \`responseEnd\` from Resource Timing. Requests on the critical path are
the API requests the demo server recorded whose answer (sent 100 ms after arrival) was back before "ready" on the same clock; calls the client
starts alongside the header (version and cloud check after a probe) arrive before but are answered after, and are not counted; round trips are
those requests grouped by arrival (a new one when a request arrives a full latency or more after the first request of the current one, i.e. when it could have waited for that answer). Scenarios:
remembered = \`localStorage.authType = "secgw"\` and a gateway session cookie (\`createSession()\`), no probe; fresh secgw = the cookie only, the probe
answers 200 with the configuration; fresh token = the demo in \`--auth token\` (its host page seeds the development token), the probe answers 404
and the development path gives the configuration. "ready − round trips × latency" is what is not network wait: page, script, rendering and loopback.
The UI check opens each build once (latency 0) and checks the header, the server version, and the speed dial opening as a menu and closing on Escape,
with no page or console errors.

## 3. Logger

${body(logger, loggerMarkdown)}

**How measured** (\`bench/logger.ts\`, by the logger's engineer, run as is by the runner). In one Node process, ns per call over 9 rounds
(\`ROUNDS\`) after a warm-up, EMWeb and loglevel alternating round by round; median and min–max over the rounds. (a) a \`debug\` call below every
threshold (production defaults; loglevel at \`warn\`); (b) \`info\` with console logging off (EMWeb's production defaults) against loglevel
at \`info\` writing to a no-op console (loglevel has no "console off"); (c) an \`error\` queued for the server, a distinct message each
call (JSON-safe entry, redaction, a context set, rate limit lifted, bounded queue, a fetch that never answers) against loglevel-plugin-remote
queueing the same calls to a stubbed XMLHttpRequest; (d) the same \`error\` with one message, an error and its stack, again and again: past
\`groupRepeatsAfter\` each call is counted into a grouped entry, against (c)'s loglevel-plugin-remote figure; (e) a second of real time in
which \`error\` is called 10,000 times (100 every 10 ms), the main thread's active time from \`performance.eventLoopUtilization\` (the
calls, and the timers and promise callbacks they set off), each contender in turn, median of 3. The console methods are no-ops
during the run, so neither side pays for output. The outage: 1,000,000 errors while every send answers 503, on a fake clock moving 1 ms per
error, the rate limit lifted so that the queue bound (1,000) is what holds memory; heap after forced GCs.

## 4. Scale by simulation

${body(scale, scaleMarkdown)}

**How measured** (\`bench/scale.ts\`). Pages are real \`createLogger\` instances (production defaults: batches of 20, flush every 10 s, queue of
1,000), each with its own storage, all on one fake clock per run (a binary heap of timers; the promise callbacks that timers and
requests set off all run before the clock moves on), posting to a server stub that counts requests, entries and bytes per simulated second and answers every
batch 200 after 50 simulated ms. Each page opens at a random moment of the first minute and then logs one \`error('Grid refresh failed',
TypeError with a 5-frame stack, { grid, attempt })\` every 100 ms for the rest of the 10 simulated minutes. The
rates are averaged from minute 2 to minute 10, when every page is open and the rate limit's first minute has passed; "peak" is the busiest
single second of the run. With grouping (the default), past five a minute the errors reach the server counted in one grouped entry a
batch (\`repeated\`, "errors counted in grouped entries"); with the rate limit, the errors it refuses reach the server as counts in one
drop-report entry at the head of a batch ("counted, not sent"); those entries are part of "entries". ${sampling()}: the logger's own work per error
(~5–10 µs) times 60 million errors would be ten minutes of CPU or more. Sampling is exact in expectation because pages share nothing but
the server and the stub answers at the same speed whatever the load, so one page's traffic does not depend on another's; the full runs at
100 and 1,000 pages show the resulting growth. The settings run side by side, one worker thread each.

## 5. Reading stacks

${body(reading, symbolicateMarkdown)}

**How measured** (\`bench/symbolicate.ts\`). The entries are made in the run: each holds one error whose stack has 10 frames in
\`dist/emweb.js\`, each frame on a real mapped place of the bundle, spread over all of it, so that no two entries read alike. They are
written to one file of JSON; the command reads it with \`--map dist/emweb.js.map --json\` and writes to nowhere, timed from spawn to exit.
The function's figure is \`symbolicate()\` on the same entries in this process, the map already read. A run that warns (a frame the map
does not fit) fails the benchmark.

## 6. What client.fetch adds to a call

${body(fetchCalls, fetchMarkdown)}

**How measured** (\`bench/fetch.ts\`). Headless Chromium, the demo server on loopback under the gateway, signed in (a session cookie),
the client ready on the demo's host page. In the page, \`client.fetch('info/version')\` against \`fetch('{origin}/api/web/info/version',
{ credentials: 'include' })\`, one call after the other, each body read; the two alternate which goes first round by round, after a
warm-up round not counted; "added" is the median over the rounds of the difference. Against the server the loopback's own noise is
larger than what is measured, so the second row replaces the page's \`fetch\` with one that answers at once: what is left is the
client's own work (path check, sign-in headers, timeout, abort wiring, the page-leaving watch).

## 7. Tabs: one sender per browser

${body(tabs, tabsMarkdown)}

**How measured** (\`bench/tabs.ts\`). The tabs' loggers are real \`createLogger\` instances (production defaults) handed the fakes of
\`test/fakes/tabs.ts\`: a Web Lock manager and BroadcastChannels shared by the tabs of a browser (a message arrives a task later, as a copy),
one localStorage, one fake clock, a server that answers every batch 200 at once and de-duplicates by Idempotency-Key. "One sender per tab"
is the same browsers with the lock and the channel taken away, as in a browser without them. Browsers share nothing but the server, so a
sample simulated in full scales linearly. "Calls counted at the server" adds every entry, each grouped entry's \`repeated\` and each drop
report's counts. The working day: the heap is \`process.memoryUsage().heapUsed\` after a forced GC at the end of each simulated hour (the
fake server's own records are let go each hour); listeners are those the live tabs' loggers added to their window and document and did
not remove (counted by wrapping \`EventTarget\`); "timers of the hidden tab" is the most timers its logger had running at once in the hour.

## 8. A move between two screens

${body(navigate, navigateMarkdown)}

**How measured** (\`bench/navigate.ts\`, \`bench/navigate/\`). Headless Chromium through playwright-core, one demo server (oracle mode) serving
two pages as fixtures: EMWeb with \`routes: { a, b }\` and preact-iso ${packageVersion('preact-iso')} alone (\`LocationProvider\` and \`Router\`, built with
our build's settings from \`bench/entries/navigate-iso.mjs\`), both showing the same two screens written with htm (\`bench/navigate/screens.js\`:
a heading, a link to the other, 50 rows). Each page takes \`/web/a\` as its location, then moves back and forth: \`link.click()\` on the shown
screen's link, "committed" when a MutationObserver on the screen's root sees the other heading, "painted" at a task after the next animation frame.
20 warm-up moves, then 40 measured, per page per round; the pages take turns round by round in fresh browser contexts.
EMWeb's "committed" includes the focus move of its layout effect (a forced style and layout that preact-iso leaves to the frame), so
"painted" is the figure to compare.

## 9. Waiting for a sign-in

${body(waiting, waitingMarkdown)}

**How measured** (\`bench/waiting.ts\`). In Node, \`client.fetch\` and the session's parts (\`src/session/\`) put together as a run does,
with a \`fetch\` that answers at once, so that only the client's own work is timed. "Before" is \`src/api/clientFetch.ts\` at the last commit
without \`waitForSignIn\`, read from git and run against today's \`src/\`. The 401 round's call is released as soon as it waits (the session
comes back at once): what it adds beyond its two attempts is the wait's own bookkeeping and the second attempt's set-up. The 50 calls are
made together while the gateway answers 401; once all 50 wait, the session comes back; "sign-ins asked for" counts the times the shell's
status turned to the sign-in dialog.

## 10. Keeping a draft

${body(drafts, draftsMarkdown)}

**How measured** (\`bench/drafts.ts\`). In Node with happy-dom, two screens rendered with Preact inside a screen's draft scope
(\`src/ui/useDraft.ts\`, over a working day whose storage counts the draft writes and whose timers are real): one holds \`useState\`,
the other \`useDraft\`. A round calls the setter once per keystroke of a text growing to 2,000 characters and times the loop alone;
the re-render each setter schedules happens once after the loop, for both alike. What \`setValue\` adds is its own work: the JSON
check of the value, the comparison with \`initial\`, the screen's flag (once) and the value kept for the write to come. The writes are
counted on the storage: a burst of 200 keystrokes, then 200 keystrokes 20 ms apart, each followed by 600 ms for the last write.
`;

mkdirSync(OUT, { recursive: true });
writeFileSync(
  join(OUT, 'results.json'),
  JSON.stringify(
    {
      size: size.result && { ...size.result, reactShellCode: undefined },
      boot: boot.result,
      logger: logger.result,
      scale: scale.result,
      reading: reading.result,
      tabs: tabs.result,
      navigate: navigate.result,
      waiting: waiting.result,
      drafts: drafts.result,
    },
    null,
    2,
  ),
);
writeFileSync(join(ROOT, 'BENCHMARKS.md'), md);
const failed = sections.filter((s) => s.error).length;
log(`\nBENCHMARKS.md written (${seconds(totalMs)})${failed ? `; ${failed} benchmark(s) FAILED` : ''}.`);
// Loggers and browsers left behind by a failed benchmark must not keep the process alive.
process.exit(failed ? 1 : 0);

/**
 * A move between two loaded screens, click to painted, in headless Chromium: EMWeb with `routes`
 * against preact-iso alone (its LocationProvider and Router) with the same two screens, each page
 * taking turns round by round so that drift on the machine hits both. Each move: a click on the
 * shown screen's link, the other screen's heading in the DOM ("committed"), the frame after it
 * ("painted"); see bench/navigate/measure.js.
 *
 *   node --import tsx bench/navigate.ts        (after `npm run build`)
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { startDemoServer } from '../demo/server.mjs';
import { CHROMIUM_ARGS } from '../test/e2e/driver/chromium';
import * as builds from './builds';

const ROUNDS = Number(process.env.NAVIGATE_ROUNDS) || 8;
const MOVES = 40;
const WARMUP_MOVES = 20;
const ROUTERS = ['emweb', 'iso'] as const;
type Router = (typeof ROUTERS)[number];

interface Move {
  committed: number;
  painted: number;
}

export interface NavigateResult {
  chromium: string;
  moves: number;
  figures: Record<Router, { committed: Figures; painted: Figures }>;
}
interface Figures {
  median: number;
  p95: number;
}

const page = (body: string, script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>navigate</title></head>
<body>${body}
<script src="/e2e/screens.js"></script><script src="/e2e/measure.js"></script>${script}
</body></html>
`;

/** A server root: this build's dist/, the demo's files, and the two pages with their scripts as /e2e/ fixtures. */
async function serverRoot(): Promise<string> {
  const root = join(builds.OUT, 'navigate-root');
  const pages = join(root, 'test', 'e2e', 'pages');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(pages, { recursive: true });
  mkdirSync(join(root, 'dist'));
  copyFileSync(join(builds.ROOT, 'dist', 'emweb.js'), join(root, 'dist', 'emweb.js'));
  symlinkSync(join(builds.ROOT, 'demo'), join(root, 'demo'), 'dir');
  for (const file of ['screens.js', 'measure.js', 'emweb.js'])
    copyFileSync(join(builds.ROOT, 'bench', 'navigate', file), join(pages, file));
  writeFileSync(join(pages, 'iso.js'), (await builds.navigateIso()).code);
  writeFileSync(
    join(pages, 'emweb.html'),
    page('<div id="emweb"></div>', '<script src="/web/emweb.js"></script><script src="/e2e/emweb.js"></script>'),
  );
  writeFileSync(join(pages, 'iso.html'), page('<div id="app"></div>', '<script src="/e2e/iso.js"></script>'));
  return root;
}

const figures = (xs: number[]): Figures => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: Number(at(0.5).toFixed(2)), p95: Number(at(0.95).toFixed(2)) };
};

async function movesIn(browser: Browser, url: string, moves: number): Promise<Move[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.waitForFunction(() => (window as any).navReady && (window as any).navRoot()?.querySelector('h2'));
    await tab.evaluate((n) => (window as any).navRun((window as any).navRoot, n), WARMUP_MOVES);
    return await tab.evaluate((n) => (window as any).navRun((window as any).navRoot, n), moves);
  } finally {
    await context.close();
  }
}

export async function benchNavigate(log: (line: string) => void = () => {}): Promise<NavigateResult | { skipped: string }> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `Chromium not found at ${executablePath}` };
  const server = await startDemoServer({ port: 0, quiet: true, auth: 'oracle', root: await serverRoot() });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const samples: Record<Router, Move[]> = { emweb: [], iso: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const router of round % 2 ? [...ROUTERS].reverse() : ROUTERS) {
        samples[router].push(...(await movesIn(browser, `${server.url}/e2e/${router}.html`, MOVES)));
      }
      if ((round + 1) % 4 === 0) log(`  navigate: ${round + 1}/${ROUNDS} rounds`);
    }
    const of = (router: Router) => ({
      committed: figures(samples[router].map((m) => m.committed)),
      painted: figures(samples[router].map((m) => m.painted)),
    });
    return { chromium: browser.version(), moves: ROUNDS * MOVES, figures: { emweb: of('emweb'), iso: of('iso') } };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function navigateMarkdown(r: NavigateResult | { skipped: string }): string {
  if ('skipped' in r) return `Not run: ${r.skipped}.`;
  const { emweb, iso } = r.figures;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const painted = ratio(emweb.painted.median, iso.painted.median);
  return [
    '| router | click to committed, median | p95 | click to painted, median | p95 |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| EMWeb \`routes\` | ${emweb.committed.median} ms | ${emweb.committed.p95} ms | ${emweb.painted.median} ms | ${emweb.painted.p95} ms |`,
    `| preact-iso ${builds.packageVersion('preact-iso')} alone | ${iso.committed.median} ms | ${iso.committed.p95} ms | ${iso.painted.median} ms | ${iso.painted.p95} ms |`,
    '',
    `- Click to painted, median: EMWeb is **${painted}×** preact-iso alone (goal: at most 1.10×; ${Number(painted) <= 1.1 ? 'met' : 'not met'}); click to committed ${ratio(emweb.committed.median, iso.committed.median)}×. ${r.moves} moves each in ${r.chromium}.`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchNavigate(console.log).then(
    (r) => console.log(navigateMarkdown(r)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

/**
 * Reading stacks: 10,000 log entries of 10 frames each, every frame in dist/emweb.js, read through
 * dist/emweb.js.map, the way the product's server team would (the contract asks for under 2 s).
 *
 *   npm run build && node --import tsx bench/symbolicate.ts
 *
 * Two figures, median and min–max of ROUNDS: `emweb-symbolicate --json` as a command, from a file
 * to /dev/null (Node's start and the map's reading included), and `symbolicate()` alone in this
 * process on maps already read.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodedMappings } from '@jridgewell/trace-mapping';
import { readSourceMaps } from '../src/symbolicate/maps';
import { symbolicate } from '../src/symbolicate/symbolicate';
import { OUT, ROOT } from './builds';

const ENTRIES = 10_000;
const FRAMES = 10;
const ROUNDS = 5;
const MAP = join(ROOT, 'dist', 'emweb.js.map');
const COMMAND = join(ROOT, 'dist', 'symbolicate', 'cli.mjs');

export interface SymbolicateResult {
  entries: number;
  framesPerEntry: number;
  inputMB: number;
  commandMs: { median: number; min: number; max: number };
  functionMs: { median: number; min: number; max: number };
}

const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x);
  return { median: ms(sorted[Math.floor(sorted.length / 2)]!), min: ms(sorted[0]!), max: ms(sorted[sorted.length - 1]!) };
};

/** Entries whose frames stand on real mapped places of emweb.js, spread over the whole bundle. */
async function makeEntries(): Promise<Record<string, unknown>[]> {
  const [map] = await readSourceMaps([MAP]);
  const segments = decodedMappings(map!.trace)[0]!.filter((segment) => segment.length > 1);
  return Array.from({ length: ENTRIES }, (_, i) => {
    const frames = Array.from({ length: FRAMES }, (_, f) => {
      const segment = segments[(i * 7919 + f * 104_729) % segments.length]!;
      return `    at Xn (https://desk.example.com/web/emweb.js:1:${segment[0] + 1})`;
    });
    const stack = [`TypeError: failure ${i}`, ...frames].join('\n');
    return {
      level: 5,
      message: `failure ${i}`,
      additional: [{ name: 'TypeError', message: `failure ${i}`, stack }],
      timestamp: new Date(0).toISOString(),
    };
  });
}

export async function benchSymbolicate(): Promise<SymbolicateResult> {
  const entries = await makeEntries();
  mkdirSync(OUT, { recursive: true });
  const input = join(OUT, 'symbolicate-entries.json');
  writeFileSync(input, JSON.stringify(entries));
  const commandMs: number[] = [];
  const functionMs: number[] = [];
  const maps = await readSourceMaps([MAP]);
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [COMMAND, '--json', '--map', MAP, input], { stdio: ['ignore', 'ignore', 'pipe'] });
    commandMs.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`emweb-symbolicate failed: ${run.stderr}`);
    const t0 = performance.now();
    const { warnings } = symbolicate(entries, maps);
    functionMs.push(performance.now() - t0);
    if (warnings.length) throw new Error(`the map does not fit its own bundle: ${warnings[0]}`);
  }
  return {
    entries: ENTRIES,
    framesPerEntry: FRAMES,
    inputMB: Math.round(readFileSync(input).length / 1e5) / 10,
    commandMs: spread(commandMs),
    functionMs: spread(functionMs),
  };
}

export function symbolicateMarkdown(r: SymbolicateResult): string {
  const row = (what: string, s: SymbolicateResult['commandMs']) => `| ${what} | ${s.median} ms | ${s.min}–${s.max} ms |`;
  return `${r.entries.toLocaleString('en-US')} entries of ${r.framesPerEntry} frames each (${r.inputMB} MB of JSON), every frame in \`dist/emweb.js\`, read through \`dist/emweb.js.map\`; target under 2,000 ms.

| reading | median of ${ROUNDS} | min–max |
| --- | --- | --- |
${row('`emweb-symbolicate --json` (the command: Node start, map and entries read, JSON written)', r.commandMs)}
${row('`symbolicate(entries, maps)` alone, the map already read', r.functionMs)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSymbolicate().then(
    (r) => console.log(symbolicateMarkdown(r)),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

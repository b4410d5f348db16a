/**
 * What keeping a draft costs a keystroke: `useDraft`'s `setValue` against `useState`'s setter, in
 * happy-dom, the client's own work on the main thread (goal: at most 0.05 ms more a keystroke, the
 * writes batched). Then how many times storage is written for 200 keystrokes typed together, and
 * for 200 typed 20 ms apart (4 s of fast typing).
 *
 *   node --import tsx bench/drafts.ts
 *
 * Each contender is a screen rendered once; a round calls its setter for every keystroke of a
 * 2,000-character text, one after the other, and is timed without the re-render that follows
 * (Preact renders once for the round, after it, for both alike).
 */
import { pathToFileURL } from 'node:url';
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import type { SafeStorage } from '../src/browser/storage';
import { STORAGE_KEYS } from '../src/product/constants';
import { createWorkingDay } from '../src/session/workingDay';
import { makeJwt } from '../src/testing';
import { createNotices } from '../src/ui/notices';
import { DEFAULT_STRINGS } from '../src/ui/strings';
import { DraftContext, draftScope, useDraft } from '../src/ui/useDraft';
import { memoryStorage } from '../test/fakes';

if (typeof document === 'undefined') GlobalRegistrator.register({ url: 'http://localhost/web/' });

const ROUNDS = 9;
const KEYS = 2000;

export interface DraftsResult {
  rounds: number;
  keys: number;
  /** µs per keystroke, medians of the rounds. */
  useState: number;
  useDraft: number;
  adds: number;
  /** Storage writes of the draft for 200 keystrokes typed together, and typed 20 ms apart. */
  writesBurst: number;
  writesTyped: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A client's drafts over a storage that counts the draft writes, with real timers. */
function draftsOfClient() {
  const local = memoryStorage();
  let writes = 0;
  const counting: SafeStorage = {
    ...local,
    set(key, value) {
      if (key.startsWith(STORAGE_KEYS.drafts)) writes += 1;
      return local.set(key, value);
    },
  };
  counting.set(STORAGE_KEYS.jwt, makeJwt({ userId: 1042 }));
  const day = createWorkingDay({
    local: counting,
    now: Date.now,
    timers: { set: (run, ms) => setTimeout(run, ms), clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>) },
    page: new EventTarget(),
    locks: undefined,
    warnBeforeMs: 0,
    keepDraftsMs: 7 * 86_400_000,
    warn: () => {},
  });
  day._user._read();
  const scope = draftScope(
    { _path: '/web/tickets/SD-1', _unsaved: day._unsaved._forScreen(), _store: day._drafts },
    createNotices(),
    DEFAULT_STRINGS,
  );
  return { day, scope, writes: () => writes };
}

/** Renders a screen holding the hook and hands back its setter. */
async function setterOf(kind: 'useState' | 'useDraft') {
  const client = draftsOfClient();
  let set: (value: string) => void = () => {};
  function Plain() {
    const [value, setValue] = useState('');
    set = setValue;
    return h('textarea', { value });
  }
  function Kept() {
    const [value, setValue] = useDraft('comment', '');
    set = setValue;
    return h('textarea', { value });
  }
  const element = document.createElement('div');
  render(h(DraftContext.Provider, { value: client.scope }, h(kind === 'useState' ? Plain : Kept, null)), element);
  await settle();
  return { set: (value: string) => set(value), client, end: () => render(null, element) };
}

const texts = Array.from({ length: KEYS }, (_, i) => 'x'.repeat(i + 1));

async function round(kind: 'useState' | 'useDraft'): Promise<number> {
  const screen = await setterOf(kind);
  const t0 = performance.now();
  for (const text of texts) screen.set(text);
  const took = performance.now() - t0;
  await settle();
  screen.end();
  screen.client.day._end();
  return (took * 1000) / KEYS;
}

async function writesFor(gapMs: number): Promise<number> {
  const screen = await setterOf('useDraft');
  const before = screen.client.writes();
  for (const text of texts.slice(0, 200)) {
    screen.set(text);
    if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await new Promise((resolve) => setTimeout(resolve, 600));
  const writes = screen.client.writes() - before;
  screen.end();
  screen.client.day._end();
  return writes;
}

export async function benchDrafts(): Promise<DraftsResult> {
  const runs = { useState: [] as number[], useDraft: [] as number[] };
  for (let r = -1; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['useState', 'useDraft'] as const) : (['useDraft', 'useState'] as const);
    for (const kind of order) {
      const took = await round(kind);
      if (r >= 0) runs[kind].push(took);
    }
  }
  const plain = median(runs.useState);
  const kept = median(runs.useDraft);
  return {
    rounds: ROUNDS,
    keys: KEYS,
    useState: plain,
    useDraft: kept,
    adds: kept - plain,
    writesBurst: await writesFor(0),
    writesTyped: await writesFor(20),
  };
}

export function draftsMarkdown(r: DraftsResult): string {
  const ms = (us: number) => `${(us / 1000).toFixed(4)} ms`;
  return `Node ${process.version} and happy-dom; ${r.keys} keystrokes a round (the text growing by one character each), median of ${r.rounds} rounds
(contenders taking turns to go first). Goal: keeping a draft adds at most 0.05 ms of the client's own work to a keystroke, the writes batched.

| per keystroke | client's own work |
| --- | --- |
| \`useState\`'s setter | ${ms(r.useState)} |
| \`useDraft\`'s \`setValue\` (the value checked, compared with \`initial\`, kept for the write to come) | ${ms(r.useDraft)} |
| **keeping the draft adds** | **${ms(r.adds)}** |

Storage writes of the draft: 200 keystrokes typed together **${r.writesBurst}**; 200 typed 20 ms apart (4 s) **${r.writesTyped}**.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchDrafts().then(
    (r) => {
      console.log(draftsMarkdown(r));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

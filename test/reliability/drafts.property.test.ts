// Drafts under any sequence of what a person and a shared browser do: typing in any tab, saves,
// discards, Leave, the page hidden, reloads and crashes, sign-outs in any tab, sign-ins of the same
// or another user. Tabs share one storage, as an origin's do, and hear of the stored JWT's changes
// and of a sign-out as a browser tells them. What must hold after every step: a screen restores
// only what its own user typed on that screen, never a copy cleared, discarded, left or signed out
// since; and no stored draft belongs to anyone but the user signed in now.
import '../setup';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORAGE_KEYS } from '../../src/product/constants';
import type { OpenDraft } from '../../src/session/drafts';
import { createWorkingDay, type WorkingDay } from '../../src/session/workingDay';
import { makeJwt } from '../../src/testing';
import { memoryStorage } from '../fakes';
import { holds } from './figures';

const TABS = 2;
/** How many screens came back with a copy, over all runs: the property is about something. */
let restored = 0;
const SCREENS = ['/web/a', '/web/b'];

type Step =
  | { kind: 'type' | 'save' | 'discard'; tab: number; screen: number }
  | { kind: 'tick' | 'hide' | 'leave' | 'reload' | 'crash' | 'signOut'; tab: number }
  | { kind: 'signIn'; user: number };

const tab = fc.nat(TABS - 1);
const screen = fc.nat(SCREENS.length - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('type' as const), tab, screen }) },
  fc.record({ kind: fc.constantFrom('save' as const, 'discard' as const), tab, screen }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('tick' as const, 'hide' as const), tab }) },
  fc.record({ kind: fc.constantFrom('leave' as const, 'reload' as const, 'crash' as const, 'signOut' as const), tab }),
  fc.record({ kind: fc.constant('signIn' as const), user: fc.constantFrom(1, 2) }),
);

/** What was typed: by whom, on which screen, in which open draft, and when. */
interface Typed {
  user: string;
  screen: string;
  handle: number;
  at: number;
}

interface Tab {
  day: WorkingDay;
  page: EventTarget;
  timers: { run: () => void }[];
  open: Map<number, { draft: OpenDraft; handle: number; user: string }>;
}

function runSteps(steps: Step[]) {
  const local = memoryStorage();
  let clock = 0;
  let handles = 0;
  // When a value stopped being one to restore: per open draft, and per user.
  const handleFloor = new Map<number, number>();
  const userFloor = new Map<string, number>();
  const userNow = () =>
    local.get(STORAGE_KEYS.jwt) ? JSON.parse(atob(local.get(STORAGE_KEYS.jwt)?.split('.')[1] ?? '')).userId : null;

  const startTab = (): Tab => {
    const page = new EventTarget();
    const timers: { run: () => void }[] = [];
    const day = createWorkingDay({
      local,
      now: () => clock,
      timers: {
        set: (run) => timers[timers.push({ run }) - 1],
        clear: (timer) => {
          if (timer) (timer as { run: () => void }).run = () => {};
        },
      },
      page,
      locks: undefined,
      warnBeforeMs: 0,
      keepDraftsMs: 1e12,
      warn: () => {},
    });
    day._user._read();
    return { day, page, timers, open: new Map() };
  };
  const tabs = Array.from({ length: TABS }, startTab);
  const storageEvent = () => {
    for (const each of tabs) each.page.dispatchEvent(Object.assign(new Event('storage'), { key: STORAGE_KEYS.jwt }));
  };

  const openOn = (at: Tab, index: number) => {
    const existing = at.open.get(index);
    if (existing) return existing;
    const draft = at.day._drafts._open(SCREENS[index] as string, 'comment');
    const opened = { draft, handle: ++handles, user: String(userNow()) };
    at.open.set(index, opened);
    const kept = draft._kept?.value as Typed | undefined;
    if (kept) {
      restored += 1;
      // Restored: its own user's, its own screen's, and nothing let go of since it was typed.
      assert.is(kept.user, String(userNow()), 'restored to its own user only');
      assert.is(kept.screen, SCREENS[index], 'restored on its own screen only');
      assert.ok(kept.at > (handleFloor.get(kept.handle) ?? -1), 'a cleared, discarded or left copy never comes back');
      assert.ok(kept.at > (userFloor.get(kept.user) ?? -1), 'a signed-out user’s copy never comes back');
    }
    return opened;
  };

  for (const s of steps) {
    clock += 1;
    const at = 'tab' in s ? (tabs[s.tab] as Tab) : (tabs[0] as Tab);
    if (s.kind === 'type') {
      const { draft, handle, user } = openOn(at, s.screen);
      draft._keep({ user, screen: SCREENS[s.screen], handle, at: clock } satisfies Typed);
    } else if (s.kind === 'save' || s.kind === 'discard') {
      const { draft, handle } = openOn(at, s.screen);
      draft._forget();
      handleFloor.set(handle, clock);
    } else if (s.kind === 'tick') {
      for (const timer of at.timers.splice(0)) timer.run();
    } else if (s.kind === 'hide') {
      at.page.dispatchEvent(new Event(clock % 2 ? 'pagehide' : 'visibilitychange'));
    } else if (s.kind === 'leave') {
      at.day._drafts._left();
      for (const { draft, handle } of at.open.values()) {
        handleFloor.set(handle, clock);
        draft._close();
      }
      at.open.clear();
    } else if (s.kind === 'reload' || s.kind === 'crash') {
      // A reload writes what waits (pagehide); a crash loses it.
      if (s.kind === 'reload') at.day._end();
      tabs[s.tab] = startTab();
    } else if (s.kind === 'signOut') {
      const user = userNow();
      local.remove(STORAGE_KEYS.jwt);
      if (user !== null) userFloor.set(String(user), clock);
      at.day._signedOut();
      storageEvent();
      // The tabs' sign-out message reaches every other tab.
      for (const other of tabs) if (other !== at) other.day._signedOut();
    } else if (s.kind === 'signIn') {
      const before = userNow();
      if (before !== null && before !== s.user) userFloor.set(String(before), clock);
      local.set(STORAGE_KEYS.jwt, makeJwt({ userId: s.user }));
      storageEvent();
      // Another user: every tab shows its screens afresh (the working day's onUserChanged).
      if (before !== s.user) for (const each of tabs) each.open.clear();
    }
    // Whatever is stored is the signed-in user's, and there is none while nobody is.
    const signedIn = userNow();
    for (const key of local.keys()) {
      if (!key.startsWith(STORAGE_KEYS.drafts)) continue;
      assert.ok(signedIn !== null, `a draft stored while nobody is signed in: ${key}`);
      assert.is(JSON.parse(local.get(key) ?? '').value.user, String(signedIn), 'stored for the user signed in now only');
    }
  }
  // Every tab opens every screen once more: the checks above hold for what each would restore.
  for (const each of tabs) {
    for (const index of SCREENS.keys()) {
      each.open.clear();
      openOn(each, index);
    }
  }
}

test('any sequence, any tab: restored only to its own user on its own screen; what was let go never returns; storage holds no one else’s', () =>
  holds(
    'draft sequences',
    fc.property(fc.constantFrom(1, 2), fc.array(step, { maxLength: 40 }), (first, steps) => {
      localStorage.clear();
      runSteps([{ kind: 'signIn', user: first }, ...steps]);
    }),
    1000,
  ).then(() => assert.ok(restored > 100, `only ${restored} restored`)));

test.run();

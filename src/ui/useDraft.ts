/**
 * `useDraft(key, initial)`: `useState` whose value is kept for the signed-in user, the screen's
 * path and `key` (src/session/drafts.ts), so that a reload, a crash or a closed tab does not take
 * what was typed. While the value differs from `initial` the screen holds unsaved work, through
 * its own flag; a screen that starts with a kept copy says so in a notice that offers Discard.
 */
import { createContext } from 'preact';
import { useContext, useLayoutEffect, useRef, useState } from 'react';
import { assertJson, jsonEqual } from '../product/json';
import type { Drafts } from '../session/drafts';
import type { ScreenUnsaved } from '../session/unsaved';
import type { DraftState } from '../types/client';
import type { Notices } from './notices';
import { fillTime, type Strings } from './strings';

/** What a shown screen gives its drafts: where it is, its own unsaved flag, the client's drafts. */
export interface ScreenDrafts {
  readonly _path: string;
  readonly _unsaved: ScreenUnsaved;
  readonly _store: Drafts;
}

export interface DraftScope extends ScreenDrafts {
  /** A draft of the screen came back: the screen's one notice says so, and its Discard discards this one too. */
  _restored(keptAt: number, discard: () => void): void;
  /** The screen is gone: so is its notice. */
  _close(): void;
}

export const DraftContext = /* @__PURE__ */ createContext<DraftScope | null>(null);

/** A screen's drafts as the shell shows them: a restored one's notice, in the shell's notices. */
export function draftScope(drafts: ScreenDrafts, notices: Notices, strings: Strings): DraftScope {
  const discards: (() => void)[] = [];
  let dismiss: (() => void) | undefined;
  return {
    ...drafts,
    _restored(keptAt, discard) {
      discards.push(discard);
      if (dismiss) return;
      dismiss = notices._notify(fillTime(strings.draftRestored, keptAt), undefined, () => {
        for (const each of discards) each();
      });
    },
    _close: () => dismiss?.(),
  };
}

/** The value shown and when the copy it came from was kept. */
interface Shown<T> {
  value: T;
  restoredAt: number | null;
}

/**
 * `useState` for a screen whose value is kept through a reload, a crash or a closed tab, for the
 * signed-in user only, under `key` on this screen; the third item tells whether the value was restored
 * and lets the screen clear or discard it (docs/drafts.md).
 */
export function useDraft<T>(key: string, initial: T): DraftState<T> {
  const scope = useContext(DraftContext);
  if (!scope) throw new Error('EMWeb: useDraft() is only available inside a screen the client renders');
  const [opened] = useState(() => scope._store._open(scope._path, key));
  const [shown, setShown] = useState<Shown<T>>(() => {
    const kept = opened._kept;
    // A copy the same as where the screen starts is nothing to restore.
    if (kept && !jsonEqual(kept.value, initial)) return { value: kept.value as T, restoredAt: kept.keptAt };
    if (kept) opened._forget();
    return { value: initial, restoredAt: null };
  });
  const latest = useRef(initial);
  latest.current = initial;
  // The screen's own closures, made once: the setter and the two ways to let the draft go stay the same.
  const [[say, setValue, clear, discard]] = useState(() => {
    let unsaved = false;
    const say = (now: boolean) => {
      if (now !== unsaved) scope._unsaved._setPart(opened, now);
      unsaved = now;
    };
    const letGo = (value: (before: Shown<T>) => T) => {
      opened._forget();
      say(false);
      setShown((before) => ({ value: value(before), restoredAt: null }));
    };
    const setValue = (value: T) => {
      assertJson(value);
      const same = jsonEqual(value, latest.current);
      if (same) opened._forget();
      else opened._keep(value);
      say(!same);
      setShown((before) => ({ ...before, value }));
    };
    return [say, setValue, () => letGo((before) => before.value), () => letGo(() => latest.current)] as const;
  });
  useLayoutEffect(() => {
    if (shown.restoredAt !== null) {
      say(true);
      scope._restored(shown.restoredAt, discard);
    }
    return () => {
      opened._close();
      say(false);
    };
  }, []);
  return [shown.value, setValue, { restoredAt: shown.restoredAt, clear, discard }];
}

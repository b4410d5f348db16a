/**
 * The drafts of one client's screens, kept for the signed-in user: a change is written within
 * `DRAFT_WRITE_MS` (one write for a burst of keystrokes), and at once when the page is hidden or
 * left. A write goes only while the user it was typed for is still the one signed in, so that a
 * sign-out or another user in another tab can never be followed by the first user's text coming
 * back. With no known user, or a storage that refuses, a draft lives in memory only.
 */
import { effect } from '@preact/signals';
import type { SafeStorage } from '../browser/storage';
import type { StorageEvents, Timers } from '../tabs/token';
import { draftKey, draftsPrefixOf, type KeptDraft, keepOnlyDraftsOf, readDraft, removeDraftsOf, writeDraft } from './draftStore';
import type { SignedInUser } from './signedInUser';

/** The longest a change waits before it is written. */
export const DRAFT_WRITE_MS = 500;

/** One screen's draft under one key, for the user signed in when the screen opened it. */
export interface OpenDraft {
  /** The copy kept when it was opened, if any. */
  readonly _kept: KeptDraft | null;
  /** Keeps `value` (written within `DRAFT_WRITE_MS`). */
  _keep(value: unknown): void;
  /** Forgets the kept copy now: storage, memory and a write still to come. */
  _forget(): void;
  /** The screen is gone: Leave no longer concerns it. */
  _close(): void;
}

export interface Drafts {
  _open(path: string, key: string): OpenDraft;
  /** Leave was chosen in the leave dialog: the drafts of the screens shown go. */
  _left(): void;
  /** The user signed out (here or in another tab): nothing of theirs is kept, nothing written later. */
  _signedOut(): void;
  /** The client ends: what waits is written now, as when the page is left. */
  _stop(): void;
}

export interface DraftsDeps {
  local: SafeStorage;
  now(): number;
  timers: Timers;
  /** The window: `pagehide`, `visibilitychange`. */
  page: StorageEvents;
  user: SignedInUser;
  /** `drafts.keepDays`, in ms. */
  keepDraftsMs: number;
  warn(message: string): void;
}

/** Written now whatever waits, when the page may be gone next. */
const PAGE_EVENTS = ['pagehide', 'visibilitychange'];

/** What waits to be written and what lives in memory only, by key; one timer writes what waits. */
interface Writes {
  /** Keeps `value` under `id`: written within `DRAFT_WRITE_MS`, only while `userId` is signed in. */
  _keep(id: string, userId: string, value: unknown): void;
  /** Writes now what waits under `id`. */
  _write(id: string): void;
  _writeAll(): void;
  /** The copy of `id` this page holds in memory (storage refused it, or its user is unknown). */
  readonly _memory: Map<string, KeptDraft>;
  /** Forgets what waits and what is in memory: all of it, or what `keep` does not pick. */
  _drop(keep?: (id: string) => boolean): void;
}

function createWrites(deps: DraftsDeps): Writes {
  // What waits, as the write each id is to get.
  const pending = new Map<string, () => void>();
  const memory = new Map<string, KeptDraft>();
  const warned = new Set<string>();
  let timer: unknown = null;
  const write = (id: string) => {
    const entry = pending.get(id);
    pending.delete(id);
    entry?.();
  };
  const stopTimer = () => {
    deps.timers.clear(timer);
    timer = null;
  };
  const writeAll = () => {
    stopTimer();
    for (const id of [...pending.keys()]) write(id);
  };
  return {
    _keep(id, userId, value) {
      pending.set(id, () => {
        // Asked now, not remembered: a sign-out or another user in another tab drops the write.
        if (deps.user._read() !== userId) return;
        const now = deps.now();
        const why = writeDraft(deps.local, now, id, value);
        if (!why) return void memory.delete(id);
        memory.set(id, { value, keptAt: now });
        if (!warned.has(id + why)) deps.warn(`EMWeb: a draft that ${why} is kept in memory only`);
        warned.add(id + why);
      });
      timer ??= deps.timers.set(writeAll, DRAFT_WRITE_MS);
    },
    _write: write,
    _writeAll: writeAll,
    _memory: memory,
    _drop(keep = () => false) {
      for (const id of [...pending.keys(), ...memory.keys()]) {
        if (keep(id)) continue;
        pending.delete(id);
        memory.delete(id);
      }
      if (!pending.size) stopTimer();
    },
  };
}

export function createDrafts(deps: DraftsDeps): Drafts {
  const { local } = deps;
  const writes = createWrites(deps);
  const open = new Set<() => void>();
  let known: string | null = null;
  let stopped = false;

  const stopFollowing = effect(() => {
    const userId = deps.user._identity.value?.userId ?? null;
    if (userId === null || userId === known) return;
    // Another user (or the first one read): nothing of anyone else's is kept or written from here on.
    known = userId;
    const mine = draftsPrefixOf(userId);
    writes._drop((id) => id.startsWith(mine));
    keepOnlyDraftsOf(local, userId, deps.now(), deps.keepDraftsMs);
  });
  for (const type of PAGE_EVENTS) deps.page.addEventListener(type, writes._writeAll);

  return {
    _open(path, key) {
      const userId = deps.user._read();
      const id = draftKey(userId ?? '', path, key);
      writes._write(id);
      const kept = writes._memory.get(id) ?? (userId === null ? null : readDraft(local, deps.now(), deps.keepDraftsMs, id));
      const forget = () => {
        writes._drop((other) => other !== id);
        if (userId !== null) local.remove(id);
      };
      open.add(forget);
      return {
        _kept: kept,
        _keep(value) {
          if (stopped) return;
          if (userId === null) writes._memory.set(id, { value, keptAt: deps.now() });
          else writes._keep(id, userId, value);
        },
        _forget: forget,
        _close: () => void open.delete(forget),
      };
    },
    _left() {
      for (const forget of open) forget();
    },
    _signedOut() {
      writes._drop();
      if (known !== null) removeDraftsOf(local, known);
    },
    _stop() {
      writes._writeAll();
      stopped = true;
      stopFollowing();
      for (const type of PAGE_EVENTS) deps.page.removeEventListener(type, writes._writeAll);
    },
  };
}

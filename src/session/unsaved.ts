/**
 * Unsaved work: whether a live screen holds work the person would lose. Each screen has its own
 * flag, which goes with the screen, so that a screen already left cannot clear the next one's
 * (its save finishing late, say). While any is up, the page
 * asks before it unloads (the browser's own `beforeunload` prompt; the listener exists only then, so
 * the page stays eligible for the back/forward cache otherwise), and the tab holds a Web Lock named
 * for it, so that a sign-out in any tab of the origin can see that some tab would lose work: a lock
 * is let go when its document goes away, so a closed tab never counts.
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';

/** The prefix of the locks tabs with unsaved work hold (the contract's `emweb.` names). */
export const UNSAVED_LOCK_PREFIX = 'emweb.unsaved.';

/** One screen's say in the unsaved work: its own flag, which goes with the screen. */
export interface ScreenUnsaved {
  /** Does nothing once the screen has ended. */
  _set(unsaved: boolean): void;
  /** One part's say (a draft's): the screen holds unsaved work while its own say or any part's is up. */
  _setPart(part: object, unsaved: boolean): void;
  /** The screen is gone (left, replaced, failed, unmounted): its flag goes, and later sets do nothing. */
  _end(): void;
}

export interface UnsavedWork {
  /** Whether any live screen of this client (or the page's own say) holds unsaved work. */
  readonly _unsaved: ReadonlySignal<boolean>;
  /** The page's say, as the client `bootstrap` resolves with gives it: the shown screen's, cleared when a screen goes. */
  _set(unsaved: boolean): void;
  /** A flag of a screen of its own. */
  _forScreen(): ScreenUnsaved;
  /** Every flag down: a move went ahead, a sign-out, another user. */
  _clear(): void;
  /** Whether this client, or any other of the origin's tabs, has unsaved work now. */
  _anyTab(): Promise<boolean>;
  _stop(): void;
}

export interface UnsavedWorkDeps {
  /** Where `beforeunload` is listened to: the window. */
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** `navigator.locks` where there are Web Locks. */
  locks: LockManager | undefined;
  /** This client's own lock name, unique on the origin. */
  lockName: string;
}

/** Holds a lock until `letGo` is called; nothing happens without Web Locks. */
function holdLock(locks: LockManager | undefined, name: string): () => void {
  let letGo = () => {};
  const held = new Promise<void>((release) => {
    letGo = release;
  });
  locks?.request(name, () => held).catch(() => {});
  return letGo;
}

export function createUnsavedWork(deps: UnsavedWorkDeps): UnsavedWork {
  // The holders (screens, or the page) whose flag is up.
  const holders = signal<ReadonlySet<object>>(new Set());
  const unsaved = computed(() => holders.value.size > 0);
  const flag = (holder: object, up: boolean) => {
    const next = new Set(holders.peek());
    if (up) next.add(holder);
    else next.delete(holder);
    holders.value = next;
  };
  const page = {};
  // A listener of this client's own: two clients on one page each add and remove their own.
  const askBeforeUnload = (event: Event) => {
    event.preventDefault();
    // Older WebKit asks only when a text is set; Reflect.set, because a plain Event (a test's) cannot take one.
    Reflect.set(event, 'returnValue', 'unsaved');
  };
  const stopFollowing = effect(() => {
    if (!unsaved.value) return;
    deps.page.addEventListener('beforeunload', askBeforeUnload);
    const letGo = holdLock(deps.locks, deps.lockName);
    return () => {
      deps.page.removeEventListener('beforeunload', askBeforeUnload);
      letGo();
    };
  });
  const clear = () => {
    holders.value = new Set();
  };
  return {
    _unsaved: unsaved,
    _set: (value) => flag(page, value === true),
    _forScreen() {
      const screen = {};
      const parts = new Set<object>([screen]);
      let live = true;
      const setPart = (part: object, value: boolean) => {
        if (!live) return;
        parts.add(part);
        flag(part, value === true);
      };
      return {
        _set: (value) => setPart(screen, value),
        _setPart: setPart,
        _end() {
          live = false;
          for (const part of parts) flag(part, false);
          // As before screens had flags of their own: the page's say was the shown screen's.
          flag(page, false);
        },
      };
    },
    _clear: clear,
    async _anyTab() {
      if (unsaved.peek()) return true;
      try {
        const { held = [] } = (await deps.locks?.query()) ?? {};
        return held.some(({ name = '' }) => name.startsWith(UNSAVED_LOCK_PREFIX) && name !== deps.lockName);
      } catch {
        // No way to ask the other tabs: this tab's own answer stands.
        return false;
      }
    },
    _stop() {
      clear();
      stopFollowing();
    },
  };
}

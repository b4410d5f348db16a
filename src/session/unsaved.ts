/**
 * Unsaved work: whether the shown screen holds work the person would lose. While it does, the page
 * asks before it unloads (the browser's own `beforeunload` prompt; the listener exists only then, so
 * the page stays eligible for the back/forward cache otherwise), and the tab holds a Web Lock named
 * for it, so that a sign-out in any tab of the origin can see that some tab would lose work: a lock
 * is let go when its document goes away, so a closed tab never counts.
 */
import { effect, type ReadonlySignal, signal } from '@preact/signals';

/** The prefix of the locks tabs with unsaved work hold (the contract's `emweb.` names). */
export const UNSAVED_LOCK_PREFIX = 'emweb.unsaved.';

export interface UnsavedWork {
  readonly _unsaved: ReadonlySignal<boolean>;
  _set(unsaved: boolean): void;
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

function askBeforeUnload(event: Event): void {
  event.preventDefault();
  // Older WebKit asks only when a text is set; Reflect.set, because a plain Event (a test's) cannot take one.
  Reflect.set(event, 'returnValue', 'unsaved');
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
  const unsaved = signal(false);
  const stopFollowing = effect(() => {
    if (!unsaved.value) return;
    deps.page.addEventListener('beforeunload', askBeforeUnload);
    const letGo = holdLock(deps.locks, deps.lockName);
    return () => {
      deps.page.removeEventListener('beforeunload', askBeforeUnload);
      letGo();
    };
  });
  return {
    _unsaved: unsaved,
    _set(value) {
      unsaved.value = value === true;
    },
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
      unsaved.value = false;
      stopFollowing();
    },
  };
}

// Tabs of one origin without a browser (not a test file itself): a channel every tab opens by name,
// localStorage shared by the tabs with the `storage` events a browser fires in the others, and a clock
// whose timers run when the test moves it.
import type { SafeStorage } from '../../src/browser/storage';
import type { OpenTabChannel } from '../../src/tabs/channel';
import type { StorageEvents, Timers } from '../../src/tabs/token';
import { memoryStorage } from '../fakes';

/**
 * What BroadcastChannel does between tabs: a message reaches every other open line, never its poster.
 * Delivery waits for `deliver()` (a browser delivers in a later task); `posted` records every message.
 */
export function fakeChannels() {
  const lines = new Set<(message: unknown) => void>();
  const queue: (() => void)[] = [];
  const posted: unknown[] = [];
  const open: OpenTabChannel = (receive) => {
    lines.add(receive);
    return {
      post(message) {
        posted.push(message);
        // A structured clone, as a browser sends it: nothing shared between the tabs.
        const copy = structuredClone(message);
        for (const other of lines) if (other !== receive) queue.push(() => lines.has(other) && other(copy));
      },
      close: () => void lines.delete(receive),
    };
  };
  const deliver = () => {
    while (queue.length) queue.shift()?.();
  };
  /** How many lines are open: a tab that stopped has let go of its own. */
  const openLines = () => lines.size;
  return { open, deliver, posted, openLines };
}

interface FakeStorageEvent {
  type: 'storage';
  key: string | null;
  newValue: string | null;
}

/**
 * localStorage shared by several tabs: each tab has its own event target, and a write in one fires
 * a `storage` event (key, new value) in every other, never in the one that wrote.
 */
export function sharedStorage() {
  const entries = memoryStorage();
  const targets: EventTarget[] = [];
  const tab = (): { local: SafeStorage; events: StorageEvents & { listeners(): number }; clear(): void } => {
    const target = new EventTarget();
    let listening = 0;
    targets.push(target);
    const fire = (key: string | null, newValue: string | null) => {
      for (const other of targets) {
        if (other === target) continue;
        other.dispatchEvent(Object.assign(new Event('storage'), { key, newValue } satisfies Omit<FakeStorageEvent, 'type'>));
      }
    };
    return {
      local: {
        get: entries.get,
        set: (key, value) => {
          entries.set(key, value);
          fire(key, value);
          return true;
        },
        remove: (key) => {
          entries.remove(key);
          fire(key, null);
        },
        keys: entries.keys,
      },
      events: {
        addEventListener: (type: string, listener: EventListenerOrEventListenerObject | null) => {
          if (type === 'storage') listening++;
          target.addEventListener(type, listener);
        },
        removeEventListener: (type: string, listener: EventListenerOrEventListenerObject | null) => {
          if (type === 'storage') listening--;
          target.removeEventListener(type, listener);
        },
        listeners: () => listening,
      },
      /** localStorage.clear() in this tab: the others see one event whose key is null. */
      clear() {
        for (const key of entries.keys()) entries.remove(key);
        fire(null, null);
      },
    };
  };
  return { tab, entries };
}

/** A clock and its timers: time moves only when the test says so, and due timers run then, in order. */
export function fakeClock(startMs: number) {
  let now = startMs;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    set(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clear: (id) => void pending.delete(id as number),
  };
  const advanceTo = (target: number) => {
    for (;;) {
      const due = [...pending].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = target;
  };
  return {
    now: () => now,
    timers,
    advanceTo,
    advanceBy: (ms: number) => advanceTo(now + ms),
    /** When each pending timer is due. */
    pendingAt: () => [...pending.values()].map((t) => t.at),
  };
}

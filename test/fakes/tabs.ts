// The tabs of one browser, without a browser: a Web Lock manager and BroadcastChannels shared by
// the tabs (each tab its own view, so that closing or freezing one acts on its own), one
// localStorage, one fake clock and one server that de-duplicates by Idempotency-Key. Each tab is a
// logger of the harness in ./logger.ts, handed these.

import type { SafeStorage } from '../../src/browser/storage';
import type { Channel, Locks } from '../../src/logging/page/env';
import type { TabMessage } from '../../src/logging/sender/messages';
import type { LoggerOptions } from '../../src/logging/types';
import { memoryStorage } from '.';
import { type Answer, type Call, entriesOf, harness } from './logger';

interface Waiter {
  tab: FakeTab;
  grant(): void;
}

/** One name's holder and its queue, first come first served, as the Web Locks API does. */
function lockManager() {
  const holders = new Map<string, FakeTab>();
  const queues = new Map<string, Waiter[]>();
  const next = (name: string) => {
    holders.delete(name);
    const waiter = queues.get(name)?.shift();
    waiter?.grant();
  };
  const viewFor = (tab: FakeTab): Locks => ({
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          tab,
          grant() {
            holders.set(name, tab);
            tab.held.set(name, () => next(name));
            Promise.resolve(callback({ name }))
              .then(resolve, reject)
              .finally(() => {
                if (holders.get(name) === tab) {
                  tab.held.delete(name);
                  next(name);
                }
              });
          },
        };
        signal.addEventListener('abort', () => {
          const queue = queues.get(name) ?? [];
          if (queue.includes(waiter)) {
            queue.splice(queue.indexOf(waiter), 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        if (holders.has(name)) queues.set(name, [...(queues.get(name) ?? []), waiter]);
        else {
          // Taken now, granted a moment later, as the browser does: a second request meanwhile waits.
          holders.set(name, tab);
          queueMicrotask(() => waiter.grant());
        }
      });
    },
  });
  /** A tab that goes lets go of its locks and leaves the queues, as a document that goes away does. */
  const forget = (tab: FakeTab) => {
    for (const [name, queue] of queues)
      queues.set(
        name,
        queue.filter((waiter) => waiter.tab !== tab),
      );
    for (const release of tab.held.values()) release();
    tab.held.clear();
  };
  return { viewFor, forget, holders };
}

/** BroadcastChannels by name: a message reaches every other open channel of the name, a task later, as a copy. */
function channels(later: (fn: () => void) => void) {
  const open = new Map<string, Set<{ tab: FakeTab; deliver(data: unknown): void }>>();
  const viewFor =
    (tab: FakeTab) =>
    (name: string): Channel => {
      const listeners = new Set<(event: { data: unknown }) => void>();
      const member = {
        tab,
        deliver(data: unknown) {
          for (const listener of listeners) listener({ data });
        },
      };
      const members = open.get(name) ?? new Set();
      open.set(name, members);
      members.add(member);
      return {
        postMessage(message: TabMessage) {
          if (tab.state !== 'running') return;
          const copy = structuredClone(message);
          for (const other of members)
            if (other !== member)
              later(() => {
                if (other.tab.state === 'running') other.deliver(structuredClone(copy));
              });
        },
        addEventListener: (_type, listener) => void listeners.add(listener),
        removeEventListener: (_type, listener) => void listeners.delete(listener),
        close: () => void members.delete(member),
      };
    };
  /** A tab that goes leaves every channel, as a document that goes away does. */
  const forget = (tab: FakeTab) => {
    for (const members of open.values()) for (const member of members) if (member.tab === tab) members.delete(member);
  };
  /** Channels open now, across names and tabs. */
  const count = () => [...open.values()].reduce((n, members) => n + members.size, 0);
  return { viewFor, forget, count };
}

/**
 * localStorage as each tab sees it. With no lag, one store. With a lag, each tab reads its own copy,
 * and a write reaches the others `lagMs` later, in order: Chromium's renderers each cache the area
 * and hear of another's writes by a path of their own, unordered with the lock and the channel.
 */
function sharedStorage(later: (fn: () => void, ms: number) => void, lagMs: number) {
  const truth = memoryStorage();
  const copies = new Set<Map<string, string>>();
  const viewFor = (): SafeStorage => {
    if (!lagMs) return truth;
    const own = new Map(truth.keys().map((key) => [key, truth.get(key) as string]));
    copies.add(own);
    const write = (key: string, value: string | null) => {
      const apply = (copy: Map<string, string>) => (value === null ? copy.delete(key) : copy.set(key, value));
      apply(own);
      later(() => {
        if (value === null) truth.remove(key);
        else truth.set(key, value);
        for (const copy of copies) if (copy !== own) apply(copy);
      }, lagMs);
    };
    return {
      get: (key) => own.get(key) ?? null,
      set: (key, value) => {
        write(key, String(value));
        return true;
      },
      remove: (key) => write(key, null),
      keys: () => [...own.keys()],
    };
  };
  return { truth, viewFor };
}

interface FakeTab {
  state: 'running' | 'frozen' | 'closed';
  held: Map<string, () => void>;
}

/**
 * A browser whose tabs' loggers share a server. The clock is the server harness's: `settle()` runs
 * what is due now (promise callbacks, messages); `tick(ms)` moves time. `storageLagMs`: how late
 * one tab's localStorage writes reach the others (none: at once).
 */
export function fakeBrowser(answer: (call: Call, n: number) => Answer = () => 200, { storageLagMs = 0 } = {}) {
  const server = harness({ answer });
  const locks = lockManager();
  const { clock } = server;
  const bus = channels((fn) => clock.setTimeout(fn, 0));
  const storage = sharedStorage((fn, ms) => clock.setTimeout(fn, ms), storageLagMs);
  const local = storage.truth;

  function openTab(options: LoggerOptions = {}, { locksAndChannel = true } = {}) {
    const tab: FakeTab = { state: 'running', held: new Map() };
    /** The tab's timers not yet fired or cleared. */
    const timers = new Set<unknown>();
    const h = harness({
      local: storage.viewFor(),
      env: {
        fetch: server.env.fetch,
        now: () => clock.now,
        setTimeout: (fn, ms) => {
          const handle: unknown = clock.setTimeout(() => {
            timers.delete(handle);
            fn();
          }, ms);
          timers.add(handle);
          return handle;
        },
        clearTimeout: (handle) => {
          timers.delete(handle);
          clock.clearTimeout(handle as never);
        },
        locks: locksAndChannel ? locks.viewFor(tab) : null,
        openChannel: locksAndChannel ? bus.viewFor(tab) : null,
      },
    });
    h.begin(options);
    return Object.assign(h, {
      tab,
      /** Timers the tab's logger has running now. */
      liveTimers: () => timers.size,
      /** The tab goes: its page exit runs, then its locks and channels go with the document. */
      close() {
        h.pagehide();
        tab.state = 'closed';
        locks.forget(tab);
        bus.forget(tab);
      },
      /** Frozen: the freeze event first, then it runs nothing and hears nothing (its locks stay). */
      freeze() {
        h.doc.dispatchEvent(new Event('freeze'));
        tab.state = 'frozen';
      },
      /** Discarded while frozen (or crashed): it goes without running anything, its locks and channels with it. */
      discard() {
        tab.state = 'closed';
        locks.forget(tab);
        bus.forget(tab);
      },
      thaw() {
        tab.state = 'running';
        h.doc.dispatchEvent(new Event('resume'));
      },
    });
  }

  return {
    server,
    local,
    locks,
    /** BroadcastChannels open now, across tabs. */
    openChannels: bus.count,
    openTab,
    /** Lets messages and answers go round: fake-timers gives a timer set during a tick 1 ms, so a few 1 ms ticks. */
    async settle() {
      for (let i = 0; i < 8; i++) await clock.tickAsync(1);
    },
    tick: (ms: number) => clock.tickAsync(ms),
    /** Requests that reached the server. */
    requests: () => server.calls.length,
    /** Every entry the server stored, each batch once. */
    stored: () => server.stored,
    /** The batches the server accepted, each once, with their entries' messages. */
    batches: () =>
      server.calls
        .filter((call) => !call.duplicate && call.answer === 200)
        .map((call) => entriesOf(call.body).map((e) => e.message)),
  };
}

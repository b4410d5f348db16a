/**
 * The logger's runtime, resolved in one place: every part gets the page through this, never
 * through a global of its own. Each defaults to the real global, looked up when used (a fetch or
 * clock a test installs later is the one used); tests hand in fakes. Storage is handed in: the
 * page makes it once (src/browser/storage.ts) for the logger and everything else.
 */

import { currentFetch, type FetchLike, type Timers } from '../../browser/http';
import { letNodeExit } from '../../browser/letNodeExit';
import type { SafeStorage } from '../../browser/storage';
import { LogLevel } from '../../product/constants';
import { CONSOLE_METHODS } from '../entry/levels';
import type { DocumentLike, EventTargetLike } from './lifecycle';

type Print = (...args: unknown[]) => void;

/** What the tabs' one sender uses of a `BroadcastChannel` (sender/messages.ts says what is posted). */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** What the tabs' one sender uses of `navigator.locks`. */
export interface Locks {
  request(name: string, options: { signal: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** What the logger uses of `navigator`: whether it is online, and the beacon of page exit. */
export interface BeaconNavigator {
  onLine?: boolean;
  sendBeacon?(url: string, data?: BodyInit | null): boolean;
}

export interface LoggerEnv {
  /** Picks the defaults the logger has until start(). */
  production: boolean;
  fetch?: FetchLike;
  console?: Partial<Record<(typeof CONSOLE_METHODS)[number], Print>>;
  /** Where the tab's settings live (sessionStorage). */
  sessionStorage: SafeStorage;
  /** Where batches wait for the next page (localStorage). */
  local: SafeStorage;
  /** The page's window: pagehide, online, uncaught errors. */
  target?: EventTargetLike;
  /** The page's document: visibilitychange. */
  doc?: DocumentLike;
  navigator?: BeaconNavigator;
  now?: () => number;
  random?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How long one send may take before it counts as no answer (default 15 s). */
  sendTimeoutMs?: number;
  /** `navigator.locks` (null: none, each tab sends its own). */
  locks?: Locks | null;
  /** Opens a BroadcastChannel (null: none, each tab sends its own). */
  openChannel?: ((name: string) => Channel) | null;
}

/** The page as every part of the logger sees it, and how the logger reports its own trouble. */
export interface Runtime {
  fetch: FetchLike;
  /** Never throwing, and the callbacks handed to them are guarded. */
  timers: Timers;
  now(): number;
  random(): number;
  sessionStorage: SafeStorage;
  local: SafeStorage;
  window: EventTargetLike | undefined;
  document: DocumentLike | undefined;
  navigator(): BeaconNavigator | undefined;
  sendTimeoutMs: number;
  /** The tabs' lock and channel: with both, the tabs of the browser send through one (sender/). */
  locks: Locks | null;
  openChannel: ((name: string) => Channel) | null;
  /**
   * The console method of each level, saved at creation: a host page that patches the console
   * later (to forward it here, say) cannot loop us.
   */
  print: (Print | undefined)[];
  /** The logger's own trouble, on console.warn as saved: never logged back into the queue. */
  report(...what: unknown[]): void;
  /** Wraps a function so that nothing it throws reaches its caller (it is reported instead). */
  guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | undefined;
}

function defaultChannel(): ((name: string) => Channel) | null {
  if (typeof BroadcastChannel !== 'function') return null;
  return (name) => letNodeExit(new BroadcastChannel(name)) as unknown as Channel;
}

export function resolveRuntime(env: LoggerEnv): Runtime {
  let print: (Print | undefined)[] = [];
  try {
    const target = env.console ?? console;
    print = CONSOLE_METHODS.map((name) => target[name]?.bind(target));
  } catch {
    // no console to speak of: nothing is printed
  }
  const report = (...what: unknown[]) => {
    try {
      print[LogLevel.WARN]?.('emweb.logger:', ...what);
    } catch {
      // nowhere left to say it
    }
  };
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R | undefined => {
      try {
        return fn(...args);
      } catch (error) {
        report(error);
      }
    };
  const navigator = () => env.navigator ?? globalThis.navigator;
  return {
    fetch: env.fetch ?? currentFetch,
    timers: {
      setTimeout: guard((callback: () => void, ms: number) => (env.setTimeout ?? setTimeout)(guard(callback), ms)),
      clearTimeout: guard((handle: unknown) => (env.clearTimeout ?? clearTimeout)(handle as number)),
    },
    now: () => (env.now ?? Date.now)(),
    random: () => (env.random ?? Math.random)(),
    sessionStorage: env.sessionStorage,
    local: env.local,
    window: env.target ?? globalThis.window,
    document: env.doc ?? globalThis.document,
    navigator,
    sendTimeoutMs: env.sendTimeoutMs ?? 15_000,
    locks: env.locks === undefined ? ((navigator() as { locks?: Locks } | undefined)?.locks ?? null) : env.locks,
    openChannel: env.openChannel === undefined ? defaultChannel() : env.openChannel,
    print,
    report,
    guard,
  };
}

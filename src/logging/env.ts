/**
 * What the logger uses from its surroundings. Each defaults to the real global, looked up when
 * used (a fetch or clock a test installs later is the one used); tests hand in fakes.
 */
import type { FetchLike, Timers } from '../http';
import { type SafeStorage, safeStorage } from '../storage';
import type { BeaconNavigator } from './httpRequest';
import { CONSOLE_METHODS } from './levels';
import type { DocumentLike, EventTargetLike } from './lifecycle';

type Print = (...args: unknown[]) => void;

export interface LoggerEnv {
  /** Picks the defaults the logger has until start(). */
  production: boolean;
  fetch?: FetchLike;
  console?: Partial<Record<(typeof CONSOLE_METHODS)[number], Print>>;
  session?: SafeStorage;
  local?: SafeStorage;
  target?: EventTargetLike;
  doc?: DocumentLike;
  navigator?: BeaconNavigator;
  now?: () => number;
  random?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How long one send may take before it counts as no answer (default 15 s). */
  sendTimeoutMs?: number;
}

/** How long one send may take before it counts as no answer. */
export const SEND_TIMEOUT_MS = 15_000;

/** The surroundings as the logger keeps them (part of its state). */
export interface Surroundings {
  env: LoggerEnv;
  /**
   * The console method of each level, saved at creation: a host page that patches the console
   * later (to forward it here, say) cannot loop us.
   */
  print: (Print | undefined)[];
  /** The logger's own trouble, on console.warn as saved: never logged back into the queue. */
  report(...what: unknown[]): void;
  /** Wraps a function so that nothing it throws reaches its caller (it is reported instead). */
  guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | undefined;
  /** Callbacks handed to these are guarded. */
  timers: Timers;
  session: SafeStorage;
  local: SafeStorage;
}

function saveConsole(env: LoggerEnv): (Print | undefined)[] {
  try {
    const target = env.console ?? console;
    return CONSOLE_METHODS.map((name) => target[name]?.bind(target));
  } catch {
    return [];
  }
}

export function surroundings(env: LoggerEnv): Surroundings {
  const print = saveConsole(env);
  const report = (...what: unknown[]) => {
    try {
      print[4]?.('emweb.logger:', ...what);
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
  return {
    env,
    print,
    report,
    guard,
    // Never throwing: the HTTP primitive clears its timer in a `finally`, where a throw would be an
    // unhandled rejection.
    timers: {
      setTimeout: guard((callback: () => void, ms: number) => (env.setTimeout ?? setTimeout)(guard(callback), ms)),
      clearTimeout: guard((handle: unknown) => (env.clearTimeout ?? clearTimeout)(handle as ReturnType<typeof setTimeout>)),
    },
    session: env.session ?? safeStorage(() => sessionStorage),
    local: env.local ?? safeStorage(() => localStorage),
  };
}

export const now = ({ env }: Surroundings): number => (env.now ?? Date.now)();
export const random = ({ env }: Surroundings): number => (env.random ?? Math.random)();
export const navigatorOf = ({ env }: Surroundings): BeaconNavigator | undefined => env.navigator ?? globalThis.navigator;
/** What the browser says; `true` when it says nothing. */
export const isOnline = (io: Surroundings): boolean => navigatorOf(io)?.onLine !== false;
export const fetchOf = ({ env }: Surroundings): FetchLike => env.fetch ?? ((url, init) => fetch(url, init));

/**
 * What the logger uses from its surroundings. Each defaults to the real global, looked up when
 * used (a fetch or clock a test installs later is the one used); tests hand in fakes.
 */
import { LogLevel } from '../constants';
import type { FetchLike, Timers } from '../http';
import { type SafeStorage, safeStorage } from '../storage';
import { CONSOLE_METHODS } from './levels';
import type { DocumentLike, EventTargetLike } from './lifecycle';

type Print = (...args: unknown[]) => void;

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

/** The first layer of the logger: the page as the logger sees it, and how it reports its own trouble. */
export class Surroundings {
  readonly _env: LoggerEnv;
  /**
   * The console method of each level, saved at creation: a host page that patches the console
   * later (to forward it here, say) cannot loop us.
   */
  readonly _print: (Print | undefined)[] = [];
  /** Never throwing, and the callbacks handed to them are guarded: the HTTP primitive clears its timer in a `finally`. */
  readonly _timers: Timers;
  readonly _session: SafeStorage;
  readonly _local: SafeStorage;

  constructor(env: LoggerEnv) {
    this._env = env;
    try {
      const target = env.console ?? console;
      this._print = CONSOLE_METHODS.map((name) => target[name]?.bind(target));
    } catch {
      // no console to speak of: nothing is printed
    }
    this._timers = {
      setTimeout: this._guard((callback: () => void, ms: number) => (env.setTimeout ?? setTimeout)(this._guard(callback), ms)),
      clearTimeout: this._guard((handle: unknown) => (env.clearTimeout ?? clearTimeout)(handle as number)),
    };
    this._session = env.session ?? safeStorage(() => sessionStorage);
    this._local = env.local ?? safeStorage(() => localStorage);
  }

  /** The logger's own trouble, on console.warn as saved: never logged back into the queue. */
  _report(...what: unknown[]): void {
    try {
      this._print[LogLevel.WARN]?.('emweb.logger:', ...what);
    } catch {
      // nowhere left to say it
    }
  }

  /** Wraps a function so that nothing it throws reaches its caller (it is reported instead). */
  readonly _guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R | undefined => {
      try {
        return fn(...args);
      } catch (error) {
        this._report(error);
      }
    };

  _now(): number {
    return (this._env.now ?? Date.now)();
  }

  _navigator(): BeaconNavigator | undefined {
    return this._env.navigator ?? globalThis.navigator;
  }
}

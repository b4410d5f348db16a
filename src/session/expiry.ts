/**
 * The notice before the session ends: when the stored JWT's `exp` is less than `warnBeforeExpiryMs`
 * away, the notice holds that moment (the UI says "Your session ends at …"), and once it has passed,
 * that the session has ended (never a time gone by); a newer JWT whose `exp` is further away takes it
 * back. One timeout waits for the next change (the moment to warn, then the end), so that nothing
 * runs in between.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { LONGEST_TIMEOUT_MS } from '../browser/http';
import type { Timers } from '../tabs/token';

/** How long until the notice is due for a token ending at `expiresAt`: 0 for now, `null` for never. */
export function warningDelay(expiresAt: number | null, nowMs: number, warnBeforeMs: number): number | null {
  if (expiresAt === null || !(warnBeforeMs > 0)) return null;
  return Math.max(expiresAt - warnBeforeMs - nowMs, 0);
}

/** What the notice says: the moment the session ends (ms since the epoch), or that it has ended. */
export type ExpiryNotice = { tag: 'endsAt'; at: number } | { tag: 'ended' };

export interface ExpiryWarning {
  /** The notice while it is up; `null` otherwise. */
  readonly _notice: ReadonlySignal<ExpiryNotice | null>;
  /** The stored JWT's `exp` now (ms since the epoch), or `null` without one. */
  _follow(expiresAt: number | null): void;
  _stop(): void;
}

export interface ExpiryWarningDeps {
  warnBeforeMs: number;
  now(): number;
  timers: Timers;
}

export function createExpiryWarning(deps: ExpiryWarningDeps): ExpiryWarning {
  const notice = signal<ExpiryNotice | null>(null);
  let timer: unknown;
  const follow = (expiresAt: number | null) => {
    deps.timers.clear(timer);
    const now = deps.now();
    const delay = warningDelay(expiresAt, now, deps.warnBeforeMs);
    const left = (expiresAt as number) - now;
    notice.value = delay !== 0 ? null : left > 0 ? { tag: 'endsAt', at: expiresAt as number } : { tag: 'ended' };
    // Up: wait for its end; not yet: for the moment to warn. A timer that fired early, or a capped wait, checks again.
    const next = delay === 0 ? left : delay;
    if (next && next > 0) timer = deps.timers.set(() => follow(expiresAt), Math.min(next, LONGEST_TIMEOUT_MS));
  };
  return {
    _notice: notice,
    _follow: follow,
    _stop: () => deps.timers.clear(timer),
  };
}

/**
 * The notice before the session ends: when the stored JWT's `exp` is less than `warnBeforeExpiryMs`
 * away, `endsAt` holds that moment (the UI says "Your session ends at …"); a newer JWT whose `exp`
 * is further away takes it back. One timeout waits for the moment to warn, so that nothing runs in
 * between.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { LONGEST_TIMEOUT_MS, type Timers } from '../tabs/token';

/** How long until the notice is due for a token ending at `expiresAt`: 0 for now, `null` for never. */
export function warningDelay(expiresAt: number | null, nowMs: number, warnBeforeMs: number): number | null {
  if (expiresAt === null || !(warnBeforeMs > 0)) return null;
  return Math.max(expiresAt - warnBeforeMs - nowMs, 0);
}

export interface ExpiryWarning {
  /** When the session ends, while the notice is up; `null` otherwise. */
  readonly _endsAt: ReadonlySignal<number | null>;
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
  const endsAt = signal<number | null>(null);
  let timer: unknown;
  const follow = (expiresAt: number | null) => {
    deps.timers.clear(timer);
    const delay = warningDelay(expiresAt, deps.now(), deps.warnBeforeMs);
    endsAt.value = delay === 0 ? expiresAt : null;
    // A timer that fired early, or a capped wait, checks again.
    if (delay) timer = deps.timers.set(() => follow(expiresAt), Math.min(delay, LONGEST_TIMEOUT_MS));
  };
  return {
    _endsAt: endsAt,
    _follow: follow,
    _stop: () => deps.timers.clear(timer),
  };
}

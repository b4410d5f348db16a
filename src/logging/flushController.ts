/**
 * The one timer that makes sure no entry waits longer than `flushIntervalMs`: armed for the
 * oldest waiting entry's deadline (not a fixed period), so an entry queued just after a send does
 * not wait a whole extra interval. Whether a send is due is decided by batch.ts; this only wakes
 * the transport up.
 */
export interface FlushTimer {
  /** Wake at `when` (or now if past); an earlier wake already armed is kept. `null` disarms. */
  arm(when: number | null, now: number): void;
  cancel(): void;
}

export function createFlushTimer(
  setT: (fn: () => void, ms: number) => unknown,
  clearT: (handle: unknown) => void,
  wake: () => void,
): FlushTimer {
  let handle: unknown = null;
  let at = Infinity;
  const cancel = () => {
    if (handle !== null) clearT(handle);
    handle = null;
    at = Infinity;
  };
  return {
    arm(when, now) {
      if (when === null) return cancel();
      if (handle !== null && at <= when) return;
      cancel();
      at = when;
      handle = setT(() => {
        handle = null;
        at = Infinity;
        wake();
      }, Math.max(0, when - now));
    },
    cancel,
  };
}

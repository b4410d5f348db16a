// A working day as a run makes one, for tests and benchmarks that drive the session's parts
// without a page: storage in memory, no timers, no Web Locks, the user read, started (ready).
import type { SafeStorage } from '../../src/browser/storage';
import { sessionForCalls as forCalls } from '../../src/session/forCalls';
import { createWorkingDay, type WorkingDay } from '../../src/session/workingDay';
import { memoryStorage } from './index';

export function readyWorkingDay(
  local: SafeStorage = memoryStorage(),
  warnBeforeMs = 0,
  page: EventTarget = new EventTarget(),
): WorkingDay {
  const day = createWorkingDay({
    local,
    now: () => 0,
    timers: { set: () => 0, clear: () => {} },
    page,
    locks: undefined,
    warnBeforeMs,
    keepDraftsMs: 7 * 86_400_000,
    warn: () => {},
  });
  // As start-up does: the signed-in user is read once its calls are done.
  day._user._read();
  day._life._started();
  return day;
}

/** What client.fetch is handed of the session, as a run hands it (a 401 asks the day for a sign-in). */
export const sessionForCalls = (day: WorkingDay) => forCalls(day, () => void day._life._signInRequired());

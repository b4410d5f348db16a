/** What outlives the page: settings in sessionStorage, undelivered entries in localStorage. */
import { STORAGE_KEYS } from '../constants';
import type { SafeStorage } from '../storage';
import { productionDefaults, validConfig } from './levels';
import { toSafe, utf8Bytes } from './serialize';
import type { LoggerConfig } from './types';

/** The most the pending entries may take in localStorage. */
export const PENDING_MAX_BYTES = 64 * 1024;

const { loggerPrefix: PREFIX, pendingLogs: PENDING } = STORAGE_KEYS;

const parse = (s: string | null): any => {
  try {
    return JSON.parse(s!);
  } catch {}
};

/** The settings saved in this tab by updateConfig; what cannot be read is ignored. */
export function loadSettings(session: SafeStorage): Partial<LoggerConfig> {
  const raw: Record<string, unknown> = {};
  for (const k in productionDefaults) raw[k] = parse(session.get(PREFIX + k));
  return validConfig(raw);
}

export function saveSettings(session: SafeStorage, partial: Partial<LoggerConfig>): void {
  for (const k in partial) session.set(PREFIX + k, JSON.stringify(partial[k as keyof LoggerConfig]));
}

export interface Pending {
  /** Entries as JSON, oldest first. */
  entries: string[];
  /** Entries lost to the 64 KiB bound, reported like a queue overflow. */
  dropped: number;
}

/**
 * The stored entries (a JSON array: the count of entries lost to the bound, then the entries),
 * and with `take` the key goes, so that they are sent once. What another version or a broken
 * write left there is skipped: only entries with a string message are kept.
 */
export function readPending(local: SafeStorage, take?: boolean): Pending {
  // concat: whatever was stored (nothing, an object, an array) becomes an array to read.
  const [dropped, ...entries] = [].concat(parse(local.get(PENDING)));
  if (take) local.remove(PENDING);
  return {
    // Made safe again like a logged value (keys and strings redacted, long strings cut): another
    // version, or any script of the origin, may have written them.
    entries: entries.filter((e: any) => typeof e?.message == 'string').map((e) => JSON.stringify(toSafe(e))),
    dropped: Math.max(0, dropped | 0),
  };
}

/**
 * Adds entries after those stored already (a page may turn hidden several times before it is
 * closed), dropping the oldest to stay within 64 KiB. False when storage refused the write.
 */
export function savePending(local: SafeStorage, add: string[]): boolean {
  const { entries, dropped } = readPending(local);
  const all = entries.concat(add);
  const n = all.length;
  for (let size = utf8Bytes(`${all}`) + 12; size > PENDING_MAX_BYTES; ) size -= utf8Bytes(all.shift()!) + 1;
  return local.set(PENDING, `[${[dropped + n - all.length, ...all]}]`);
}

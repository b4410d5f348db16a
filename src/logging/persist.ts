/**
 * What outlives the page. sessionStorage: the settings updateConfig made, one key each
 * (`emweb.logger.level` …, JSON values), so that a reload in the same tab keeps them.
 * localStorage: `emweb.logger.pending`, the entries that could not leave before the page went
 * away, as `{"dropped":N,"entries":[…]}`, at most 64 KiB, oldest dropped first and counted.
 */
import { STORAGE_KEYS } from '../constants';
import type { SafeStorage } from '../storage';
import { CONFIG_KEYS, validConfig } from './levels';
import { MAX_ENTRY_BYTES, redact, utf8Bytes, type Serialized } from './serialize';
import type { LoggerConfig } from './types';

export const PENDING_MAX_BYTES = 64 * 1024;

/**
 * SafeStorage promises not to throw; a storage handed in by someone else is held to it anyway,
 * since the logger must work with none at all.
 */
export function shielded(st: SafeStorage | undefined): SafeStorage {
  const call = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  return {
    get: (k) => call(() => st!.get(k), null),
    set: (k, v) => call(() => st!.set(k, v), false),
    remove: (k) => call(() => st!.remove(k), undefined),
    keys: (p) => call(() => st!.keys(p), []),
  };
}

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The settings saved in this tab; unreadable or invalid ones are ignored. */
export function loadSettings(session: SafeStorage): Partial<LoggerConfig> {
  const raw: Record<string, unknown> = {};
  for (const k of CONFIG_KEYS) raw[k] = parse(session.get(STORAGE_KEYS.loggerPrefix + k));
  return validConfig(raw);
}

export function saveSettings(session: SafeStorage, partial: Partial<LoggerConfig>): void {
  for (const k of Object.keys(partial) as (keyof LoggerConfig)[]) {
    session.set(STORAGE_KEYS.loggerPrefix + k, JSON.stringify(partial[k]));
  }
}

export interface Pending {
  entries: Serialized[];
  /** Entries lost on the way (the 64 KiB bound): reported like a queue overflow. */
  dropped: number;
}

const isEntry = (e: unknown): e is Record<string, unknown> =>
  !!e &&
  typeof e === 'object' &&
  Number.isInteger((e as Record<string, unknown>).level) &&
  typeof (e as Record<string, unknown>).message === 'string' &&
  Array.isArray((e as Record<string, unknown>).additional) &&
  typeof (e as Record<string, unknown>).timestamp === 'string';

/** Reads the stored entries without removing them; anything malformed is skipped. */
function readPending(local: SafeStorage): Pending {
  const raw = parse(local.get(STORAGE_KEYS.pendingLogs)) as { entries?: unknown; dropped?: unknown } | undefined;
  const entries: Serialized[] = [];
  if (raw && Array.isArray(raw.entries)) {
    for (const e of raw.entries) {
      if (!isEntry(e)) continue;
      // Storage is writable by the whole origin: rebuild the entry and check it again.
      const json = redact(JSON.stringify({ level: e.level, message: e.message, additional: e.additional, timestamp: e.timestamp }));
      const bytes = utf8Bytes(json);
      if (bytes <= MAX_ENTRY_BYTES) entries.push({ json, bytes });
    }
  }
  const dropped = raw && Number.isInteger(raw.dropped) && (raw.dropped as number) > 0 ? (raw.dropped as number) : 0;
  return { entries, dropped };
}

/** Takes the stored entries for the queue's front: the key is removed so they are sent once. */
export function takePending(local: SafeStorage): Pending {
  const p = readPending(local);
  local.remove(STORAGE_KEYS.pendingLogs);
  return p;
}

/**
 * Adds entries after those already stored (a page may go hidden several times before it is
 * closed), dropping the oldest to stay within 64 KiB. False when the write failed.
 */
export function savePending(local: SafeStorage, add: Serialized[]): boolean {
  const p = readPending(local);
  const all = p.entries.concat(add);
  let dropped = p.dropped;
  let size = all.reduce((n, e) => n + e.bytes + 1, 40);
  let first = 0;
  while (size > PENDING_MAX_BYTES && first < all.length) {
    size -= all[first++]!.bytes + 1;
    dropped++;
  }
  const kept = all.slice(first);
  return local.set(STORAGE_KEYS.pendingLogs, `{"dropped":${dropped},"entries":[${kept.map((e) => e.json).join(',')}]}`);
}

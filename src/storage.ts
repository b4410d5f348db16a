/**
 * Web Storage that never throws. Merely touching `localStorage` raises a SecurityError in
 * sandboxed frames and some private modes, and `setItem` throws when the quota is full:
 * reads then fall back to `null`, writes are skipped, and start-up goes on.
 */
export interface SafeStorage {
  get(key: string): string | null;
  /** `false` when the write could not be made. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

export function safeStorage(area: () => Storage | null | undefined): SafeStorage {
  const use = <T>(fn: (s: Storage) => T, fallback: T): T => {
    try {
      const s = area();
      return s ? fn(s) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => use((s) => s.getItem(key), null),
    set: (key, value) => use((s) => (s.setItem(key, value), true), false),
    remove: (key) => use((s) => s.removeItem(key), undefined),
  };
}

/** Storage for tests and for pages where the real one is missing. */
export function memoryStorage(): SafeStorage {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => (map.set(key, String(value)), true),
    remove: (key) => void map.delete(key),
  };
}

export const browserLocalStorage = (): SafeStorage => safeStorage(() => globalThis.localStorage);
export const browserSessionStorage = (): SafeStorage => safeStorage(() => globalThis.sessionStorage);

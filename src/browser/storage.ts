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
  /** Every key held now; `[]` when storage cannot be read. */
  keys(): string[];
}

export function safeStorage(area: () => Storage | null | undefined): SafeStorage {
  const use = <T>(operation: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = area();
      return storage ? operation(storage) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => use((storage) => storage.getItem(key), null),
    set: (key, value) =>
      use((storage) => {
        storage.setItem(key, value);
        return true;
      }, false),
    remove: (key) => use((storage) => storage.removeItem(key), undefined),
    keys: () => use((storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? ''), []),
  };
}

export const browserLocalStorage = (): SafeStorage => safeStorage(() => globalThis.localStorage);
export const browserSessionStorage = (): SafeStorage => safeStorage(() => globalThis.sessionStorage);

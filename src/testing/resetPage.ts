import { browserLocalStorage, browserSessionStorage } from '../browser/storage';
import { unmountAll } from '../client/bootstrap';
import { forgetPage } from '../client/page';
import { STORAGE_KEYS } from '../product/constants';

const SIGN_IN_KEYS: string[] = [STORAGE_KEYS.authType, STORAGE_KEYS.jwt, STORAGE_KEYS.devToken];

/** What `resetPage` keeps. */
export interface ResetPageOptions {
  /**
   * Keeps the browser's storage, as a reload does: the sign-in, the drafts (`useDraft`) and the
   * logger's stored batches stay, so the next `bootstrap` is the same page loaded again.
   */
  keepStorage?: boolean;
}

/**
 * Makes the page fresh again for the next test: every mounted client ends (UI, listeners,
 * timers; the drafts still to be written are written, as when a page is left), the page's logger
 * stops and is forgotten with the probe and the cloud check, and the contract's storage keys go
 * (the sign-in, the drafts, the logger's stored batches and its tab settings), unless `keepStorage`.
 */
export async function resetPage({ keepStorage = false }: ResetPageOptions = {}): Promise<void> {
  await unmountAll();
  await forgetPage();
  if (keepStorage) return;
  const local = browserLocalStorage();
  for (const key of local.keys()) {
    if (SIGN_IN_KEYS.includes(key) || key.startsWith(STORAGE_KEYS.pendingLogs) || key.startsWith(STORAGE_KEYS.drafts)) {
      local.remove(key);
    }
  }
  const sessionStorage = browserSessionStorage();
  for (const key of sessionStorage.keys()) if (key.startsWith(STORAGE_KEYS.loggerPrefix)) sessionStorage.remove(key);
}

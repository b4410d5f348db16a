import { browserLocalStorage, browserSessionStorage } from '../browser/storage';
import { unmountAll } from '../client/bootstrap';
import { forgetPage } from '../client/page';
import { STORAGE_KEYS } from '../product/constants';

const SIGN_IN_KEYS: string[] = [STORAGE_KEYS.authType, STORAGE_KEYS.jwt, STORAGE_KEYS.devToken];

/**
 * Makes the page fresh again for the next test: every mounted client ends (UI, listeners,
 * timers), the page's logger stops and is forgotten with the probe and the cloud check, and the
 * contract's storage keys go (the sign-in, the logger's stored batches and its tab settings).
 */
export async function resetPage(): Promise<void> {
  await unmountAll();
  await forgetPage();
  const local = browserLocalStorage();
  for (const key of local.keys()) {
    if (SIGN_IN_KEYS.includes(key) || key.startsWith(STORAGE_KEYS.pendingLogs)) local.remove(key);
  }
  const sessionStorage = browserSessionStorage();
  for (const key of sessionStorage.keys()) if (key.startsWith(STORAGE_KEYS.loggerPrefix)) sessionStorage.remove(key);
}

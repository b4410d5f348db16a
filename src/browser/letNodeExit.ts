import { SCRIPT_TAG_BUNDLE } from '../product/build';

/**
 * A channel or timer that must not keep Node running (a host's tests in happy-dom end while a
 * client still listens). A page has no process to keep alive: the script-tag bundles, which only
 * browsers load, carry none of this.
 */
export function letNodeExit<T>(handle: T): T {
  if (!SCRIPT_TAG_BUNDLE) (handle as { unref?(): void }).unref?.();
  return handle;
}

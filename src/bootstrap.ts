import { type MountRecord, mountClient } from './mount';
import type { BootstrapOptions, Client } from './types';

/** Each element's current start: a second `bootstrap` for it returns the same promise. */
const starts = new WeakMap<Element, Promise<Client>>();

function findMount(mount: Element | string): Element {
  if (mount instanceof Element) return mount;
  let element: Element | null = null;
  try {
    element = document.querySelector(mount);
  } catch {
    // An invalid selector is reported like a missing element: the message names it either way.
  }
  if (!element) throw new Error(`EMWeb: no mount element matches "${String(mount)}"`);
  return element;
}

function recordFor(element: Element): MountRecord {
  return {
    set: (start) => void starts.set(element, start),
    isCurrent: (start) => start !== undefined && starts.get(element) === start,
    forget: () => void starts.delete(element),
  };
}

/**
 * Starts the client in the mount element. Calling it again for the same element returns the
 * same promise; when start-up fails, the UI offers Retry, and a later call returns the retry's.
 * Never throws: whatever goes wrong rejects the promise.
 */
export function bootstrap(options: BootstrapOptions = {}): Promise<Client> {
  try {
    if (typeof options !== 'object' || options === null) throw new Error('EMWeb: bootstrap(options) takes an object of options');
    const element = findMount(options.mount ?? '#emweb');
    return starts.get(element) ?? mountClient(element, options, recordFor(element));
  } catch (error) {
    return Promise.reject(error);
  }
}

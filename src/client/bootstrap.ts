/**
 * Which client runs in which element. `bootstrap` starts one (or returns the one there), `unmount`
 * ends it, whatever it is doing; the script tag starts one before its element exists.
 */
import { checkRoutesOption } from '../routes/option';
import type { Client } from '../types/client';
import { mountClient, shadowRootOf } from './mount';
import { type ClientRun, startClient } from './run';
import type { BootstrapOptions } from './types';

const DEFAULT_MOUNT = '#emweb';

/** The run of each element the client is mounted in; an ended run (its client unmounted) no longer counts. */
const runs = new Map<Element, ClientRun>();

/** The element a selector names, or null (an invalid selector names none). */
function query(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

function findMount(mount: Element | string): Element {
  const element = mount instanceof Element ? mount : query(mount);
  if (!element) throw new Error(`EMWeb: no mount element matches "${String(mount)}"`);
  return element;
}

const runIn = (element: Element): ClientRun | undefined => {
  const run = runs.get(element);
  return run?._ended ? undefined : run;
};

/** The element of the latest client given routes: while it runs, it is the page's routed client. */
let routed: Element | undefined;

function mountRun(element: Element, shadow: ShadowRoot, run: ClientRun, options: BootstrapOptions): ClientRun {
  runs.set(element, run);
  if (run._routing) routed = element;
  mountClient(shadow, run, options);
  return run;
}

/**
 * Starts the client in the mount element. Calling it again for the same element returns the
 * same promise; when start-up fails, the UI offers Retry, and a later call returns the retry's.
 * Never throws: whatever goes wrong rejects the promise.
 */
export function bootstrap(options: BootstrapOptions = {}): Promise<Client> {
  try {
    if (typeof options !== 'object' || options === null) throw new Error('EMWeb: bootstrap takes an object of options');
    const element = findMount(options.mount ?? DEFAULT_MOUNT);
    const running = runIn(element);
    if (running) return running._started;
    checkRoutesOption(options, routed && runIn(routed) && routed);
    // The element can take the client before anything starts: a refusal leaves nothing running.
    const shadow = shadowRootOf(element);
    return mountRun(element, shadow, startClient(options), options)._started;
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Ends whatever runs in the element (started, starting or failed): its UI, listeners and timers,
 * and its share of the page's logger. A later `bootstrap` there starts afresh. Nothing there: resolves.
 */
export async function unmount(mount: Element | string = DEFAULT_MOUNT): Promise<void> {
  const element = mount instanceof Element ? mount : query(String(mount));
  const run = element && runs.get(element);
  if (!run) return;
  runs.delete(element);
  await run._end();
}

/** Ends every client on the page (the test kit's resetPage). */
export async function unmountAll(): Promise<void> {
  await Promise.all([...runs.keys()].map((element) => unmount(element)));
}

/**
 * The script tag's start: the start-up requests leave now, while the page is still parsing; the
 * UI mounts in the element once it exists (now, or when the document is parsed). No element by
 * then: the start ends, and the console says why (there is nowhere to show it).
 */
export function bootstrapWhenParsed(selector: string, options: BootstrapOptions): void {
  const run = startClient(options);
  const place = () => {
    try {
      const element = findMount(selector);
      // The page may have started a client there itself meanwhile: that one stays.
      if (runIn(element)) void run._end();
      else mountRun(element, shadowRootOf(element), run, options);
    } catch (error) {
      void run._end();
      console.error(error);
    }
  };
  whenMountable(selector, place);
}

/** Calls `place` once the element `selector` names can be there: now if it is, else when the document is parsed. */
export function whenMountable(selector: string, place: () => void): void {
  if (document.readyState === 'loading' && !query(selector)) document.addEventListener('DOMContentLoaded', place, { once: true });
  else place();
}

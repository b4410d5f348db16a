/**
 * When this tab must read the stored JWT again: another tab stored a new one or removed it (a
 * `storage` event), or the page came back from the back/forward cache, where it may have slept
 * through both. The reading itself is the session's (src/session/signedInUser.ts).
 */
import { STORAGE_KEYS } from '../product/constants';

/** Where `storage` and `pageshow` events arrive: `window`, or a test's own target. */
export type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

/** Calls `changed` whenever the stored JWT may differ from what this tab read last; returns what stops it. */
export function listenForToken(events: StorageEvents, changed: () => void): () => void {
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    // `null`: another tab cleared the whole storage.
    if (key === STORAGE_KEYS.jwt || key === null) changed();
  };
  const onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) changed();
  };
  events.addEventListener('storage', onStorage);
  events.addEventListener('pageshow', onPageShow);
  return () => {
    events.removeEventListener('storage', onStorage);
    events.removeEventListener('pageshow', onPageShow);
  };
}

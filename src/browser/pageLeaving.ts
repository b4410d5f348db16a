/**
 * Whether the page began to leave while a request was out. A page that leaves (a link, a form,
 * `location.assign`, the address bar) has its requests cancelled, and the fetch then fails exactly
 * as a network failure does. Measured: Chromium cancels them right after `pagehide`; Firefox and
 * WebKit as the navigation starts, after `beforeunload` and before `pagehide` (WebKit some 50 ms
 * before). So both events count. A watch listens only while its request is out: a `beforeunload`
 * listener keeps a page out of Firefox's back-forward cache, as a request still out does anyway.
 */
export interface PageLeavingWatch {
  _isLeaving(): boolean;
  _stop(): void;
}

/** Where the page's events arrive: `window`, or a test's own target. */
export type PageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const LEAVING_EVENTS = ['beforeunload', 'pagehide'];

export function watchPageLeaving(page: Partial<PageEvents>): PageLeavingWatch {
  let leaving = false;
  const onLeaving = () => {
    leaving = true;
  };
  for (const type of LEAVING_EVENTS) page.addEventListener?.(type, onLeaving);
  return {
    _isLeaving: () => leaving,
    _stop() {
      for (const type of LEAVING_EVENTS) page.removeEventListener?.(type, onLeaving);
    },
  };
}

/**
 * The page events the logger follows. Added with addEventListener, so the host page's own
 * handlers (window.onerror and the like) stay where they are.
 */
export interface EventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface DocumentLike extends EventTargetLike {
  visibilityState?: string;
}

/** What the logger does on each event. */
export interface PageEvents {
  /**
   * `false`: the page turned hidden or is going away: it may never run again (hidden pages get
   * discarded). `true`: the page is visible again.
   */
  shown(visible: boolean): void;
  /** The page is frozen (Chromium's Page Lifecycle): it runs no more until it is resumed, and may be discarded. */
  freeze(): void;
  /** The browser is online again: delivery looks at what may go. */
  online(): void;
  /**
   * Uncaught errors (with the error object, whose stack says where; a cross-origin "Script
   * error." has none) and unhandled rejections (the reason), when they are to be captured.
   */
  error(message: unknown, additional: unknown[]): void;
}

/** Starts listening; returns the function that stops it all. Nothing here throws into the page. */
export function listen(
  target: EventTargetLike | undefined,
  doc: DocumentLike | undefined,
  on: PageEvents,
  captureErrors: boolean,
): () => void {
  const removers: (() => void)[] = [];
  const add = <E extends Event>(eventTarget: EventTargetLike | undefined, type: string, handler: (event: E) => void) => {
    const listener = (event: Event) => {
      try {
        handler(event as E);
      } catch {
        // A handler of ours that throws must not surface as an error of the page.
      }
    };
    try {
      eventTarget?.addEventListener(type, listener);
    } catch {
      // a hostile or half-built target: the rest still listen
    }
    removers.push(() => eventTarget?.removeEventListener(type, listener));
  };
  add(target, 'pagehide', () => on.shown(false));
  add(doc, 'visibilitychange', () => on.shown(doc?.visibilityState !== 'hidden'));
  add(doc, 'freeze', on.freeze);
  add(doc, 'resume', () => doc?.visibilityState !== 'hidden' && on.shown(true));
  add(target, 'online', on.online);
  if (captureErrors) {
    add(target, 'error', (event: ErrorEvent) => on.error(event.message, [event.error]));
    add(target, 'unhandledrejection', (event: PromiseRejectionEvent) => on.error('Unhandled rejection', [event.reason]));
  }
  return () => {
    for (const remove of removers) {
      try {
        remove();
      } catch {
        // as above
      }
    }
  };
}

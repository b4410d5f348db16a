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

export interface PageEvents {
  /** The page turned hidden or is going away: it may never run again (hidden pages get discarded). */
  exit(): void;
  /** The page is visible again. */
  visible(): void;
  online(): void;
  /**
   * Uncaught errors (with the error object, whose stack says where; a cross-origin "Script
   * error." has none) and unhandled rejections (the reason), when they are to be captured.
   */
  capture?: (message: unknown, detail: unknown) => void;
}

/** Starts listening; returns the function that stops it all. Nothing here throws into the page. */
export function listen(target: EventTargetLike | undefined, doc: DocumentLike | undefined, on: PageEvents): () => void {
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
  add(target, 'pagehide', on.exit);
  add(doc, 'visibilitychange', () => (doc?.visibilityState === 'hidden' ? on.exit() : on.visible()));
  add(target, 'online', on.online);
  const { capture } = on;
  if (capture) {
    add(target, 'error', (event: ErrorEvent) => capture(event.message, event.error));
    add(target, 'unhandledrejection', (event: PromiseRejectionEvent) => capture('Unhandled rejection', event.reason));
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

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

/** Starts listening; returns the function that stops it all. */
export function listen(target: EventTargetLike | undefined, doc: DocumentLike | undefined, on: PageEvents): () => void {
  const { capture } = on;
  const handlers: [EventTargetLike | undefined, string, (event: Event) => void][] = [
    [target, 'pagehide', on.exit],
    [doc, 'visibilitychange', () => (doc?.visibilityState === 'hidden' ? on.exit() : on.visible())],
    [target, 'online', on.online],
  ];
  if (capture) {
    handlers.push(
      [target, 'error', (event) => capture((event as ErrorEvent).message, (event as ErrorEvent).error)],
      [target, 'unhandledrejection', (event) => capture('Unhandled rejection', (event as PromiseRejectionEvent).reason)],
    );
  }
  const listeners = handlers.map(([eventTarget, type, handler]) => {
    const listener = (event: Event) => {
      try {
        handler(event);
      } catch {
        // A handler of ours that throws must not surface as an error of the page.
      }
    };
    try {
      eventTarget?.addEventListener(type, listener);
    } catch {
      // a hostile or half-built target: the rest still listen
    }
    return () => eventTarget?.removeEventListener(type, listener);
  });
  return () => {
    for (const remove of listeners) {
      try {
        remove();
      } catch {
        // as above
      }
    }
  };
}

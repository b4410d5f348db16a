/**
 * Page events. Everything goes through addEventListener (never `window.onerror =`), so the host
 * page's own handlers stay in place, and one call removes all of it again.
 */
import { messageText } from './serialize';

export interface EventTargetLike {
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
}
export interface DocumentLike extends EventTargetLike {
  visibilityState?: string;
}

export interface PageHandlers {
  /** The page may be going away: send what is queued now. */
  exit(): void;
  online(): void;
  /** Uncaught errors and unhandled rejections (only when captureErrors is on). */
  capture?: (message: string, ...additional: unknown[]) => void;
}

/** Starts listening; returns the function that stops it all. */
export function listen(target: EventTargetLike | undefined, doc: DocumentLike | undefined, h: PageHandlers): () => void {
  const offs: (() => void)[] = [];
  const on = (t: EventTargetLike | undefined, type: string, handle: (e: any) => void) => {
    if (!t) return;
    // an exception here would land in the page's error handlers, and in ours
    const fn = (e: unknown) => {
      try {
        handle(e);
      } catch {
        /* never into the page */
      }
    };
    try {
      t.addEventListener(type, fn);
      offs.push(() => t.removeEventListener(type, fn));
    } catch {
      /* a target that refuses listeners just gets none */
    }
  };
  // pagehide, not unload: it fires on mobile and keeps the page eligible for the back/forward cache
  on(target, 'pagehide', h.exit);
  // often the last event a mobile page gets before it is killed in the background
  on(doc, 'visibilitychange', () => doc!.visibilityState === 'hidden' && h.exit());
  on(target, 'online', h.online);
  const log = h.capture;
  if (log) {
    on(target, 'error', (e: ErrorEvent) => {
      const err: unknown = e?.error;
      const where = { filename: e?.filename, lineno: e?.lineno, colno: e?.colno };
      const text = e?.message || messageText(err) || 'Uncaught error';
      if (err == null) log(text, where);
      else log(text, err, where);
    });
    on(target, 'unhandledrejection', (e: PromiseRejectionEvent) => {
      log('Unhandled rejection: ' + messageText(e?.reason), e?.reason);
    });
  }
  return () => {
    for (const off of offs.splice(0)) {
      try {
        off();
      } catch {
        /* nothing more to do about it */
      }
    }
  };
}

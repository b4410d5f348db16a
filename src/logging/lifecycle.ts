/** The page events the logger follows, added with addEventListener so the host page's own handlers stay. */
export interface EventTargetLike {
  addEventListener(type: string, fn: (e: any) => void): void;
  removeEventListener(type: string, fn: (e: any) => void): void;
}
export interface DocumentLike extends EventTargetLike {
  visibilityState?: string;
}

type Capture = (message: string, detail: unknown) => void;

/**
 * Starts listening; returns the function that stops it all. `exit`: the page is going away or
 * turned hidden. `capture`, when given, receives uncaught errors (with the error object, whose
 * stack says where; a cross-origin "Script error." has none) and unhandled rejections (the reason).
 */
export function listen(
  target: EventTargetLike | undefined,
  doc: DocumentLike | undefined,
  exit: () => void,
  online: () => void,
  capture?: false | Capture,
): () => void {
  // One handler for every event, so that one list serves to add and to remove.
  const on = (e: any) => {
    // A handler of ours that throws must not surface as an error of the page.
    try {
      const type = e.type;
      if (type == 'online') online();
      // error and unhandledrejection are only listened for with `capture`.
      else if (type == 'error') (capture as Capture)(e.message, e.error);
      else if (type[0] == 'u') (capture as Capture)('Unhandled rejection', e.reason);
      else if (type == 'pagehide' || doc!.visibilityState == 'hidden') exit();
    } catch {}
  };
  const events: [EventTargetLike | undefined, string][] = [
    [target, 'pagehide'],
    [doc, 'visibilitychange'],
    [target, 'online'],
  ];
  if (capture) events.push([target, 'error'], [target, 'unhandledrejection']);
  const each = (method: 'addEventListener' | 'removeEventListener') => events.forEach(([t, type]) => t?.[method](type, on));
  each('addEventListener');
  return () => each('removeEventListener');
}

import type { ComponentChildren, TargetedKeyboardEvent } from 'preact';
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { focusedElement, focusFirstHeading } from './focus';

export interface DialogProps {
  role: 'dialog' | 'alertdialog';
  title: string;
  detail: string;
  /** What happened since it opened, said below the detail. */
  note?: string;
  /** Escape's meaning; without it Escape does nothing (there is nothing to go back to). */
  onEscape?(): void;
  /** Its buttons; the first takes focus. */
  children: ComponentChildren;
}

const TITLE_ID = 'emweb-dialog-title';
const DETAIL_ID = 'emweb-dialog-detail';

/**
 * Where focus goes back to once the dialog is gone: the element that had it (the host page's too),
 * else the screen's first heading.
 */
function giveFocusBack(root: ShadowRoot | Document, before: HTMLElement | null): void {
  const main = root.querySelector('.main');
  if (before?.isConnected) before.focus();
  else if (main) focusFirstHeading(main);
}

/** Tab and Shift+Tab go round the dialog's own buttons: focus stays inside while it is up. */
function keepFocusInside(event: KeyboardEvent, box: HTMLElement): void {
  // Every dialog has a button: its callers give at least one.
  const buttons = [...box.querySelectorAll<HTMLElement>('button')];
  const at = buttons.indexOf((box.getRootNode() as ShadowRoot | Document).activeElement as HTMLElement);
  const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * A dialog that is modal within the client: the rest of the client is `inert` beneath it (App does
 * that), focus moves in and stays in, and goes back where it was when the dialog goes. The host
 * page around the client stays usable, which a `<dialog>` opened with `showModal()` would not allow:
 * it makes the whole document inert.
 */
export function Dialog({ role, title, detail, note, onEscape, children }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const root = element.getRootNode() as ShadowRoot | Document;
    // Remembered from the page down: focus may be on the host page, outside the client's root.
    const before = focusedElement(element.ownerDocument);
    element.querySelector('button')?.focus();
    // After the render that takes the dialog out has lifted `inert` from the rest.
    return () => queueMicrotask(() => giveFocusBack(root, before));
  }, []);
  const onKeyDown = (event: TargetedKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') keepFocusInside(event, event.currentTarget);
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onEscape?.();
  };
  return (
    <div class="backdrop">
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal and keyboard-driven */}
      <div
        class="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        aria-describedby={DETAIL_ID}
        ref={box}
        onKeyDown={onKeyDown}
      >
        <h2 id={TITLE_ID}>{title}</h2>
        <p id={DETAIL_ID}>{detail}</p>
        {note && <p role="status">{note}</p>}
        <div class="buttons">{children}</div>
      </div>
    </div>
  );
}

import { useLayoutEffect, useRef, useState } from 'react';
import type { SpeedDialAction } from '../types';

/**
 * The floating action button, a WAI-ARIA menu button: opening moves focus into the menu, arrows
 * move through it, Escape closes it and gives focus back to the button.
 */
export function SpeedDial({ actions, onSelect }: { actions: SpeedDialAction[]; onSelect(a: SpeedDialAction): void }) {
  // The item to focus once open (-1: the last, for ArrowUp), or null while closed.
  const [open, setOpen] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focus = (i: number) => {
    const items = menu.current!.children;
    (items[(i + items.length) % items.length] as HTMLElement).focus();
  };
  // A layout effect, so focus lands before the open menu is painted.
  useLayoutEffect(() => {
    if (open != null) focus(open);
  }, [open]);

  const close = (refocus?: boolean) => {
    setOpen(null);
    if (refocus) button.current!.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const at = [...menu.current!.children].indexOf(e.target as Element);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 }[e.key];
    if (to != null) focus(to);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close();
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <div
      class="f"
      // Focus leaving the whole control (a click elsewhere, Tab away) closes the menu.
      onFocusOut={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) close();
      }}
    >
      {open != null && (
        <div role="menu" id="emweb-menu" aria-label="Actions" ref={menu} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              key={action.label}
              onClick={() => {
                close(true);
                onSelect(action);
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        ref={button}
        aria-label="Actions"
        aria-haspopup="menu"
        aria-expanded={open != null}
        aria-controls={open == null ? undefined : 'emweb-menu'}
        onClick={() => (open == null ? setOpen(0) : close())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(e.key === 'ArrowUp' ? -1 : 0);
          }
        }}
      >
        {open == null ? '+' : '×'}
      </button>
    </div>
  );
}

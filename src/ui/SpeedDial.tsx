import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'react';
import type { SpeedDialAction } from '../types/client';

const MENU_ID = 'emweb-menu';
/** Keys that move focus inside the open menu, to the item at this offset or position (-1: the last). */
const MOVES: Partial<Record<string, (at: number) => number>> = {
  ArrowDown: (at) => at + 1,
  ArrowUp: (at) => at - 1,
  Home: () => 0,
  End: () => -1,
};

interface SpeedDialProps {
  actions: SpeedDialAction[];
  /** The floating button's accessible name, and its menu's. */
  label: string;
  onSelect(action: SpeedDialAction): void;
}

/**
 * The floating action button, a WAI-ARIA menu button: opening moves focus into the menu, arrows
 * move through it, Escape closes it and gives focus back to the button.
 */
export function SpeedDial({ actions, label, onSelect }: SpeedDialProps) {
  // The index of the item to focus once open (-1: the last, for ArrowUp), or null while closed.
  const [openAt, setOpenAt] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const isOpen = openAt !== null;

  const focusItem = (index: number) => {
    const items = menu.current?.children;
    if (!items?.length) return;
    const wrapped = (index + items.length) % items.length;
    (items[wrapped] as HTMLElement).focus();
  };
  // A layout effect, so focus lands before the open menu is painted.
  useLayoutEffect(() => {
    if (openAt !== null) focusItem(openAt);
  }, [openAt]);

  const close = (giveFocusBack: boolean) => {
    setOpenAt(null);
    if (giveFocusBack) button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.children ?? [])];
    const move = MOVES[event.key];
    if (move) focusItem(move(items.indexOf(event.target as Element)));
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    if (move || event.key === 'Escape') event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpenAt(event.key === 'ArrowUp' ? -1 : 0);
  };

  return (
    <div
      class="speed-dial"
      // Focus leaving the whole control (a click elsewhere, Tab away) closes the menu.
      onFocusOut={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      {isOpen && (
        <div role="menu" id={MENU_ID} aria-label={label} ref={menu} onKeyDown={onMenuKeyDown}>
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
        class="fab"
        ref={button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? MENU_ID : undefined}
        onClick={() => (isOpen ? close(false) : setOpenAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {isOpen ? '×' : '+'}
      </button>
    </div>
  );
}

import { useLayoutEffect, useRef, useState } from 'react';
import type { SpeedDialAction } from '../types';

interface Props {
  actions: SpeedDialAction[];
  onSelect(action: SpeedDialAction): void;
}

/**
 * The floating action button: a WAI-ARIA menu button. Opening moves focus to the first item,
 * arrows move through the items, Escape closes and gives focus back to the button.
 */
export function SpeedDial({ actions, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])];
  const focusAt = (i: number) => {
    const list = items();
    list[(i + list.length) % list.length]?.focus();
  };
  // Which item takes focus when the menu opens: first by default, last when opened with ArrowUp.
  const start = useRef(0);

  // A layout effect, so focus lands before the browser paints the open menu.
  useLayoutEffect(() => {
    if (open) focusAt(start.current);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(e.target as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      focusAt(moves[e.key]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      start.current = e.key === 'ArrowUp' ? -1 : 0;
      setOpen(true);
    } else if (e.key === 'Escape' && open) {
      close(true);
    }
  };

  // Closing when focus leaves the whole control covers clicks elsewhere and tabbing away.
  const onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (open && !(next && (e.currentTarget as Node).contains(next))) setOpen(false);
  };

  return (
    <div class={open ? 'fab open' : 'fab'} onFocusOut={onFocusOut}>
      {open && (
        <div class="dial" role="menu" id="emweb-dial" aria-label="Actions" ref={menu} onKeyDown={onMenuKey}>
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
              <span class="ico" aria-hidden="true">
                {action.icon ?? '•'}
              </span>
              {action.label}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        class="fabBtn"
        ref={button}
        aria-label="Actions"
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? 'emweb-dial' : undefined}
        onClick={() => {
          start.current = 0;
          setOpen(!open);
        }}
        onKeyDown={onButtonKey}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" />
        </svg>
      </button>
    </div>
  );
}

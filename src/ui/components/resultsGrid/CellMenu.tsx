import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

export interface MenuItem {
  label: string;
  shortcut?: string;
  run: () => void;
}

interface Props {
  /** Viewport coordinates of the pointer (or of the selected cell for the keyboard's menu key). */
  x: number;
  y: number;
  items: MenuItem[];
  /** Dismissed (a click elsewhere, blur, resize). */
  onClose: () => void;
  /** Closed from the menu itself (an item ran, Escape): focus goes back to where the menu came from. */
  onDone: () => void;
}

const MARGIN = 8;

/** Moves focus between the menu's items with the arrow keys, wrapping around. */
function focusSibling(menu: HTMLElement, step: number) {
  const items = Array.from(menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'));
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  items[(at + step + items.length) % items.length]?.focus();
}

/** The grid's context menu: fixed at the pointer, kept inside the viewport, closed by Escape or a click elsewhere. */
export function CellMenu({ x, y, items, onClose, onDone }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  // Kept inside the viewport once its size is known; before paint, so it never shows cut off.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN))}px`;
    menu.style.top = `${Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN))}px`;
    menu.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [x, y]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('blur', onClose);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('blur', onClose);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
      onDone();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (ref.current) focusSibling(ref.current, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  return (
    <div ref={ref} role="menu" aria-label="Result actions" className="dropdown-menu rg-menu" style={{ left: x, top: y }} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className="dropdown-item"
          onClick={() => {
            onClose();
            onDone();
            item.run();
          }}
        >
          <span>{item.label}</span>
          {item.shortcut && <kbd className="rg-menu-shortcut">{item.shortcut}</kbd>}
        </button>
      ))}
    </div>
  );
}

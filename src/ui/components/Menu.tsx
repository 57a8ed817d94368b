import { useEffect, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** The key that does the same outside the menu, shown at its end. */
  shortcut?: string;
  onSelect: () => void;
}

export interface MenuProps {
  /** The menu's accessible name. */
  label: string;
  items: readonly MenuItem[];
  className: string;
  id?: string;
  style?: CSSProperties;
  header?: ReactNode;
  /** The menu's element, for a caller that places it. */
  menuRef?: RefObject<HTMLDivElement | null>;
  /** Where a pointer may go down without dismissing the menu (the menu by default; a menu button's whole widget). */
  insideRef?: RefObject<HTMLElement | null>;
  /** A pointer went down elsewhere. */
  onDismiss: () => void;
  /** Closed from the menu itself (an item picked, Escape, Tab): the caller puts the focus back. */
  onDone: () => void;
}

/**
 * A WAI-ARIA menu: the first item takes the focus, arrows move (wrapping), Home and End jump,
 * Enter or a click picks, Escape and Tab close; a pointer elsewhere dismisses it.
 */
export function Menu({ label, items, className, id, style, header, menuRef, insideRef, onDismiss, onDone }: MenuProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = menuRef ?? ownRef;
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [ref]);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!(insideRef ?? ref).current?.contains(event.target as Node)) onDismiss();
    };
    // Capture: a widget under the pointer that stops the event still closes the menu.
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [ref, insideRef, onDismiss]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const moveTo = (i: number) => buttons[(i + buttons.length) % buttons.length]?.focus();
    if (event.key === 'Escape' || event.key === 'Tab') onDone();
    else if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={ref} id={id} role="menu" aria-label={label} className={className} style={style} onKeyDown={onKeyDown}>
      {header && <div className="dropdown-header">{header}</div>}
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className="dropdown-item"
          tabIndex={-1}
          onClick={() => {
            onDone();
            item.onSelect();
          }}
        >
          {item.icon}
          <span>{item.label}</span>
          {item.shortcut && <kbd className="rg-menu-shortcut">{item.shortcut}</kbd>}
        </button>
      ))}
    </div>
  );
}

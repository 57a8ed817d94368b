import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface DropdownItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

interface Props {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  items: DropdownItem[];
  header?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/** A button that opens a menu (WAI-ARIA menu button): arrows move, Enter picks, Escape closes. */
export function DropdownMenu({ label, trigger, items, header, align = 'start', className }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const buttons = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const moveTo = (i: number) => buttons[(i + buttons.length) % buttons.length]?.focus();
    if (e.key === 'Escape') {
      setOpen(false);
      rootRef.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
    } else if (e.key === 'ArrowDown') moveTo(at + 1);
    else if (e.key === 'ArrowUp') moveTo(at - 1);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(-1);
    else return;
    e.preventDefault();
  };

  return (
    <div className={`dropdown ${className ?? ''}`} ref={rootRef}>
      <button
        type="button"
        className="dropdown-trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && (
        <div id={menuId} className={`dropdown-menu align-${align}`} role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {header && <div className="dropdown-header">{header}</div>}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className="dropdown-item"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

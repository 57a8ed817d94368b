import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Menu, type MenuItem } from './Menu';

export type DropdownItem = MenuItem;

interface Props {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  items: DropdownItem[];
  header?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/** A button that opens a menu (WAI-ARIA menu button); closed from the menu, the focus goes back to the button. */
export function DropdownMenu({ label, trigger, items, header, align = 'start', className }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const dismiss = useCallback(() => setOpen(false), []);
  const done = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);

  return (
    <div className={`dropdown ${className ?? ''}`} ref={rootRef}>
      <button
        ref={triggerRef}
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
        <Menu id={menuId} label={label} className={`dropdown-menu align-${align}`} items={items} header={header} insideRef={rootRef} onDismiss={dismiss} onDone={done} />
      )}
    </div>
  );
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import { Menu, type MenuItem } from '../Menu';

export type { MenuItem } from '../Menu';

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

/** The grid's context menu: fixed at the pointer, kept inside the viewport, closed by Escape, a click elsewhere, blur or resize. */
export function CellMenu({ x, y, items, onClose, onDone }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  // Kept inside the viewport once its size is known; before paint, so it never shows cut off.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN))}px`;
    menu.style.top = `${Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN))}px`;
  }, [x, y]);

  // Fixed at a point of the viewport: a window that moves or resizes leaves it nowhere.
  useEffect(() => {
    window.addEventListener('blur', onClose);
    window.addEventListener('resize', onClose);
    return () => {
      window.removeEventListener('blur', onClose);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const done = () => {
    onClose();
    onDone();
  };
  return <Menu menuRef={ref} label="Result actions" className="dropdown-menu rg-menu" style={{ left: x, top: y }} items={items} onDismiss={onClose} onDone={done} />;
}

import { useCallback, useState, type MouseEvent } from 'react';
import type { MenuItem } from './CellMenu';
import { cellId } from './GridRow';
import { cellFromTarget, type CellPos } from './selection';
import type { CopyWhat } from './useGridSelection';

interface MenuState {
  x: number;
  y: number;
  pos: CellPos;
}

interface Options {
  idPrefix: string;
  selected: CellPos | null;
  select: (pos: CellPos) => void;
  copy: (pos: CellPos, what: CopyWhat) => void;
  onCopyAll: () => void;
}

function itemsFor(pos: CellPos, copy: Options['copy'], onCopyAll: () => void): MenuItem[] {
  const items: MenuItem[] =
    pos.row < 0
      ? [{ label: 'Copy column name', shortcut: 'Ctrl+C', onSelect: () => copy(pos, 'cell') }]
      : [
          { label: 'Copy cell', shortcut: 'Ctrl+C', onSelect: () => copy(pos, 'cell') },
          { label: 'Copy row', shortcut: 'Ctrl+Shift+C', onSelect: () => copy(pos, 'row') },
        ];
  return [...items, { label: 'Copy all as CSV', onSelect: onCopyAll }];
}

/** The grid's context menu: opened on a cell (or, from the keyboard's menu key, at the selected cell). */
export function useGridMenu({ idPrefix, selected, select, copy, onCopyAll }: Options) {
  const [menu, setMenu] = useState<MenuState | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const hit = cellFromTarget(event.target);
    const pos = hit && hit.col >= 0 ? hit : selected;
    if (!pos) return;
    event.preventDefault();
    select(pos);
    // The menu key targets the grid itself: anchor the menu to the selected cell when it is rendered.
    const anchor = hit ? null : document.getElementById(cellId(idPrefix, pos.row, pos.col))?.getBoundingClientRect();
    setMenu({ x: anchor ? anchor.left : event.clientX, y: anchor ? anchor.bottom : event.clientY, pos });
  };

  const open = menu ? { x: menu.x, y: menu.y, items: itemsFor(menu.pos, copy, onCopyAll) } : null;
  return { menu: open, closeMenu, onContextMenu };
}

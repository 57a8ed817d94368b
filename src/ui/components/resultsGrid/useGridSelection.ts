import { useCallback, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { columnStarts, HEADER_HEIGHT, revealOffset, ROW_HEIGHT, type Row } from './gridModel';
import { cellFromTarget, moveSelection, type CellPos } from './selection';
import { useKeyedState } from './useKeyedState';

export type CopyWhat = 'cell' | 'row';

interface Options {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The result: a new one clears the selection. */
  rows: Row[];
  columnCount: number;
  widths: number[];
  /** Width of the sticky row-number gutter, which covers the left of the viewport. */
  offset: number;
  onSort: (col: number) => void;
  copy: (pos: CellPos, what: CopyWhat) => void;
}

/** Scrolls the least needed so the cell is visible, clear of the sticky header and gutter. */
function reveal(el: HTMLElement, pos: CellPos, widths: number[], offset: number) {
  if (pos.row >= 0) el.scrollTop = revealOffset(HEADER_HEIGHT + pos.row * ROW_HEIGHT, ROW_HEIGHT, el.scrollTop, el.clientHeight, HEADER_HEIGHT);
  const left = columnStarts(widths, offset)[pos.col];
  el.scrollLeft = revealOffset(left, widths[pos.col], el.scrollLeft, el.clientWidth, offset);
}

/** The selected cell: set by clicks, moved by the keyboard (the grid scrolls along), copied with Ctrl/⌘+C. */
export function useGridSelection({ scrollRef, rows, columnCount, widths, offset, onSort, copy }: Options) {
  const [selected, setSelected] = useKeyedState<CellPos | null>(rows, null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const primary = event.ctrlKey || event.metaKey;
    if (primary && !event.altKey && event.key.toLowerCase() === 'c') {
      // Text the user selected with the mouse copies as usual; otherwise Ctrl+C copies the cell (Shift: the row).
      if (!selected || window.getSelection()?.isCollapsed === false) return;
      event.preventDefault();
      return copy(selected, event.shiftKey ? 'row' : 'cell');
    }
    if ((event.key === 'Enter' || event.key === ' ') && selected?.row === -1) {
      event.preventDefault();
      return onSort(selected.col);
    }
    const el = scrollRef.current;
    const page = el ? Math.floor((el.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1 : 10;
    const next = moveSelection(selected, event.key, { primary }, { rows: rows.length, cols: columnCount, page });
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    if (el) reveal(el, next, widths, offset);
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('.rg-resize')) return;
    const pos = cellFromTarget(event.target);
    if (!pos) return;
    // A click on a row number selects that row's cell in the current column.
    setSelected(pos.col < 0 ? { row: pos.row, col: selected?.col ?? 0 } : pos);
    if (pos.row === -1) onSort(pos.col);
  };

  const select = useCallback((pos: CellPos) => setSelected(pos), [setSelected]);
  return { selected, select, onKeyDown, onClick };
}

/** A selected cell in view coordinates: `row` is the position in the displayed (sorted) order, -1 the header. */
export interface CellPos {
  row: number;
  col: number;
}

export interface GridBounds {
  rows: number;
  cols: number;
  /** Rows that fit in the viewport, for PageUp/PageDown. */
  page: number;
}

export interface KeyMods {
  /** Ctrl or ⌘. */
  primary: boolean;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Where a navigation key moves the selection (spreadsheet keys: arrows, Home/End along the row,
 * Ctrl+Home/End to the corners, PageUp/PageDown); null when the key is not a navigation key.
 * ArrowUp from the first row reaches the header, where Enter sorts.
 */
export function moveSelection(pos: CellPos | null, key: string, mods: KeyMods, bounds: GridBounds): CellPos | null {
  if (bounds.cols === 0) return null;
  const lastRow = bounds.rows - 1;
  const lastCol = bounds.cols - 1;
  const page = Math.max(1, bounds.page);
  const from = pos ?? { row: bounds.rows > 0 ? 0 : -1, col: 0 };
  // The first key press only shows where the selection is.
  const start = pos === null ? 0 : 1;
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(from.row - start, -1, lastRow), col: from.col };
    case 'ArrowDown':
      return { row: clamp(from.row + start, -1, lastRow), col: from.col };
    case 'ArrowLeft':
      return { row: from.row, col: clamp(from.col - start, 0, lastCol) };
    case 'ArrowRight':
      return { row: from.row, col: clamp(from.col + start, 0, lastCol) };
    case 'PageUp':
      return { row: clamp(from.row - page, Math.min(0, lastRow), lastRow), col: from.col };
    case 'PageDown':
      return { row: clamp(from.row + page, -1, lastRow), col: from.col };
    case 'Home':
      return mods.primary ? { row: Math.min(0, lastRow), col: 0 } : { row: from.row, col: 0 };
    case 'End':
      return mods.primary ? { row: lastRow, col: lastCol } : { row: from.row, col: lastCol };
    default:
      return null;
  }
}

/**
 * The cell a click or context menu landed on, from the ARIA indices the grid renders anyway
 * (aria-rowindex 1 is the header); a row number in the gutter stands for its row (col -1).
 */
export function cellFromTarget(target: EventTarget | null): CellPos | null {
  if (!(target instanceof Element)) return null;
  const number = target.closest<HTMLElement>('[data-row-number]');
  if (number) return { row: Number(number.dataset.rowNumber), col: -1 };
  const cell = target.closest('[aria-colindex]');
  const row = cell?.closest('[aria-rowindex]');
  if (!cell || !row) return null;
  return { row: Number(row.getAttribute('aria-rowindex')) - 2, col: Number(cell.getAttribute('aria-colindex')) - 1 };
}

/** Whether the selection is among the rendered cells (aria-activedescendant must name an element that exists). */
export function isRendered(pos: CellPos | null, rows: { index: number }[], cols: { index: number }[]): pos is CellPos {
  if (!pos || cols.length === 0 || pos.col < cols[0].index || pos.col > cols[cols.length - 1].index) return false;
  return pos.row === -1 || (rows.length > 0 && pos.row >= rows[0].index && pos.row <= rows[rows.length - 1].index);
}

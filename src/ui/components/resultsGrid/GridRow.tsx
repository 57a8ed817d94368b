import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { ResultColumn } from '../../../../contracts/bi';
import { cellKind, HEADER_HEIGHT, mayOverflow, type Row } from './gridModel';
import { shownText } from './numberFormat';

export function cellId(idPrefix: string, row: number, col: number): string {
  return `${idPrefix}-${row}-${col}`;
}

interface CellProps {
  value: Row[string] | undefined;
  viewRow: number;
  col: number;
  width: number;
  numeric: boolean;
  /** The column's decimals for numbers (null: not a numeric column). */
  decimals: number | null;
  selected: boolean;
  idPrefix: string;
}

/**
 * One value as text (React escapes it; nothing from the data is ever HTML). NULL gets its own look.
 * A plain function, not a component: a grid renders hundreds of cells and each component is one more
 * fiber to create and diff. Text sits directly in the cell, no wrapper.
 */
function gridCell({ value, viewRow, col, width, numeric, decimals, selected, idPrefix }: CellProps) {
  const kind = cellKind(value);
  const text = kind === 'null' ? 'NULL' : shownText(value, decimals);
  let classes = 'rg-cell';
  if (numeric || kind === 'number') classes += ' rg-num';
  if (kind === 'boolean') classes += ' rg-bool';
  if (kind === 'json') classes += ' rg-json';
  if (selected) classes += ' rg-selected';
  // Only a cell whose text may not fit clips (and ends in an ellipsis: each clip is one more paint chunk),
  // and only it carries a tooltip with the whole text (a title costs an attribute).
  const clipped = mayOverflow(text, width);
  if (clipped) classes += ' rg-clip';
  return (
    <div
      key={col}
      role="gridcell"
      aria-colindex={col + 1}
      aria-selected={selected || undefined}
      id={selected ? cellId(idPrefix, viewRow, col) : undefined}
      className={classes}
      title={kind !== 'null' && clipped ? text : undefined}
    >
      {kind === 'null' ? <span className="rg-null">NULL</span> : text}
    </div>
  );
}

export interface GridRowProps {
  row: Row;
  /** Position in the displayed (sorted) order. */
  viewRow: number;
  /** Offset in the canvas (below the header). */
  top: number;
  width: number;
  columns: ResultColumn[];
  /** The rendered (virtual) columns; each has the column's start and width. */
  vcols: VirtualItem[];
  /** Their widths as grid tracks ("120px 80px …"), the same string for every row. */
  tracks: string;
  numeric: boolean[];
  decimals: (number | null)[];
  /** The selected column when the selection is in this row, else -1 (so other rows skip re-rendering). */
  selectedCol: number;
  idPrefix: string;
}

/**
 * A row of cells at its own fixed place (`top`, no transform): rows that stay in view while scrolling
 * are neither re-rendered (memo) nor repainted, only the rows that come into view are new. The row is
 * a CSS grid whose tracks are the column widths: one style for the row, none on each of its cells.
 */
export const GridRow = memo(function GridRow({ row, viewRow, top, width, columns, vcols, tracks, numeric, decimals, selectedCol, idPrefix }: GridRowProps) {
  // Rows start at the canvas's left edge, under the row-number gutter; columns start after it.
  const spacer = vcols.length > 0 ? vcols[0].start : 0;
  return (
    <div
      role="row"
      aria-rowindex={viewRow + 2}
      className={`rg-row${viewRow % 2 ? ' rg-odd' : ''}`}
      style={{ top, width, paddingLeft: spacer, gridTemplateColumns: tracks }}
    >
      {vcols.map((vc) =>
        gridCell({
          value: row[columns[vc.index].name],
          viewRow,
          col: vc.index,
          width: vc.size,
          numeric: numeric[vc.index],
          decimals: decimals[vc.index],
          selected: selectedCol === vc.index,
          idPrefix,
        }),
      )}
    </div>
  );
});

interface RowNumbersProps {
  rows: VirtualItem[];
  width: number;
  selectedRow: number;
}

/**
 * The sticky row-number gutter beside the rendered rows: one sticky element for all of them (a sticky
 * cell per row costs a compositing layer each). The rendered rows are consecutive, so their numbers
 * stack in normal flow in one block moved to the first: no positioned box (and paint layer) per number.
 * Decoration only: rows carry aria-rowindex.
 */
export const RowNumbers = memo(function RowNumbers({ rows, width, selectedRow }: RowNumbersProps) {
  const first = rows.length > 0 ? rows[0].start - HEADER_HEIGHT : 0;
  return (
    <div className="rg-gutter" style={{ width }} aria-hidden="true">
      <div style={{ transform: `translateY(${first}px)` }}>
        {rows.map((vr) => (
          <div key={vr.index} className={`rg-rownum${vr.index === selectedRow ? ' rg-rownum-selected' : ''}`} data-row-number={vr.index}>
            {vr.index + 1}
          </div>
        ))}
      </div>
    </div>
  );
});

import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { ResultColumn } from '../../../../contracts/bi';
import { cellKind, HEADER_HEIGHT, type Row } from './gridModel';
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

/** One value as text (React escapes it; nothing from the data is ever HTML). NULL gets its own look. */
function GridCell({ value, viewRow, col, width, numeric, decimals, selected, idPrefix }: CellProps) {
  const kind = cellKind(value);
  const text = kind === 'null' ? '' : shownText(value, decimals);
  const classes = ['rg-cell'];
  if (numeric || kind === 'number') classes.push('rg-num');
  if (kind === 'boolean') classes.push('rg-bool');
  if (kind === 'json') classes.push('rg-json');
  if (selected) classes.push('rg-selected');
  // A tooltip only where the text may be cut: most cells are short and a title costs an attribute each.
  const title = text.length * 7 > width - 20 ? text : undefined;
  return (
    <div
      role="gridcell"
      aria-colindex={col + 1}
      aria-selected={selected || undefined}
      id={selected ? cellId(idPrefix, viewRow, col) : undefined}
      className={classes.join(' ')}
      style={{ width }}
      title={title}
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
  numeric: boolean[];
  decimals: (number | null)[];
  /** The selected column when the selection is in this row, else -1 (so other rows skip re-rendering). */
  selectedCol: number;
  idPrefix: string;
}

/**
 * A row of cells at its own fixed place (`top`, no transform): rows that stay in view while scrolling
 * are neither re-rendered (memo) nor repainted, only the rows that come into view are new.
 */
export const GridRow = memo(function GridRow({ row, viewRow, top, width, columns, vcols, numeric, decimals, selectedCol, idPrefix }: GridRowProps) {
  // Rows start at the canvas's left edge, under the row-number gutter; columns start after it.
  const spacer = vcols.length > 0 ? vcols[0].start : 0;
  return (
    <div role="row" aria-rowindex={viewRow + 2} className={`rg-row${viewRow % 2 ? ' rg-odd' : ''}`} style={{ top, width }}>
      {spacer > 0 && <div className="rg-spacer" style={{ width: spacer }} />}
      {vcols.map((vc) => (
        <GridCell
          key={vc.index}
          value={row[columns[vc.index].name]}
          viewRow={viewRow}
          col={vc.index}
          width={vc.size}
          numeric={numeric[vc.index]}
          decimals={decimals[vc.index]}
          selected={selectedCol === vc.index}
          idPrefix={idPrefix}
        />
      ))}
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
 * cell per row costs a compositing layer each). Decoration only: rows carry aria-rowindex.
 */
export const RowNumbers = memo(function RowNumbers({ rows, width, selectedRow }: RowNumbersProps) {
  return (
    <div className="rg-gutter" style={{ width }} aria-hidden="true">
      {rows.map((vr) => (
        <div
          key={vr.index}
          className={`rg-rownum${vr.index === selectedRow ? ' rg-rownum-selected' : ''}`}
          style={{ top: vr.start - HEADER_HEIGHT }}
          data-row-number={vr.index}
        >
          {vr.index + 1}
        </div>
      ))}
    </div>
  );
});

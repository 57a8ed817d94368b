import { useCallback, useId, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { ResultColumn } from '../../../../contracts/bi';
import { CellMenu } from './CellMenu';
import { toTsvRow } from './csv';
import { copyText } from '../fileActions';
import { GridHeader } from './GridHeader';
import { cellText, HEADER_HEIGHT, isNumericType, ROW_HEIGHT, rowNumberWidth, type Row } from './gridModel';
import { cellId, GridRow, RowNumbers } from './GridRow';
import { isRendered, type CellPos } from './selection';
import type { SortState } from './sortRows';
import { fitWidthOf } from './textMeasure';
import { useGridMenu } from './useGridMenu';
import { useGridSelection, type CopyWhat } from './useGridSelection';
import { useVirtualRows, type ViewportSize } from '../useVirtualRows';

export interface GridViewProps {
  columns: ResultColumn[];
  rows: Row[];
  /** Displayed order (indices into rows), null for the original order. */
  order: number[] | null;
  widths: number[];
  onResize: (col: number, width: number) => void;
  sort: SortState | null;
  onSort: (col: number) => void;
  onCopyAll: () => void;
  /** Each column's decimals for numbers (null: not numeric), so a column's numbers line up. */
  decimals: (number | null)[];
  initialSize?: ViewportSize;
}

/**
 * In the browser the first render has no cells: the scroller is measured (before paint) and the
 * cells that fit are rendered once, instead of a guessed window first and the real one after.
 */
const UNMEASURED: ViewportSize = { width: 0, height: 0 };

/** Both axes windowed over one scroller; fixed sizes, so a position is index arithmetic. */
function useGridVirtualizers(scrollRef: RefObject<HTMLDivElement | null>, rowCount: number, widths: number[], offset: number, initialSize: ViewportSize) {
  // The key carries the width, so a resize makes the virtualizer recompute column offsets.
  const columnKey = useCallback((i: number) => `${i}:${widths[i]}`, [widths]);
  const rowV = useVirtualRows(scrollRef, { count: rowCount, size: ROW_HEIGHT, start: HEADER_HEIGHT, overscan: 3, initialSize });
  const colV = useVirtualRows(scrollRef, { horizontal: true, count: widths.length, size: (i) => widths[i], itemKey: columnKey, start: offset, overscan: 2, initialSize });
  return { rowV, colV };
}

/** A new result starts at its top-left corner. */
function useStartAtTop(scrollRef: RefObject<HTMLDivElement | null>, rows: Row[]) {
  useLayoutEffect(() => {
    scrollRef.current?.scrollTo(0, 0);
  }, [scrollRef, rows]);
}

/** Copies a cell, a row or a column name; called straight from the key or click handler (some browsers allow clipboard writes only during user activation). */
function useCopy(columns: ResultColumn[], rowAt: (viewRow: number) => Row) {
  return (pos: CellPos, what: CopyWhat) => {
    if (pos.row < 0) return void copyText(columns[pos.col].name, 'Column name');
    const row = rowAt(pos.row);
    if (what === 'row') return void copyText(toTsvRow(columns, row), 'Row (tab-separated)');
    return void copyText(cellText(row[columns[pos.col].name]), 'Cell');
  };
}

interface FitInputs {
  columns: ResultColumn[];
  rows: Row[];
  order: number[] | null;
  rowV: ReturnType<typeof useGridVirtualizers>['rowV'];
  onResize: (col: number, width: number) => void;
  decimals: (number | null)[];
}

/** A column's width fitted to its name and the values in view. Stable (the virtualizer instance is), so the memoised header does not re-render on every scroll frame. */
function useFit(scrollRef: RefObject<HTMLDivElement | null>, { columns, rows, order, rowV, onResize, decimals }: FitInputs) {
  return useCallback(
    (col: number) => {
      const name = columns[col].name;
      const values = rowV.getVirtualItems().map((vr) => rows[order ? order[vr.index] : vr.index][name]);
      onResize(col, fitWidthOf(scrollRef.current, name, values, decimals[col]));
    },
    [scrollRef, columns, rows, order, rowV, onResize, decimals],
  );
}

/** The virtualized grid: a sticky header, a sticky row-number gutter, and the rows in view at fixed places. */
export function GridView({ columns, rows, order, widths, onResize, sort, onSort, onCopyAll, decimals, initialSize = UNMEASURED }: GridViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const offset = rowNumberWidth(rows.length);
  const numeric = useMemo(() => columns.map((column) => isNumericType(column.type)), [columns]);
  const { rowV, colV } = useGridVirtualizers(scrollRef, rows.length, widths, offset, initialSize);
  const rowAt = (viewRow: number): Row => rows[order ? order[viewRow] : viewRow];

  const copy = useCopy(columns, rowAt);
  const { selected, select, onKeyDown, onClick } = useGridSelection({ scrollRef, rows, columnCount: columns.length, widths, offset, onSort, copy });
  const { menu, closeMenu, onContextMenu } = useGridMenu({ idPrefix, selected, select, copy, onCopyAll });
  const vrows = rowV.getVirtualItems();
  const vcols = colV.getVirtualItems();
  const totalWidth = colV.getTotalSize();
  const tracks = useMemo(() => vcols.map((vc) => `${vc.size}px`).join(' '), [vcols]);
  const rowProps = { columns, vcols, tracks, numeric, decimals, idPrefix };

  useStartAtTop(scrollRef, rows);
  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);
  const fit = useFit(scrollRef, { columns, rows, order, rowV, onResize, decimals });

  return (
    <>
      <div
        ref={scrollRef}
        className="rg-scroll"
        role="grid"
        aria-label="Query results"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        aria-activedescendant={isRendered(selected, vrows, vcols) ? cellId(idPrefix, selected.row, selected.col) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onContextMenu={onContextMenu}
        onScroll={menu ? closeMenu : undefined}
      >
        <div className="rg-canvas" style={{ width: totalWidth, height: rowV.getTotalSize() }}>
          <GridHeader
            columns={columns}
            vcols={vcols}
            widths={widths}
            rowNumberWidth={offset}
            totalWidth={totalWidth}
            sort={sort}
            selectedCol={selected?.row === -1 ? selected.col : -1}
            idPrefix={idPrefix}
            onResize={onResize}
            onFit={fit}
          />
          {rows.length === 0 && <p className="rg-no-rows">The query returned no rows</p>}
          <RowNumbers rows={vrows} width={offset} selectedRow={selected?.row ?? -1} />
          <div role="rowgroup">
            {vrows.map((vr) => (
              <GridRow key={vr.index} row={rowAt(vr.index)} viewRow={vr.index} top={vr.start} width={totalWidth} {...rowProps} selectedCol={selected?.row === vr.index ? selected.col : -1} />
            ))}
          </div>
        </div>
      </div>
      {menu && <CellMenu x={menu.x} y={menu.y} items={menu.items} onClose={closeMenu} onDone={focusGrid} />}
    </>
  );
}

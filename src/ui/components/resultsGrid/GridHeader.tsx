import type { VirtualItem } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useRef, type PointerEvent } from 'react';
import type { ResultColumn } from '../../../../contracts/bi';
import { METRICS } from './gridModel';
import { cellId } from './GridRow';
import type { SortState } from './sortRows';

interface Props {
  columns: ResultColumn[];
  vcols: VirtualItem[];
  widths: number[];
  rowNumberWidth: number;
  totalWidth: number;
  sort: SortState | null;
  /** The selected header column (keyboard focus on the header), else -1. */
  selectedCol: number;
  idPrefix: string;
  onResize: (col: number, width: number) => void;
  /** Double-click on a column's edge: fit it to its header and the rendered rows. */
  onFit: (col: number) => void;
}

interface Drag {
  col: number;
  pointerId: number;
  startX: number;
  startWidth: number;
}

/** Pointer-captured drag of a column's right edge; the handle keeps the pointer even off the header. */
function useResizeDrag(widths: number[], onResize: (col: number, width: number) => void) {
  const drag = useRef<Drag | null>(null);
  return {
    onPointerDown(col: number, event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault(); // no text selection while dragging
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { col, pointerId: event.pointerId, startX: event.clientX, startWidth: widths[col] };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      onResize(current.col, Math.max(METRICS.min, Math.round(current.startWidth + event.clientX - current.startX)));
    },
    onPointerEnd() {
      drag.current = null;
    },
  };
}

function sortLabel(sort: SortState | null, col: number): 'ascending' | 'descending' | undefined {
  if (!sort || sort.column !== col) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** The sticky header row: names (click to sort), a sort arrow, and a resize handle on each right edge. */
export const GridHeader = memo(function GridHeader({ columns, vcols, widths, rowNumberWidth, totalWidth, sort, selectedCol, idPrefix, onResize, onFit }: Props) {
  const drag = useResizeDrag(widths, onResize);
  const spacer = vcols.length > 0 ? vcols[0].start - rowNumberWidth : 0;
  return (
    <div role="row" aria-rowindex={1} className="rg-head-row" style={{ width: totalWidth }}>
      <div className="rg-corner" style={{ width: rowNumberWidth }} aria-hidden="true" />
      {spacer > 0 && <div className="rg-spacer" style={{ width: spacer }} />}
      {vcols.map((vc) => {
        const column = columns[vc.index];
        const direction = sortLabel(sort, vc.index);
        const selected = selectedCol === vc.index;
        return (
          <div
            key={vc.index}
            role="columnheader"
            aria-colindex={vc.index + 1}
            aria-sort={direction}
            aria-selected={selected || undefined}
            id={selected ? cellId(idPrefix, -1, vc.index) : undefined}
            className={`rg-head${direction ? ' rg-sorted' : ''}${selected ? ' rg-selected' : ''}`}
            style={{ width: vc.size }}
            title={`${column.name} · ${column.type}\nClick to sort`}
          >
            <span className="rg-head-name">{column.name}</span>
            {direction === 'ascending' && <ArrowUp size={13} aria-hidden="true" className="rg-sort-icon" />}
            {direction === 'descending' && <ArrowDown size={13} aria-hidden="true" className="rg-sort-icon" />}
            <span
              className="rg-resize"
              aria-hidden="true"
              onPointerDown={(event) => drag.onPointerDown(vc.index, event)}
              onPointerMove={drag.onPointerMove}
              onPointerUp={drag.onPointerEnd}
              onLostPointerCapture={drag.onPointerEnd}
              onDoubleClick={() => onFit(vc.index)}
            />
          </div>
        );
      })}
    </div>
  );
});

import type { RefObject } from 'react';
import { useVirtualRows, type ViewportSize } from '../../components/useVirtualRows';

/** Match dagGrid.css (--dg-row-h, --dg-head-h, --dg-col-w). */
export const ROW_HEIGHT = 24;
export const HEADER_HEIGHT = 84;
export const COLUMN_WIDTH = 20;
/** The task name column: narrower when the grid is (a 700 px window). */
const NAME_WIDTH = 260;
const NARROW_NAME_WIDTH = 180;
const NARROW_BELOW = 640;

/**
 * Both axes windowed over one scroller: only the rows and run columns in view (and a few more)
 * are rendered, so 100 runs × 50 tasks and 25 runs × 5,000 tasks both stay a few thousand cells
 * at most. Scrolling to a row or column keeps it clear of the sticky run headers and name column.
 */
export function useGridWindow(scrollRef: RefObject<HTMLDivElement | null>, rowCount: number, runCount: number, initialSize?: ViewportSize) {
  const rowV = useVirtualRows(scrollRef, { count: rowCount, size: ROW_HEIGHT, start: HEADER_HEIGHT, keepClear: true, overscan: 4, initialSize });
  const width = rowV.scrollRect?.width || initialSize?.width || 1000;
  const nameWidth = width < NARROW_BELOW ? NARROW_NAME_WIDTH : NAME_WIDTH;
  const colV = useVirtualRows(scrollRef, {
    horizontal: true,
    count: runCount,
    size: COLUMN_WIDTH,
    start: nameWidth,
    keepClear: true,
    overscan: 3,
    initialSize,
    // The grid opens scrolled to the newest runs (DagGrid scrolls there): render those columns the
    // first time, not the oldest ones and then, after the scroll, the newest. Read once, when the
    // virtualizer first measures the mounted scroller (DagGrid asks for no columns before).
    initialOffset: () => {
      const el = scrollRef.current;
      return el ? Math.max(0, el.scrollWidth - el.clientWidth) : 0;
    },
  });
  return { rowV, colV, nameWidth };
}

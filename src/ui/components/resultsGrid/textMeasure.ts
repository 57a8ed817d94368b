import type { Cell } from '../../../../contracts/bi';
import { fitColumnWidth, METRICS } from './gridModel';
import { shownText } from './numberFormat';

function fontOf(element: Element): string {
  const style = getComputedStyle(element);
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

function shown(value: Cell | undefined, decimals: number | null): string {
  return value === null || value === undefined ? 'NULL' : shownText(value, decimals);
}

/**
 * The auto-fit width of a column: its header name and `values` (the rendered rows' values) measured
 * in the fonts the grid really uses (a canvas, no layout); falls back to the character estimate.
 * Numbers are measured as the column shows them (`decimals`).
 */
export function fitWidthOf(scroller: HTMLElement | null, header: string, values: (Cell | undefined)[], decimals: number | null): number {
  const context = document.createElement('canvas').getContext('2d');
  const cell = scroller?.querySelector('.rg-cell');
  const head = scroller?.querySelector('.rg-head-name');
  if (!context || !cell || !head) {
    return fitColumnWidth(
      header.length * METRICS.headerCharWidth,
      values.map((value) => shown(value, decimals).length * METRICS.charWidth),
    );
  }
  context.font = fontOf(head);
  const headerPx = context.measureText(header).width;
  context.font = fontOf(cell);
  return fitColumnWidth(
    headerPx,
    values.map((value) => context.measureText(shown(value, decimals)).width),
  );
}

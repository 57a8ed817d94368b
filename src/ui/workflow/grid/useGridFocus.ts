import type { VirtualRows } from '../../components/useVirtualRows';
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import type { DagRun } from '../../../../contracts/workflow';
import { cellText, moveFocus, runText, type GridPos, type GridRowItem } from './dagGridModel';

export interface GridFocusOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  rows: readonly GridRowItem[];
  runs: readonly DagRun[];
  rowV: VirtualRows;
  colV: VirtualRows;
  toggle: (groupId: string) => void;
  onSelect: (selection: { runId?: string; taskId?: string }) => void;
  now: number;
}

/** The grid position of an event's target: its row's data-row, its cell's aria-colindex. */
function posOf(target: EventTarget): GridPos | null {
  const cell = (target as HTMLElement).closest<HTMLElement>('[aria-colindex]');
  const row = cell?.closest<HTMLElement>('[data-row]');
  if (!cell || !row) return null;
  return { row: Number(row.dataset.row), col: Number(cell.getAttribute('aria-colindex')) - 2 };
}

/**
 * The grid's roving focus and its event handlers (set once on the grid element): keys move the
 * focus and scroll it into the rendered window, Enter or Space selects, a click focuses and
 * selects, Left/Right on a group's name collapse/expand it; tooltips are written on first hover.
 */
export function useGridFocus({ scrollRef, rows, runs, rowV, colV, toggle, onSelect, now }: GridFocusOptions) {
  const [focusState, setFocus] = useState<GridPos>({ row: 0, col: runs.length - 1 });
  const focus: GridPos = { row: Math.min(focusState.row, rows.length - 1), col: Math.min(focusState.col, runs.length - 1) };
  const wantFocus = useRef(false);

  // After a key or click moved the focus, focus that element once it is rendered (a scroll may have to bring it in first).
  useLayoutEffect(() => {
    if (!wantFocus.current) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${focus.row}"] > [aria-colindex="${focus.col + 2}"]`);
    if (!el) return;
    wantFocus.current = false;
    el.focus({ preventScroll: true });
  });

  const selectAt = (pos: GridPos) => {
    const run = pos.col >= 0 ? runs[pos.col]?.runId : undefined;
    const task = pos.row >= 0 ? rows[pos.row]?.node.id : undefined;
    if (run || task) onSelect({ ...(run ? { runId: run } : {}), ...(task ? { taskId: task } : {}) });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const item = focus.row >= 0 ? rows[focus.row] : undefined;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      return selectAt(focus);
    }
    // On a group's name, Left collapses and Right expands, as in a tree.
    if (focus.col === -1 && item?.node.isGroup && ((event.key === 'ArrowLeft' && item.expanded) || (event.key === 'ArrowRight' && !item.expanded))) {
      event.preventDefault();
      return toggle(item.node.id);
    }
    const next = moveFocus(focus, event.key, event.ctrlKey || event.metaKey, rows.length, runs.length);
    if (!next) return;
    event.preventDefault();
    if (next.row >= 0) rowV.scrollToIndex(next.row, { align: 'auto' });
    if (next.col >= 0) colV.scrollToIndex(next.col, { align: 'auto' });
    wantFocus.current = true;
    setFocus(next);
  };

  const onClick = (event: MouseEvent) => {
    const pos = posOf(event.target);
    if (!pos) return;
    wantFocus.current = true;
    setFocus(pos);
    selectAt(pos);
  };

  // Focus that arrives otherwise (Tab back into the grid, a screen reader) moves the roving position too.
  const onFocus = (event: FocusEvent) => {
    const pos = posOf(event.target);
    if (pos && (pos.row !== focus.row || pos.col !== focus.col)) setFocus(pos);
  };

  // The tooltip (task, run, state, try, duration) is written when the pointer first comes over a cell or run.
  const onPointerOver = (event: PointerEvent) => {
    const pos = posOf(event.target);
    const el = (event.target as HTMLElement).closest<HTMLElement>('[aria-colindex]');
    if (!pos || !el || el.title || pos.col < 0) return;
    const run = runs[pos.col];
    const item = rows[pos.row];
    if (run) el.title = item ? cellText(item.node, run, item.node.instances[run.runId], now) : runText(run, now);
  };

  return { focus, handlers: { onKeyDown, onClick, onFocus, onPointerOver } };
}

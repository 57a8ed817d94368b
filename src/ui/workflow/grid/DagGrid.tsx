import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GridData } from '../../../../contracts/workflow';
import { barHeights, cellText, flattenGrid, moveFocus, runText, type GridPos } from './dagGridModel';
import { DagGridHeader } from './DagGridHeader';
import { DagGridRow } from './DagGridRow';
import { GridLegend } from './GridLegend';
import { COLUMN_WIDTH, useGridWindow } from './useGridWindow';
import './dagGrid.css';

export interface DagGridSelection {
  runId?: string;
  taskId?: string;
}

export interface DagGridProps {
  data: GridData;
  selected: DagGridSelection;
  /** A cell gives run and task, a run header the run, a task name the task. */
  onSelect: (selection: DagGridSelection) => void;
  /** Collapsed group ids; with onToggleGroup the page keeps them (e.g. in the URL), else the grid does. */
  collapsed?: ReadonlySet<string>;
  onToggleGroup?: (groupId: string) => void;
  /** "Now" for the durations of running tasks and runs (ms since the epoch); the page passes its clock. */
  now: number;
  /** The grid's accessible name. */
  label?: string;
  /** Size before the first measurement (tests). */
  initialSize?: { width: number; height: number };
}

/** The tallest run bar, px (the header is HEADER_HEIGHT tall). */
const BAR_MAX = 64;
const NO_GROUPS: ReadonlySet<string> = new Set();

/** The grid position of an event's target: its row's data-row, its cell's aria-colindex. */
function posOf(target: EventTarget): GridPos | null {
  const cell = (target as HTMLElement).closest<HTMLElement>('[aria-colindex]');
  const row = cell?.closest<HTMLElement>('[data-row]');
  if (!cell || !row) return null;
  return { row: Number(row.dataset.row), col: Number(cell.getAttribute('aria-colindex')) - 2 };
}

function useCollapsed(collapsed: ReadonlySet<string> | undefined, onToggleGroup: ((id: string) => void) | undefined) {
  const [own, setOwn] = useState<ReadonlySet<string>>(NO_GROUPS);
  const toggle = useCallback(
    (id: string) => {
      if (onToggleGroup) return onToggleGroup(id);
      setOwn((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    [onToggleGroup],
  );
  return { collapsedIds: collapsed ?? own, toggle };
}

/**
 * Airflow's grid view: task tree down the left, one column per run (oldest left), a square per task
 * instance coloured by state, run bars on top. Rows and runs are virtualized (5,000 tasks stay smooth); keys
 * move a roving focus (arrows, Home/End, Ctrl+Home/End, PageUp/PageDown), Enter or Space selects,
 * Left/Right on a group's name collapse/expand it.
 */
export function DagGrid({ data, selected, onSelect, collapsed, onToggleGroup, now, label = 'Task instances by run', initialSize }: DagGridProps) {
  const { collapsedIds, toggle } = useCollapsed(collapsed, onToggleGroup);
  const rows = useMemo(() => flattenGrid(data.nodes, collapsedIds), [data.nodes, collapsedIds]);
  const heights = useMemo(() => barHeights(data.runs, BAR_MAX, now), [data.runs, now]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);
  const runCount = data.runs.length;
  const [focusState, setFocus] = useState<GridPos>({ row: 0, col: runCount - 1 });
  const focus: GridPos = { row: Math.min(focusState.row, rows.length - 1), col: Math.min(focusState.col, runCount - 1) };
  const { rowV, colV, nameWidth } = useGridWindow(scrollRef, rows.length, runCount, initialSize);
  // Columns scrolled under the sticky name column are not drawn (the virtualizer counts them in view).
  const under = (colV.scrollOffset ?? 0) + nameWidth - COLUMN_WIDTH;
  const measured = (rowV.scrollRect?.width ?? 0) > 0;
  const vcols = measured ? colV.getVirtualItems().filter((c) => c.end > under || c.index === focus.col) : [];
  const firstCol = vcols.length ? vcols[0].index : 0;
  const lastCol = vcols.length ? vcols[vcols.length - 1].index : -1;

  // The newest runs are on the right: start there, as Airflow does.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [runCount]);

  // After a key moved the focus, focus that element once it is rendered (a scroll may have to bring it in first).
  useLayoutEffect(() => {
    if (!wantFocus.current) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${focus.row}"] > [aria-colindex="${focus.col + 2}"]`);
    if (!el) return;
    wantFocus.current = false;
    el.focus({ preventScroll: true });
  });

  const selectAt = (pos: GridPos) => {
    const run = pos.col >= 0 ? data.runs[pos.col]?.runId : undefined;
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
    const next = moveFocus(focus, event.key, event.ctrlKey || event.metaKey, rows.length, runCount);
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
  const onFocus = (event: React.FocusEvent) => {
    const pos = posOf(event.target);
    if (pos && (pos.row !== focus.row || pos.col !== focus.col)) setFocus(pos);
  };

  // The tooltip (task, run, state, try, duration) is written when the pointer first comes over a cell or run.
  const onPointerOver = (event: React.PointerEvent) => {
    const pos = posOf(event.target);
    const el = (event.target as HTMLElement).closest<HTMLElement>('[aria-colindex]');
    if (!pos || !el || el.title || pos.col < 0) return;
    const run = data.runs[pos.col];
    const item = rows[pos.row];
    if (run) el.title = item ? cellText(item.node, run, item.node.instances[run.runId], now) : runText(run, now);
  };

  const selectedRow = selected.taskId;
  const selectedCol = selected.runId === undefined ? -1 : data.runs.findIndex((run) => run.runId === selected.runId);
  const windowProps = { firstCol, lastCol, spacer: (vcols[0]?.start ?? nameWidth) - nameWidth };
  return (
    <div className="dg" style={{ '--dg-name-w': `${nameWidth}px` } as React.CSSProperties}>
      <div
        ref={scrollRef}
        className="dg-scroll"
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={runCount + 1}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
        onPointerOver={onPointerOver}
      >
        <div className="dg-canvas" style={{ height: rowV.getTotalSize(), width: colV.getTotalSize() }}>
          <DagGridHeader {...windowProps} runs={data.runs} heights={heights} focusCol={focus.row === -1 ? focus.col : -2} selectedRunId={selected.runId} now={now} label="Task" />
          {rowV.getVirtualItems().map((v) => {
            const item = rows[v.index];
            return (
              <DagGridRow
                {...windowProps}
                key={item.node.id}
                item={item}
                row={v.index}
                top={v.start}
                runs={data.runs}
                focusCol={focus.row === v.index ? focus.col : -2}
                selectedRunId={selected.runId}
                taskSelected={item.node.id === selectedRow}
                onToggle={toggle}
              />
            );
          })}
          {selectedCol >= 0 && (
            <div className="dg-col-band" style={{ left: nameWidth + selectedCol * COLUMN_WIDTH, height: rowV.getTotalSize() }} aria-hidden="true" />
          )}
          {rows.length === 0 && <p className="dg-empty">This DAG has no tasks</p>}
        </div>
      </div>
      <GridLegend />
    </div>
  );
}

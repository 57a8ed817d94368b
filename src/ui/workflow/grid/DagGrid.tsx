import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GridData } from '../../../../contracts/workflow';
import { barHeights, flattenGrid, moveFocus, type GridPos } from './dagGridModel';
import { DagGridHeader } from './DagGridHeader';
import { DagGridRow } from './DagGridRow';
import { GridLegend } from './GridLegend';
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

/** Match dagGrid.css (--dg-row-h, --dg-head-h, --dg-bar-max). */
const ROW_HEIGHT = 24;
const HEADER_HEIGHT = 84;
const BAR_MAX = 64;
const NO_GROUPS: ReadonlySet<string> = new Set();

/**
 * Scrolls sideways so a cell is clear of the sticky name column. Done by hand: scrollIntoView on
 * a sticky name or header would scroll to where that element sits in the flow, the far left.
 */
function revealColumn(scroller: HTMLElement, cell: HTMLElement) {
  const nameWidth = scroller.querySelector<HTMLElement>('.dg-corner')?.offsetWidth ?? 0;
  const left = cell.offsetLeft;
  if (left - nameWidth < scroller.scrollLeft) scroller.scrollLeft = left - nameWidth;
  else if (left + cell.offsetWidth > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = left + cell.offsetWidth - scroller.clientWidth;
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
 * instance coloured by state, run bars on top. Rows are virtualized (5,000 tasks stay smooth); keys
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
  // The app does not run React Compiler; useVirtualizer re-renders this component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    // Rows scrolled to stay clear of the sticky run headers.
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 6,
    initialRect: initialSize,
  });

  // The newest runs are on the right: start there, as Airflow does.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [runCount]);

  // After a key moved the focus (and the row was scrolled into the rendered window), focus that element.
  useLayoutEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    const scroller = scrollRef.current;
    const el = scroller?.querySelector<HTMLElement>(`[data-row="${focus.row}"][data-col="${focus.col}"]`);
    el?.focus({ preventScroll: true });
    if (scroller && el && focus.col >= 0) revealColumn(scroller, el);
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
    if (next.row >= 0) virtualizer.scrollToIndex(next.row, { align: 'auto' });
    wantFocus.current = true;
    setFocus(next);
  };

  const onClick = (event: MouseEvent) => {
    const el = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!el) return;
    const pos = { row: Number(el.dataset.row), col: Number(el.dataset.col) };
    setFocus(pos);
    selectAt(pos);
  };

  // Focus that arrives otherwise (a click, Tab back into the grid, a screen reader) moves the roving position too.
  const onFocus = (event: React.FocusEvent) => {
    const el = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!el) return;
    const row = Number(el.dataset.row);
    const col = Number(el.dataset.col);
    if (row !== focus.row || col !== focus.col) setFocus({ row, col });
  };

  const selectedRow = selected.taskId;
  const width = `calc(var(--dg-name-w) + ${runCount * 20}px)`;
  return (
    <div className="dg">
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
      >
        <div className="dg-canvas" style={{ height: virtualizer.getTotalSize(), width }}>
          <DagGridHeader runs={data.runs} heights={heights} focusCol={focus.row === -1 ? focus.col : -2} selectedRunId={selected.runId} now={now} label="Task" />
          {virtualizer.getVirtualItems().map((v) => {
            const item = rows[v.index];
            return (
              <DagGridRow
                key={item.node.id}
                item={item}
                row={v.index}
                top={v.start}
                runs={data.runs}
                focusCol={focus.row === v.index ? focus.col : -2}
                selectedRunId={selected.runId}
                taskSelected={item.node.id === selectedRow}
                now={now}
                onToggle={toggle}
              />
            );
          })}
          {rows.length === 0 && <p className="dg-empty">This DAG has no tasks</p>}
        </div>
      </div>
      <GridLegend />
    </div>
  );
}

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { GridData } from '../../../../contracts/workflow';
import { barHeights, flattenGrid } from './dagGridModel';
import { DagGridHeader } from './DagGridHeader';
import { DagGridRow } from './DagGridRow';
import { GridLegend } from './GridLegend';
import { useGridFocus } from './useGridFocus';
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
  const runCount = data.runs.length;
  const { rowV, colV, nameWidth } = useGridWindow(scrollRef, rows.length, runCount, initialSize);
  const { focus, handlers } = useGridFocus({ scrollRef, rows, runs: data.runs, rowV, colV, toggle, onSelect, now });
  // Columns scrolled under the sticky name column are not drawn (the virtualizer counts them in view).
  const under = (colV.scrollOffset ?? 0) + nameWidth - COLUMN_WIDTH;
  const measured = (rowV.scrollRect?.width ?? 0) > 0;
  const vcols = measured ? colV.getVirtualItems().filter((c) => c.end > under || c.index === focus.col) : [];
  const firstCol = vcols.length ? vcols[0].index : 0;
  const lastCol = vcols.length ? vcols[vcols.length - 1].index : -1;

  const selectedRow = selected.taskId;
  const selectedCol = selected.runId === undefined ? -1 : data.runs.findIndex((run) => run.runId === selected.runId);
  useRunScroll(scrollRef, colV, runCount, selectedCol, rowV.scrollRect?.width ?? 0);
  const windowProps = { firstCol, lastCol, spacer: (vcols[0]?.start ?? nameWidth) - nameWidth };
  return (
    <div className="dg" style={{ '--dg-name-w': `${nameWidth}px` } as React.CSSProperties}>
      <div
        ref={scrollRef}
        className="dg-scroll"
        role="treegrid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={runCount + 1}
        {...handlers}
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

/** The newest runs are on the right: the grid starts there, as Airflow does; the selected run stays in view, also when the grid narrows (a log opened beside it). */
function useRunScroll(scrollRef: RefObject<HTMLDivElement | null>, colV: { scrollToIndex: (index: number, options: { align: 'auto' }) => void }, runCount: number, selectedCol: number, scrollerWidth: number) {
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [scrollRef, runCount]);
  useEffect(() => {
    if (selectedCol >= 0 && scrollerWidth > 0) colV.scrollToIndex(selectedCol, { align: 'auto' });
  }, [colV, selectedCol, scrollerWidth]);
}

import { ChevronRight } from 'lucide-react';
import { memo } from 'react';
import type { DagRun } from '../../../../contracts/workflow';
import { cellLabel, stateKey, taskLabel, type GridRowItem } from './dagGridModel';

/** The run columns rendered (the rest are windowed out) and the width of those before them. */
export interface ColumnWindow {
  firstCol: number;
  lastCol: number;
  spacer: number;
}

export interface DagGridRowProps extends ColumnWindow {
  item: GridRowItem;
  /** 0-based row among the shown rows. */
  row: number;
  top: number;
  runs: readonly DagRun[];
  /** Focus position's column in this row (-1: the name; -2: not in this row). */
  focusCol: number;
  selectedRunId: string | undefined;
  taskSelected: boolean;
  onToggle: (id: string) => void;
}

/**
 * One task or group: its name (indented, a chevron for groups) and one square per run. Clicks and
 * keys are handled once, on the grid (the row's data-row and the cell's aria-colindex say where);
 * only the focused element has a tabindex (roving tabindex; the grid focuses by key or click).
 * Tooltips are made on hover (DagGrid), not for every cell: thousands of cells paint faster without.
 */
export const DagGridRow = memo(function DagGridRow({ item, row, top, runs, focusCol, selectedRunId, taskSelected, onToggle, firstCol, lastCol, spacer }: DagGridRowProps) {
  const { node, depth, expanded } = item;
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      aria-selected={taskSelected}
      aria-level={depth + 1}
      aria-expanded={node.isGroup ? expanded : undefined}
      data-row={row} className={`dg-row${taskSelected ? ' dg-row-selected' : ''}`} style={{ transform: `translateY(${top}px)` }}>
      <div
        role="rowheader"
        aria-colindex={1}
        className={`dg-name${node.isGroup ? ' dg-group' : ''}`}
        tabIndex={focusCol === -1 ? 0 : undefined}
        title={node.operator ? `${node.id} (${node.operator})` : node.id}
        style={{ paddingLeft: 8 + depth * 14 }}
      >
        {node.isGroup ? (
          <button
            type="button"
            className={`dg-chevron${expanded ? ' dg-open' : ''}`}
            tabIndex={-1}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} group ${node.label}`}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(node.id);
            }}
          >
            <ChevronRight size={14} aria-hidden="true" />
          </button>
        ) : (
          <span className="dg-chevron-space" />
        )}
        <span className="dg-label">{taskLabel(node)}</span>
      </div>
      {spacer > 0 && <div className="dg-spacer" style={{ width: spacer }} />}
      {runs.slice(firstCol, lastCol + 1).map((run, i) => {
        const col = firstCol + i;
        const cell = node.instances[run.runId];
        const selected = taskSelected && run.runId === selectedRunId;
        return (
          <div
            key={run.runId}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-label={cellLabel(node, run, cell)}
            tabIndex={focusCol === col ? 0 : undefined}
            className={`dg-cell dg-s-${stateKey(cell?.state)}${selected ? ' dg-selected' : ''}${node.isGroup ? ' dg-cell-group' : ''}`}
          />
        );
      })}
    </div>
  );
});

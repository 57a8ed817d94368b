import { ChevronRight } from 'lucide-react';
import { memo } from 'react';
import type { DagRun } from '../../../../contracts/workflow';
import { cellText, stateKey, stateLabel, taskLabel, type GridRowItem } from './dagGridModel';

export interface DagGridRowProps {
  item: GridRowItem;
  /** 0-based row among the shown rows. */
  row: number;
  top: number;
  runs: readonly DagRun[];
  /** Focus position's column in this row (-1: the name; -2: not in this row). */
  focusCol: number;
  selectedRunId: string | undefined;
  taskSelected: boolean;
  now: number;
  onToggle: (id: string) => void;
}

/**
 * One task or group: its name (indented, a chevron for groups) and one square per run. Clicks and
 * keys are handled once, on the grid (data-row / data-col say where); only the focused element
 * is in the tab order (roving tabindex).
 */
export const DagGridRow = memo(function DagGridRow({ item, row, top, runs, focusCol, selectedRunId, taskSelected, now, onToggle }: DagGridRowProps) {
  const { node, depth, expanded } = item;
  return (
    <div role="row" aria-rowindex={row + 2} aria-selected={taskSelected} className={`dg-row${taskSelected ? ' dg-row-selected' : ''}`} style={{ transform: `translateY(${top}px)` }}>
      <div
        role="rowheader"
        aria-colindex={1}
        className={`dg-name${node.isGroup ? ' dg-group' : ''}`}
        data-row={row}
        data-col={-1}
        tabIndex={focusCol === -1 ? 0 : -1}
        aria-expanded={node.isGroup ? expanded : undefined}
        aria-level={depth + 1}
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
      {runs.map((run, col) => {
        const cell = node.instances[run.runId];
        const text = cellText(node, run, cell, now);
        const selected = taskSelected && run.runId === selectedRunId;
        return (
          <div
            key={run.runId}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-label={text.replace(/\n/g, ', ')}
            title={text}
            data-row={row}
            data-col={col}
            tabIndex={focusCol === col ? 0 : -1}
            className={`dg-cell dg-s-${stateKey(cell?.state)}${run.runId === selectedRunId ? ' dg-col-selected' : ''}${selected ? ' dg-selected' : ''}${node.isGroup ? ' dg-cell-group' : ''}`}
            data-state={stateLabel(cell?.state)}
          />
        );
      })}
    </div>
  );
});

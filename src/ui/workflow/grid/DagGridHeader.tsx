import { memo } from 'react';
import type { DagRun } from '../../../../contracts/workflow';
import { runText } from './dagGridModel';
import type { ColumnWindow } from './DagGridRow';

export interface DagGridHeaderProps extends ColumnWindow {
  runs: readonly DagRun[];
  heights: readonly number[];
  focusCol: number;
  selectedRunId: string | undefined;
  now: number;
  label: string;
}

/** The run headers: a bar per run, coloured by its state, as tall as its duration is long (relative to the longest). */
export const DagGridHeader = memo(function DagGridHeader({ runs, heights, focusCol, selectedRunId, now, label, firstCol, lastCol, spacer }: DagGridHeaderProps) {
  return (
    <div role="row" aria-rowindex={1} className="dg-head" data-row={-1}>
      <div role="columnheader" aria-colindex={1} className="dg-corner" tabIndex={focusCol === -1 ? 0 : undefined}>
        <span className="dg-corner-label">{label}</span>
        <span className="dg-corner-count">{runs.length === 1 ? '1 run' : `${runs.length} runs`}</span>
      </div>
      {spacer > 0 && <div className="dg-spacer" style={{ width: spacer }} />}
      {runs.slice(firstCol, lastCol + 1).map((run, i) => {
        const col = firstCol + i;
        const text = runText(run, now);
        const selected = run.runId === selectedRunId;
        return (
          <div
            key={run.runId}
            role="columnheader"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-label={text.replace(/\n/g, ', ')}
            tabIndex={focusCol === col ? 0 : undefined}
            className={`dg-run${selected ? ' dg-run-selected' : ''}`}
          >
            <span className={`dg-bar dg-run-${run.state}`} style={{ height: heights[col] }} />
          </div>
        );
      })}
    </div>
  );
});

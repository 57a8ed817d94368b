import { memo } from 'react';
import type { DagRun } from '../../../../contracts/workflow';
import { runText } from './dagGridModel';

export interface DagGridHeaderProps {
  runs: readonly DagRun[];
  heights: readonly number[];
  focusCol: number;
  selectedRunId: string | undefined;
  now: number;
  label: string;
}

/** The run headers: a bar per run, coloured by its state, as tall as its duration is long (relative to the longest). */
export const DagGridHeader = memo(function DagGridHeader({ runs, heights, focusCol, selectedRunId, now, label }: DagGridHeaderProps) {
  return (
    <div role="row" aria-rowindex={1} className="dg-head">
      <div role="columnheader" aria-colindex={1} className="dg-corner" data-row={-1} data-col={-1} tabIndex={focusCol === -1 ? 0 : -1}>
        <span className="dg-corner-label">{label}</span>
        <span className="dg-corner-count">{runs.length === 1 ? '1 run' : `${runs.length} runs`}</span>
      </div>
      {runs.map((run, col) => {
        const text = runText(run, now);
        const selected = run.runId === selectedRunId;
        return (
          <div
            key={run.runId}
            role="columnheader"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-label={text.replace(/\n/g, ', ')}
            title={text}
            data-row={-1}
            data-col={col}
            tabIndex={focusCol === col ? 0 : -1}
            className={`dg-run${selected ? ' dg-run-selected' : ''}`}
          >
            <span className={`dg-bar dg-run-${run.state}`} style={{ height: heights[col] }} />
          </div>
        );
      })}
    </div>
  );
});

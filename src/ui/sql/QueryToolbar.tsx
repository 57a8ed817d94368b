import { AlignLeft, Calculator, Play, Save, Square, TextSelect } from 'lucide-react';
import type { SqlTabEstimate } from '../../model/events';

export const QUERY_LIMITS = [10, 100, 1000, 10_000, 100_000] as const;

export interface QueryToolbarProps {
  canRun: boolean;
  canCancel: boolean;
  canEstimate: boolean;
  /** Why Estimate is off for the tab's database (Superset's allows_cost_estimate false); null when it is offered. */
  estimateRefusal?: string | null;
  canFormat: boolean;
  loading: boolean;
  elapsedMs: number;
  limit: number;
  estimate: SqlTabEstimate | null;
  onRun: () => void;
  onRunSelection: () => void;
  onCancel: () => void;
  onEstimate: () => void;
  onFormat: () => void;
  onSave: () => void;
  onLimit: (limit: number) => void;
}

/** Run, run selection, stop, estimate, format, save, row limit; buttons enable from the machine (snapshot.can). */
export function QueryToolbar(props: QueryToolbarProps) {
  const { canRun, canCancel, canEstimate, canFormat, loading, elapsedMs, limit, estimate } = props;
  return (
    <div className="sql-toolbar" role="toolbar" aria-label="Query actions">
      {canCancel ? (
        <button type="button" className="button small danger" onClick={props.onCancel}>
          <Square size={14} aria-hidden="true" /> Stop
        </button>
      ) : (
        <button type="button" className="button small primary" disabled={!canRun} onClick={props.onRun} title="Run (Ctrl+Enter)">
          <Play size={14} aria-hidden="true" /> Run
        </button>
      )}
      <button type="button" className="button small" disabled={!canRun} onClick={props.onRunSelection} title="Run selection (Ctrl+Shift+Enter)">
        <TextSelect size={14} aria-hidden="true" /> Run selection
      </button>
      <button
        type="button"
        className="button small"
        disabled={!canEstimate || Boolean(props.estimateRefusal)}
        onClick={props.onEstimate}
        title={props.estimateRefusal ?? 'Estimate the cost'}
      >
        <Calculator size={14} aria-hidden="true" /> Estimate
      </button>
      <button type="button" className="button small" disabled={!canFormat} onClick={props.onFormat} title="Format (Ctrl+Shift+F)">
        <AlignLeft size={14} aria-hidden="true" /> Format
      </button>
      <button type="button" className="button small" onClick={props.onSave} title="Save the query">
        <Save size={14} aria-hidden="true" /> Save
      </button>
      <label className="sql-limit">
        Limit
        <select value={limit} onChange={(e) => props.onLimit(Number(e.target.value))} aria-label="Row limit">
          {QUERY_LIMITS.map((n) => (
            <option key={n} value={n}>
              {n.toLocaleString('en-US')}
            </option>
          ))}
        </select>
      </label>
      <span className="toolbar-spacer" />
      {estimate && !loading && <EstimateNote estimate={estimate} />}
      {loading && (
        <span className="sql-elapsed" role="status" aria-live="polite">
          Running… {formatElapsed(elapsedMs)}
        </span>
      )}
    </div>
  );
}

function EstimateNote({ estimate }: { estimate: SqlTabEstimate }) {
  if (estimate.figures)
    return (
      <span className="sql-estimate" data-testid="sql-estimate">
        Estimate: {estimate.figures.map(({ name, value }) => `${name} ${value}`).join(' · ')}
      </span>
    );
  return (
    <span className="sql-estimate" data-testid="sql-estimate">
      Estimate: {Math.round(estimate.totalRows).toLocaleString('en-US')} rows · cost {Math.round(estimate.cpuCost).toLocaleString('en-US')} ·{' '}
      {formatBytes(estimate.outputSize)}
    </span>
  );
}

export function formatElapsed(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} m ${Math.floor((ms % 60_000) / 1000)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

import { useState } from 'react';
import type { SqlLab } from '../../commands/sql/lab';
import type { SqlTabRow } from '../../model/rows';
import { HistoryPanel } from './HistoryPanel';
import { formatElapsed } from './QueryToolbar';
import { ResultsGrid } from '../components/resultsGrid/ResultsGrid';
import { useTabResults } from './useSqlLab';

export interface ResultsPanelProps {
  lab: SqlLab;
  tab: SqlTabRow;
  error: string | null;
  /** The last run was stopped (its results are cleared). */
  stopped: boolean;
  loading: boolean;
  elapsedMs: number;
  onOpen: (sql: string, tabName: string | null) => void;
}

/** Below the editor: the tab's last results (kept in IndexedDB) or its error, and the query history. */
export function ResultsPanel({ lab, tab, error, stopped, loading, elapsedMs, onOpen }: ResultsPanelProps) {
  const [view, setView] = useState<'results' | 'history'>('results');
  const results = useTabResults(tab.id);
  return (
    <section className="sql-results" aria-label="Results and history">
      <div className="sql-results-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={view === 'results'} className={view === 'results' ? 'active' : ''} onClick={() => setView('results')}>
          Results
        </button>
        <button type="button" role="tab" aria-selected={view === 'history'} className={view === 'history' ? 'active' : ''} onClick={() => setView('history')}>
          Query history
        </button>
      </div>
      <div className="sql-results-body">
        {view === 'history' ? (
          <HistoryPanel lab={lab} refreshKey={`${loading}`} onOpen={onOpen} />
        ) : loading ? (
          <p className="muted sql-results-note" role="status">
            Running for {formatElapsed(elapsedMs)}…
          </p>
        ) : error ? (
          <pre className="form-error sql-error" role="alert">
            {error}
          </pre>
        ) : stopped ? (
          <p className="muted sql-results-note" role="status">
            Query was stopped: it has no results. Run it again to see them.
          </p>
        ) : results ? (
          <>
            {results.kept === false && (
              <p className="muted sql-results-note" role="note" data-testid="results-not-kept">
                Too large to keep offline: these results will not survive a reload.
              </p>
            )}
            {results.response.truncated && (
              <p className="sql-results-truncated" role="status">
                {results.response.truncated_reason ?? 'Result truncated'}: only the rows that fit are shown.
              </p>
            )}
            <ResultsGrid
              columns={results.response.columns}
              rows={results.response.data}
              elapsedMs={results.response.query.endDttm - results.response.query.startDttm}
              limited={results.response.query.limitingFactor === 'QUERY' || results.response.query.limitingFactor === 'DROPDOWN'}
              fileName={tab.name}
            />
          </>
        ) : (
          <p className="muted sql-results-note">Run a query to see its results here (Ctrl+Enter).</p>
        )}
      </div>
    </section>
  );
}

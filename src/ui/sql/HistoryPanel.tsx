import { formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';
import type { ListResponse } from '../../../contracts/bi';
import type { QueryHistoryItem } from '../../../contracts/biSqlLab';
import { HISTORY_PAGE_SIZE, type SqlLab } from '../../commands/sql/lab';
import { Pager } from '../components/Pager';
import { useLive } from '../hooks/live';
import { counted } from '../plural';

export interface HistoryPanelProps {
  lab: SqlLab;
  /** Changes when a run ends, so the first page is fetched again. */
  refreshKey: unknown;
  onOpen: (sql: string, tabName: string | null) => void;
}

/** The server's query history, 25 a page, plus the runs made while the server could not be reached. */
export function HistoryPanel({ lab, refreshKey, onOpen }: HistoryPanelProps) {
  const [page, setPage] = useState(0);
  const [state, setState] = useState<{ data: ListResponse<QueryHistoryItem> | null; error: string | null }>({ data: null, error: null });
  const offline = useLive((reads) => reads.localHistory(50), []) ?? [];

  useEffect(() => {
    const controller = new AbortController();
    lab.history(page, controller.signal).then(
      (data) => setState({ data, error: null }),
      (error: unknown) => !controller.signal.aborted && setState((s) => ({ data: s.data, error: error instanceof Error ? error.message : 'Could not load the history.' })),
    );
    return () => controller.abort();
  }, [lab, page, refreshKey]);

  return (
    <div className="sql-history">
      {state.error && <p className="form-error">History could not be loaded: {state.error}</p>}
      {offline.length > 0 && (
        <section aria-label="Run while offline">
          <h3 className="sql-history-heading">Run while offline</h3>
          <ul className="sql-history-list">
            {offline.map((entry) => (
              <HistoryRow key={entry.id} sql={entry.sql} status={entry.status} when={entry.startedAt} detail={entry.tabName} onOpen={() => onOpen(entry.sql, entry.tabName)} />
            ))}
          </ul>
        </section>
      )}
      <ul className="sql-history-list" aria-label="Query history">
        {state.data?.result.map((item) => (
          <HistoryRow
            key={item.id}
            sql={item.sql}
            status={item.status}
            when={item.start_time}
            detail={`${item.database.database_name}${item.schema ? `.${item.schema}` : ''} · ${counted(item.rows ?? 0, 'row')}${item.tab_name ? ` · ${item.tab_name}` : ''}`}
            onOpen={() => onOpen(item.sql, item.tab_name)}
          />
        ))}
        {state.data?.count === 0 && <li className="muted">No queries run yet.</li>}
      </ul>
      <Pager label="History pages" page={page} pageSize={HISTORY_PAGE_SIZE} count={state.data?.count ?? 0} noun="queries" onPage={setPage} />
    </div>
  );
}

function HistoryRow({ sql, status, when, detail, onOpen }: { sql: string; status: string; when: number; detail: string; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="sql-history-entry" onClick={onOpen} title="Open in a new tab">
        <span className={`status-pill status-${status}`}>{status}</span>
        <code className="sql-history-sql">{sql}</code>
        <span className="muted small">
          {detail} · {formatDistanceToNow(when, { addSuffix: true })}
        </span>
      </button>
    </li>
  );
}

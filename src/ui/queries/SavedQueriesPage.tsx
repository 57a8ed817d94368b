import { formatDistanceToNow } from 'date-fns';
import { Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ulid } from 'ulid';
import type { ListResponse, SavedQuery } from '../../../contracts/bi';
import type { SqlLab } from '../../sync/sqlLab';
import { Loading } from '../components/Loading';
import { useSqlLab } from '../sql/useSqlLab';
import { Pager } from '../components/Pager';

export const SAVED_QUERIES_PAGE_SIZE = 10;

interface PageState {
  data: ListResponse<SavedQuery> | null;
  favorites: Map<number, boolean>;
  error: string | null;
}

/** /admin/queries: the saved queries, 10 a page, searched from the header; open, favourite, delete. */
export function SavedQueriesPage() {
  const lab = useSqlLab();
  return lab ? <SavedQueries lab={lab} /> : <Loading />;
}

function SavedQueries({ lab }: { lab: SqlLab }) {
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const [page, setPage] = useState(0);
  const [state, setState] = useState<PageState>({ data: null, favorites: new Map(), error: null });
  const [confirming, setConfirming] = useState<SavedQuery | null>(null);
  const [version, setVersion] = useState(0);
  const navigate = useNavigate();
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => setPage(0), [search]);
  useEffect(() => {
    const controller = new AbortController();
    const filters = search ? [{ col: 'label', opr: 'all_text', value: search }] : [];
    const args = { filters, order_column: 'changed_on', order_direction: 'desc' as const, page, page_size: SAVED_QUERIES_PAGE_SIZE };
    void (async () => {
      try {
        const data = await lab.api.savedQueries(args, { signal: controller.signal });
        const favorites = await lab.api.favoriteStatus(data.ids, { signal: controller.signal });
        setState({ data, favorites, error: null });
      } catch (error) {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error: error instanceof Error ? error.message : 'Could not load the saved queries.' }));
      }
    })();
    return () => controller.abort();
  }, [lab, search, page, version]);

  const open = async (query: SavedQuery) => {
    await lab.tabs.openTab({ name: query.label, sql: query.sql, databaseId: query.db_id, catalog: query.catalog, schema: query.schema });
    navigate('/admin/sql');
  };
  const favorite = async (query: SavedQuery, value: boolean) => {
    const result = await lab.api.setFavorite(query.id, value, { key: ulid(), label: `${value ? 'Favourite' : 'Unfavourite'} ${query.label}` }).catch(() => null);
    if (!result) toast.error(`Could not change the favourite of ${query.label}.`);
    reload();
  };
  const remove = async (query: SavedQuery) => {
    setConfirming(null);
    const result = await lab.api.deleteSavedQuery(query.id, { key: ulid(), label: `Delete saved query ${query.label}` }).catch(() => null);
    if (!result) toast.error(`Could not delete ${query.label}.`);
    else toast.success(result.queued ? `${query.label} will be deleted when the server is back.` : `Deleted ${query.label}.`);
    reload();
  };

  const { data } = state;
  if (!data && !state.error) return <Loading />;
  return (
    <div className="saved-queries">
      {state.error && <p className="form-error">Saved queries could not be loaded: {state.error}</p>}
      <table className="data-table" aria-label="Saved queries">
        <thead>
          <tr>
            <th aria-label="Favourite" />
            <th>Name</th>
            <th>Database</th>
            <th>Schema</th>
            <th>SQL</th>
            <th>Modified</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {data?.result.map((query) => (
            <SavedQueryRow key={query.id} query={query} isFavorite={state.favorites.get(query.id) ?? false} onOpen={open} onFavorite={favorite} onDelete={setConfirming} />
          ))}
          {data?.count === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                {search ? `No saved query matches “${search}”.` : 'No saved queries yet. Save one from the SQL editor.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pager label="Saved query pages" page={page} pageSize={SAVED_QUERIES_PAGE_SIZE} count={data?.count ?? 0} noun="queries" onPage={setPage} />
      {confirming && <ConfirmDelete query={confirming} onConfirm={() => void remove(confirming)} onCancel={() => setConfirming(null)} />}
    </div>
  );
}

interface RowProps {
  query: SavedQuery;
  isFavorite: boolean;
  onOpen: (query: SavedQuery) => void;
  onFavorite: (query: SavedQuery, value: boolean) => void;
  onDelete: (query: SavedQuery) => void;
}

function SavedQueryRow({ query, isFavorite, onOpen, onFavorite, onDelete }: RowProps) {
  return (
    <tr>
      <td>
        <button
          type="button"
          className={`icon-button star${isFavorite ? ' on' : ''}`}
          aria-pressed={isFavorite}
          aria-label={`${isFavorite ? 'Unfavourite' : 'Favourite'} ${query.label}`}
          onClick={() => onFavorite(query, !isFavorite)}
        >
          <Star size={16} aria-hidden="true" fill={isFavorite ? 'currentColor' : 'none'} />
        </button>
      </td>
      <td>
        <button type="button" className="link-button" onClick={() => onOpen(query)} title="Open in the SQL editor">
          {query.label}
        </button>
        {query.description && <div className="muted small">{query.description}</div>}
      </td>
      <td>{query.database.database_name}</td>
      <td>{query.schema ?? '—'}</td>
      <td>
        <code className="sql-snippet">{query.sql}</code>
      </td>
      <td title={query.changed_on}>{formatDistanceToNow(new Date(query.changed_on), { addSuffix: true })}</td>
      <td className="row-actions">
        <button type="button" className="link-button" onClick={() => onOpen(query)}>
          Open in editor
        </button>
        <button type="button" className="link-button danger" onClick={() => onDelete(query)} aria-label={`Delete ${query.label}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}

function ConfirmDelete({ query, onConfirm, onCancel }: { query: SavedQuery; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="modal-backdrop" role="presentation" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <div className="card modal" role="alertdialog" aria-modal="true" aria-labelledby="delete-query-title">
        <h2 id="delete-query-title">Delete saved query?</h2>
        <p>
          “{query.label}” will be deleted. This cannot be undone.
        </p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className="button primary danger-fill" onClick={onConfirm}>
            Delete
          </button>
        </div>
      </div>
    </div>
  );
}

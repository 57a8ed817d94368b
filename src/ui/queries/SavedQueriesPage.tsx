import { formatDistanceToNow } from 'date-fns';
import { Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SavedQueryItem } from '../../model/savedQuery/view';
import { featureOn } from '../../../contracts/config';
import { useApp, useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { useModHotkey } from '../hooks/useHotkey';
import { useLive } from '../hooks/live';
import { useOnline } from '../hooks/useOnline';
import { SaveQueryDialog, type SaveQueryValues } from '../sql/SaveQueryDialog';

export const SAVED_QUERIES_PAGE_SIZE = 10;

const matches = (query: SavedQueryItem, search: string) => query.label.toLowerCase().includes(search.trim().toLowerCase());

const emptyNote = (search: string) => (search ? `No saved query matches “${search}”.` : 'No saved queries yet. Save one from the SQL editor.');

/**
 * /admin/queries: the saved queries, 10 a page, searched from the header; open, favourite, delete
 * (Ctrl+Z undoes). Read from the log and the cached list, so it works offline and every tab shows
 * the same; the list is refreshed from the server when the page opens.
 */
export function SavedQueriesPage() {
  const { savedQueries, sqlLab } = useSignedIn();
  const favourites = featureOn(useApp().config.features, 'biFavourites');
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const [page, setPage] = useSearchPage(search);
  const [confirming, setConfirming] = useState<SavedQueryItem | null>(null);
  const [editing, setEditing] = useState<SavedQueryItem | null>(null);
  const navigate = useNavigate();
  const data = useLive((reads) => reads.savedQueries(), []);
  const online = useOnline();

  useEffect(() => void savedQueries.refresh(), [savedQueries, online]);
  useModHotkey('z', useCallback(() => void savedQueries.undo(), [savedQueries]), { ignoreInFields: true });
  useModHotkey('z', useCallback(() => void savedQueries.redo(), [savedQueries]), { shift: true, ignoreInFields: true });

  const open = async (query: SavedQueryItem) => {
    const lab = await sqlLab();
    const opened = await lab.tabs.openTab({ name: query.label, sql: query.sql, databaseId: query.dbId, catalog: query.catalog, schema: query.schema });
    if (opened.ok) navigate('/admin/sql');
  };
  const remove = (query: SavedQueryItem) => {
    setConfirming(null);
    void savedQueries.remove(query);
  };
  const edit = (query: SavedQueryItem, { label, description, catalog, schema }: SaveQueryValues) => {
    setEditing(null);
    void savedQueries.edit(query, { label, description: description || null, catalog: catalog || null, schema: schema || null });
  };

  if (!data) return <Loading />;
  const found = data.items.filter((query) => matches(query, search));
  const shown = found.slice(page * SAVED_QUERIES_PAGE_SIZE, (page + 1) * SAVED_QUERIES_PAGE_SIZE);
  return (
    <div className="saved-queries">
      <ListNote fetchedAt={data.fetchedAt} error={data.error} />
      <SavedQueriesTable
        queries={shown}
        empty={found.length === 0 ? emptyNote(search) : null}
        onOpen={(q) => void open(q)}
        onFavorite={favourites ? (q, value) => void savedQueries.setFavorite(q, value) : null}
        onEdit={setEditing}
        onDelete={setConfirming}
      />
      <Pager label="Saved query pages" page={page} pageSize={SAVED_QUERIES_PAGE_SIZE} count={found.length} noun="queries" onPage={setPage} />
      {confirming && <ConfirmDelete query={confirming} onConfirm={() => remove(confirming)} onCancel={() => setConfirming(null)} />}
      {editing && <EditQueryDialog query={editing} onSave={(values) => edit(editing, values)} onCancel={() => setEditing(null)} />}
    </div>
  );
}

/** The page shown for this search: a new search starts on its first page. */
function useSearchPage(search: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  return [page, (next: number) => setPaging({ search, page: next })];
}

type RowHandlers = Omit<RowProps, 'query'>;

/** This page's queries, or why there are none (`empty`, null when there are some). */
function SavedQueriesTable({ queries, empty, ...handlers }: { queries: SavedQueryItem[]; empty: string | null } & RowHandlers) {
  return (
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
        {queries.map((query) => (
          <SavedQueryRow key={query.id} query={query} {...handlers} />
        ))}
        {empty !== null && (
          <tr>
            <td colSpan={7} className="muted">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function EditQueryDialog({ query, onSave, onCancel }: { query: SavedQueryItem; onSave: (values: SaveQueryValues) => void; onCancel: () => void }) {
  return (
    <SaveQueryDialog
      title="Edit saved query"
      initial={{ label: query.label, description: query.description ?? '', catalog: query.catalog ?? '', schema: query.schema ?? '' }}
      onSave={onSave}
      onCancel={onCancel}
    />
  );
}

/** How old the server's list is when it could not be refreshed (offline, server down). */
function ListNote({ fetchedAt, error }: { fetchedAt: number | undefined; error: string | undefined }) {
  if (!error) return null;
  const age = fetchedAt ? `the list is from ${formatDistanceToNow(fetchedAt, { addSuffix: true })}` : 'only what this browser saved is shown';
  return (
    <p className="muted" role="status" data-testid="saved-queries-note">
      The server’s list could not be refreshed ({error}): {age}. Changes made here are kept and saved when it is back.
    </p>
  );
}

interface RowProps {
  query: SavedQueryItem;
  onOpen: (query: SavedQueryItem) => void;
  /** Null when the BI server has no favourites (/config.json's biFavourites is false): no star. */
  onFavorite: ((query: SavedQueryItem, value: boolean) => void) | null;
  onEdit: (query: SavedQueryItem) => void;
  onDelete: (query: SavedQueryItem) => void;
}

function SavedQueryRow({ query, onOpen, onFavorite, onEdit, onDelete }: RowProps) {
  const { isFavorite } = query;
  return (
    <tr>
      <td>
        {onFavorite && (
          <button
            type="button"
            className={`icon-button star${isFavorite ? ' on' : ''}`}
            aria-pressed={isFavorite}
            aria-label={`${isFavorite ? 'Unfavourite' : 'Favourite'} ${query.label}`}
            onClick={() => onFavorite(query, !isFavorite)}
          >
            <Star size={16} aria-hidden="true" fill={isFavorite ? 'currentColor' : 'none'} />
          </button>
        )}
      </td>
      <td>
        <button type="button" className="link-button" onClick={() => onOpen(query)} title="Open in the SQL editor">
          {query.label}
        </button>
        {query.description && <div className="muted small">{query.description}</div>}
        {query.pending && <div className="muted small">Waiting to sync</div>}
        {query.failure && <div className="form-error small">Not saved: {query.failure}</div>}
      </td>
      <td>{query.databaseName}</td>
      <td>{query.schema ?? '—'}</td>
      <td>
        <code className="sql-snippet">{query.sql}</code>
      </td>
      <td title={new Date(query.changedOn).toISOString()}>{formatDistanceToNow(query.changedOn, { addSuffix: true })}</td>
      <td className="row-actions">
        <button type="button" className="link-button" onClick={() => onOpen(query)}>
          Open in editor
        </button>
        <button type="button" className="link-button" onClick={() => onEdit(query)} aria-label={`Edit ${query.label}`}>
          Edit
        </button>
        <button type="button" className="link-button danger" onClick={() => onDelete(query)} aria-label={`Delete ${query.label}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}

function ConfirmDelete({ query, onConfirm, onCancel }: { query: SavedQueryItem; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="modal-backdrop" role="presentation" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <div className="card modal" role="alertdialog" aria-modal="true" aria-labelledby="delete-query-title">
        <h2 id="delete-query-title">Delete saved query?</h2>
        <p>
          “{query.label}” will be deleted. Undo (Ctrl+Z) brings it back.
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

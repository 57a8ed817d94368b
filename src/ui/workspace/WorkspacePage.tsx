import { formatDistanceToNow } from 'date-fns';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WorkspaceItem } from '../../model/workspace/view';
import { useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { useModHotkey } from '../hooks/useHotkey';
import { useWorkspaceItems } from '../hooks/useLiveData';
import { useUndoState } from '../hooks/useUndoState';
import { useSetSearch } from '../routing/useSetSearch';
import { DetailsPanel } from './DetailsPanel';
import { FilterBar, scopeNote } from './FilterBar';
import { ImportResults } from './ImportResults';
import { useNotebookImport } from './useNotebookImport';
import { limitText } from './uploadLimit';
import { useWorkspaceActions } from './useWorkspaceActions';
import { ViewRail } from './ViewRail';
import { WorkspaceDialogs, type Dialog } from './WorkspaceDialogs';
import { changeFilters, hasFilter, narrowRows, parseFilters, scopeRows, type Filters, type SortKey } from './workspaceFilters';
import { WorkspaceListing } from './WorkspaceListing';
import { WorkspaceToolbar } from './WorkspaceToolbar';

/** ?new=notebook or ?new=folder (from the New menu) opens the create dialog. */
function dialogFromUrl(value: string | null): Dialog {
  return value === 'folder' ? { kind: 'folder' } : value === 'notebook' ? { kind: 'notebook' } : null;
}

/** Opened from the New menu: show the dialog once (also when the page is open), and keep the URL clean for reloads and Back. */
function useNewRequest(setDialog: (dialog: Dialog) => void) {
  const [params] = useSearchParams();
  const setSearch = useSetSearch();
  const requested = params.get('new');
  const [handled, setHandled] = useState<string | null>(null);
  if (requested !== handled) {
    setHandled(requested);
    if (requested) setDialog(dialogFromUrl(requested));
  }
  useEffect(() => {
    if (!requested) return;
    setSearch(
      (now) => {
        now.delete('new');
        return now;
      },
      { replace: true },
    );
  }, [requested, setSearch]);
}

/** The filters in the URL, and the list's copy of them that may lag a keystroke behind so typing never waits for the list. */
function useFilters() {
  const [params] = useSearchParams();
  const setSearch = useSetSearch();
  const search = params.toString();
  const deferred = useDeferredValue(search);
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);
  const listed = useMemo(() => parseFilters(new URLSearchParams(deferred)), [deferred]);
  const setFilters = useCallback((change: Partial<Filters>) => setSearch((now) => changeFilters(now, change), { replace: true }), [setSearch]);
  return { folder: params.get('folder') ?? '', filters, listed, setFilters };
}

function useSelection(scope: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  /** An item made or renamed here: its row is brought into view once the listing has it. */
  const [revealing, setRevealing] = useState<string | null>(null);
  // Another folder or view starts with nothing selected (state adjusted during render).
  const [seen, setSeen] = useState(scope);
  if (seen !== scope) {
    setSeen(scope);
    setSelected(new Set());
    setRevealing(null);
  }
  const select = useCallback((paths: string[]) => setSelected(new Set(paths)), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const reveal = useCallback((path: string) => setRevealing(path), []);
  const revealed = useCallback(() => setRevealing(null), []);
  return { selected, select, clear, revealing, reveal, revealed };
}

/** Undo and redo of workspace changes, from the toolbar and Ctrl+Z / Ctrl+Shift+Z. */
function useWorkspaceUndo() {
  const { workspace } = useSignedIn();
  const { canUndo, canRedo } = useUndoState((reads) => reads.workspaceUndo());
  const undo = useCallback(() => void workspace.undo(), [workspace]);
  const redo = useCallback(() => void workspace.redo(), [workspace]);
  useModHotkey('z', undo, { ignoreInFields: true });
  useModHotkey('z', redo, { shift: true, ignoreInFields: true });
  return { canUndo, canRedo, undo, redo };
}

/** The rows listed: the scope sorted once per scope, then narrowed (a keystroke only narrows); and every owner, for the filter. */
function useListedRows(items: WorkspaceItem[], listed: Filters, folder: string) {
  const { view, sort, dir } = listed;
  const narrowed = hasFilter(listed);
  const scope = useMemo(() => scopeRows(items, { view, sort, dir }, narrowed ? null : folder), [items, view, sort, dir, narrowed, folder]);
  const visible = useMemo(() => narrowRows(scope, listed), [scope, listed]);
  const owners = useMemo(() => [...new Set(items.map((item) => item.owner).filter(Boolean))].sort(), [items]);
  return { visible, owners };
}

/** The details panel: open or closed, and opened on one item (selecting it). */
function useDetails(select: (paths: string[]) => void) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const showDetails = useCallback(
    (item: WorkspaceItem) => {
      select([item.path]);
      setDetailsOpen(true);
    },
    [select],
  );
  return { detailsOpen, setDetailsOpen, showDetails };
}

/** What the details panel and Export are about: the one item selected, else the folder shown. */
function targets(items: WorkspaceItem[], selected: ReadonlySet<string>, folder: string) {
  const selectedItems = items.filter((item) => selected.has(item.path));
  const current = selectedItems.length === 1 ? (selectedItems[0] ?? null) : null;
  const folderItem = items.find((item) => item.path === folder && item.type === 'folder');
  const exportTarget = current ?? { path: folder, type: 'folder' as const, name: folder ? folder.slice(folder.lastIndexOf('/') + 1) : 'the workspace' };
  return { detailsItem: current ?? folderItem ?? null, exportTarget };
}

function CacheNote({ scope, fetchedAt, error }: { scope: string; fetchedAt: number | undefined; error: string | undefined }) {
  return (
    <p className="muted cache-note" data-testid="cache-note">
      <span data-testid="scope-note">{scope}</span>{' '}
      {fetchedAt ? `Listing from the server, updated ${formatDistanceToNow(fetchedAt, { addSuffix: true })}.` : 'Not fetched from the server yet.'}
      {error && ` Last refresh failed: ${error}.`}
    </p>
  );
}

export function WorkspacePage() {
  const { folder, filters, listed, setFilters } = useFilters();
  const [dialog, setDialog] = useState<Dialog>(null);
  useNewRequest(setDialog);
  const data = useWorkspaceItems();
  const { workspace } = useSignedIn();
  const imports = useNotebookImport();
  const startImport = imports.importInto;
  const importInto = useCallback((target: string, files: File[]) => void startImport(target, files), [startImport]);
  const selection = useSelection(`${folder}|${filters.view}`);
  const { detailsOpen, setDetailsOpen, showDetails } = useDetails(selection.select);
  const actions = useWorkspaceActions({ setDialog, clearSelection: selection.clear, reveal: selection.reveal, showDetails, importInto });
  const { canUndo, canRedo, undo, redo } = useWorkspaceUndo();
  const items = useMemo(() => data?.items ?? [], [data]);
  const { visible, owners } = useListedRows(items, listed, folder);
  if (!data) return <Loading />;

  const limit = limitText(workspace.importLimit);
  const { detailsItem, exportTarget } = targets(items, selection.selected, folder);
  const sortBy = (sort: SortKey) => setFilters({ sort, dir: filters.sort === sort && filters.dir === 'asc' ? 'desc' : 'asc' });
  return (
    <div className="workspace" data-details={detailsOpen || undefined}>
      <ViewRail view={filters.view} />
      <div className="workspace-main">
        <WorkspaceToolbar
          folder={folder}
          drop={actions.drop}
          canUndo={canUndo}
          canRedo={canRedo}
          detailsOpen={detailsOpen}
          trash={filters.view === 'trash'}
          exportLabel={exportTarget.name}
          uploadLimit={limit}
          onNewFolder={() => setDialog({ kind: 'folder' })}
          onNewNotebook={() => setDialog({ kind: 'notebook' })}
          onImport={(files) => importInto(folder, files)}
          onExport={() => void actions.exportItem(exportTarget)}
          onUndo={undo}
          onRedo={redo}
          onRefresh={workspace.refresh}
          onToggleDetails={() => setDetailsOpen((open) => !open)}
        />
        <FilterBar filters={filters} owners={owners} onChange={setFilters} />
        <CacheNote scope={scopeNote(listed, visible.length)} fetchedAt={data.fetchedAt} error={data.error} />
        {imports.results && <ImportResults report={imports.results.report} focusKey={imports.results.focusKey} onClose={imports.closeResults} />}
        <WorkspaceListing folder={folder} filters={filters} listed={listed} rows={visible} selection={selection} actions={actions} limit={limit} onImport={importInto} onSort={sortBy} />
      </div>
      {detailsOpen && <DetailsPanel item={detailsItem} load={actions.workspace.details} onClose={() => setDetailsOpen(false)} />}
      {dialog && <WorkspaceDialogs dialog={dialog} folder={folder} items={items} commands={actions.commands} onClose={() => setDialog(null)} />}
    </div>
  );
}

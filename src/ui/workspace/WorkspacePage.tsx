import { formatDistanceToNow } from 'date-fns';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WorkspaceItem } from '../../model/workspace/view';
import { useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { useModHotkey } from '../hooks/useHotkey';
import { useWorkspaceItems } from '../hooks/useLiveData';
import { useUndoState } from '../hooks/useUndoState';
import { useSetSearch } from '../routing/useSetSearch';
import { carriesFiles } from './browserFiles';
import { DetailsPanel } from './DetailsPanel';
import { FilterBar, scopeNote } from './FilterBar';
import { ImportResults } from './ImportResults';
import { useNotebookImport } from './useNotebookImport';
import { limitText } from './uploadLimit';
import { useWorkspaceActions } from './useWorkspaceActions';
import { ViewRail } from './ViewRail';
import { WorkspaceDialogs, type Dialog } from './WorkspaceDialogs';
import { changeFilters, hasFilter, narrowRows, parseFilters, scopeRows, type Filters, type SortKey } from './workspaceFilters';
import { WorkspaceTable } from './WorkspaceTable';
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

export function WorkspacePage() {
  const { folder, filters, listed, setFilters } = useFilters();
  const [dialog, setDialog] = useState<Dialog>(null);
  useNewRequest(setDialog);
  const data = useWorkspaceItems();
  const { workspace } = useSignedIn();
  const maxBytes = workspace.importLimit;
  const imports = useNotebookImport();
  const startImport = imports.importInto;
  const importInto = useCallback((target: string, files: File[]) => void startImport(target, files), [startImport]);
  const { selected, select, clear, revealing, reveal, revealed } = useSelection(`${folder}|${filters.view}`);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const showDetails = useCallback(
    (item: WorkspaceItem) => {
      select([item.path]);
      setDetailsOpen(true);
    },
    [select],
  );
  const actions = useWorkspaceActions({ setDialog, clearSelection: clear, reveal, showDetails, importInto });
  const [dropHere, setDropHere] = useState(false);
  const undoState = useUndoState((reads) => reads.workspaceUndo());
  const undo = useCallback(() => void workspace.undo(), [workspace]);
  const redo = useCallback(() => void workspace.redo(), [workspace]);
  useModHotkey('z', undo, { ignoreInFields: true });
  useModHotkey('z', redo, { shift: true, ignoreInFields: true });
  const items = useMemo(() => data?.items ?? [], [data]);
  // Sorted once per scope; a keystroke only narrows it.
  const { view, sort, dir } = listed;
  const narrowed = hasFilter(listed);
  const scope = useMemo(() => scopeRows(items, { view, sort, dir }, narrowed ? null : folder), [items, view, sort, dir, narrowed, folder]);
  const visible = useMemo(() => narrowRows(scope, listed), [scope, listed]);
  const owners = useMemo(() => [...new Set(items.map((item) => item.owner).filter(Boolean))].sort(), [items]);
  if (!data) return <Loading />;

  const selectedItems = items.filter((item) => selected.has(item.path));
  const current = selectedItems.length === 1 ? (selectedItems[0] ?? null) : null;
  const folderItem = items.find((item) => item.path === folder && item.type === 'folder');
  const exportTarget = current ?? { path: folder, type: 'folder' as const, name: folder ? folder.slice(folder.lastIndexOf('/') + 1) : 'the workspace' };
  const sortBy = (sort: SortKey) => setFilters({ sort, dir: filters.sort === sort && filters.dir === 'asc' ? 'desc' : 'asc' });
  // Files dropped on the list (not on a folder's row) go into the folder shown.
  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event) || filters.view === 'trash') return;
      event.preventDefault();
      setDropHere(true);
    },
    onDragLeave: (event: DragEvent) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDropHere(false),
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event) || filters.view === 'trash') return;
      event.preventDefault();
      setDropHere(false);
      importInto(folder, [...event.dataTransfer.files]);
    },
  };

  return (
    <div className="workspace" data-details={detailsOpen || undefined}>
      <ViewRail view={filters.view} />
      <div className="workspace-main">
        <WorkspaceToolbar
          folder={folder}
          drop={actions.drop}
          canUndo={undoState.canUndo}
          canRedo={undoState.canRedo}
          detailsOpen={detailsOpen}
          trash={filters.view === 'trash'}
          exportLabel={exportTarget.name}
          uploadLimit={limitText(maxBytes)}
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
        <p className="muted cache-note" data-testid="cache-note">
          <span data-testid="scope-note">{scopeNote(listed, visible.length)}</span>{' '}
          {data.fetchedAt ? `Listing from the server, updated ${formatDistanceToNow(data.fetchedAt, { addSuffix: true })}.` : 'Not fetched from the server yet.'}
          {data.error && ` Last refresh failed: ${data.error}.`}
        </p>
        {imports.results && <ImportResults report={imports.results.report} focusKey={imports.results.focusKey} onClose={imports.closeResults} />}
        <div className="workspace-drop" data-testid="workspace-drop" data-drop-target={dropHere || undefined} {...dropZone}>
          {visible.length === 0 ? (
            <EmptyState filters={listed} limit={limitText(maxBytes)} />
          ) : (
            <WorkspaceTable
              items={visible}
              filters={listed}
              showLocation={filters.view !== 'all' || hasFilter(listed)}
              selected={selected}
              actions={actions.rows}
              drop={actions.drop}
              onSelect={select}
              revealing={revealing}
              onRevealed={revealed}
              onOpen={actions.open}
              onSort={sortBy}
            />
          )}
          {filters.view === 'all' && <p className="muted upload-note">Drop .ipynb files here to import them. {limitText(maxBytes)}.</p>}
        </div>
      </div>
      {detailsOpen && <DetailsPanel item={current ?? folderItem ?? null} load={actions.workspace.details} onClose={() => setDetailsOpen(false)} />}
      {dialog && <WorkspaceDialogs dialog={dialog} folder={folder} items={items} commands={actions.commands} onClose={() => setDialog(null)} />}
    </div>
  );
}

function EmptyState({ filters, limit }: { filters: Filters; limit: string }) {
  const [title, text] =
    filters.view === 'trash'
      ? ['The trash is empty', 'Deleted items wait here until you restore them or delete them permanently.']
      : filters.view === 'favourites'
        ? ['No favourites yet', 'Star a notebook or a folder to find it here.']
        : hasFilter(filters)
          ? ['Nothing matches', 'No item in the whole workspace matches these filters.']
          : ['This folder is empty', `Create a notebook or a folder, or drop .ipynb files here to import them. ${limit}.`];
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
    </div>
  );
}

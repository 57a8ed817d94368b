import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterKey, NO_NODES, viewAfter, type TreeView } from '../../model/catalog/expansion';
import { ancestorsOf, nodeById, nodeId, treeKey, type TreeIndex } from '../../model/catalog/tree';
import type { CatalogNode, CatalogNodeId, VisibleRow } from '../../model/catalog/types';
import { validateNodeName, type CatalogCommandResult } from '../../commands/catalog/edits';
import { ROOT_TARGET, UNREACHABLE_MESSAGE, type CatalogBrowser, type NodeLoadState } from '../../commands/catalog/browser';
import { BI_SEARCH_SNAPSHOT_FEATURE, CATALOG_SNAPSHOT_MINUTES } from '../../../contracts/config';
import { useApp } from '../appContext';
import { NameDialog } from '../components/NameDialog';
import { useModHotkey } from '../hooks/useHotkey';
import { CacheNote, useBackgroundRefresh } from './CatalogRefresh';
import { CatalogSearch } from './CatalogSearch';
import { CatalogToolbar, childActionOf } from './CatalogToolbar';
import { CatalogTree } from './CatalogTree';
import { SelectedNode } from './SelectedNode';
import { COLUMN_HITS, useCatalogBrowser, useCatalogTree, useNodeLoads, type ServerSearch } from './useCatalog';

const BASE = '/admin/catalog';

type Dialog = { kind: 'catalog' } | { kind: 'child'; parent: CatalogNode } | { kind: 'rename'; node: CatalogNode };

/** The node the URL names: /admin/catalog/<catalog>/<schema>/<table>[/<column>]. */
function selectedFromPath(pathname: string): CatalogNodeId | null {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length).replace(/^\/+|\/+$/g, '') : '';
  if (rest === '') return null;
  try {
    return nodeId(...rest.split('/').map(decodeURIComponent));
  } catch {
    return null;
  }
}

/** What this browser tab has open survives a reload (per tab, like its scroll position). */
const EXPANDED_KEY = 'catalog.expanded';

function keptExpansion(): CatalogNodeId[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(EXPANDED_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function keepExpansion(expanded: ReadonlySet<CatalogNodeId>): void {
  sessionStorage.setItem(EXPANDED_KEY, JSON.stringify([...expanded]));
}

/** A node's URL: its id is already its encoded path. */
const pathOf = (id: CatalogNodeId) => `${BASE}/${id}`;

type Run = (command: Promise<CatalogCommandResult>, done?: (nodeId: CatalogNodeId, result: Extract<CatalogCommandResult, { ok: true }>) => void) => Promise<CatalogCommandResult>;

// Refusals are told by the commands (toasts); the page only follows what was done.
const run: Run = async (command, done) => {
  const result = await command;
  if (result.ok && result.events.length > 0) done?.(result.nodeId, result);
  return result;
};

/** What the tree shows open, and which node has focus, following the URL's selection and the search. */
function useTreeView(selectedId: CatalogNodeId | null, searching: boolean) {
  const [view, setView] = useState<TreeView>(() => ({ open: new Set([...keptExpansion(), ...(selectedId ? ancestorsOf(selectedId) : [])]), closed: NO_NODES }));
  useEffect(() => keepExpansion(view.open), [view.open]);
  // What the user closed during a search is forgotten with it: adjusted while rendering, as React advises.
  if (!searching && view.closed.size > 0) setView({ ...view, closed: NO_NODES });
  const [focusedId, setFocusedId] = useState<CatalogNodeId | null>(selectedId);
  // A node chosen by URL (a link, a reload, Ctrl+K) opens its ancestors: adjusted while rendering, as React advises.
  const [shownSelection, setShownSelection] = useState(selectedId);
  if (shownSelection !== selectedId) {
    setShownSelection(selectedId);
    if (selectedId) {
      setView((current) => viewAfter(current, ancestorsOf(selectedId), true, searching));
      setFocusedId(selectedId);
    }
  }
  return { view, setView, focusedId, setFocusedId };
}

/** The local edits the page starts: undo and redo (also by keys), delete, and the name dialog's submit. */
function useEditActions(services: CatalogBrowser | null, select: (id: CatalogNodeId) => void, openNode: (id: CatalogNodeId) => void) {
  const navigate = useNavigate();
  const undoLast = useCallback(() => services && void run(services.edits.undo()), [services]);
  const redoLast = useCallback(() => services && void run(services.edits.redo()), [services]);
  useModHotkey('z', undoLast, { ignoreInFields: true });
  useModHotkey('z', redoLast, { shift: true, ignoreInFields: true });
  const remove = (node: CatalogNode) =>
    services &&
    void run(services.edits.remove(node.id), () => {
      const parent = ancestorsOf(node.id).at(-1);
      navigate(parent ? pathOf(parent) : BASE);
    });
  const submit = (dialog: Dialog, name: string) => {
    if (!services) return;
    const command =
      dialog.kind === 'catalog'
        ? services.edits.createCatalog(name)
        : dialog.kind === 'child'
          ? services.edits.addChild(dialog.parent.id, name)
          : services.edits.rename(dialog.node.id, name);
    void run(command, (id) => {
      if (dialog.kind === 'child') openNode(dialog.parent.id);
      if (dialog.kind !== 'rename') select(id);
    });
  };
  return { undoLast, redoLast, remove, submit };
}

/** The data catalog browser: the warehouse as a lazy tree, search, details of the selected node, local edits. */
export function CatalogPage() {
  const services = useCatalogBrowser();
  const navigate = useNavigate();
  const selectedId = selectedFromPath(useLocation().pathname);
  const [searchText, setSearchText] = useState('');
  const searching = searchText.trim() !== '';
  const { view, setView, focusedId, setFocusedId } = useTreeView(selectedId, searching);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const tree = useCatalogTree(services, searchText, view);
  const shown = useMemo(() => [...view.open, ...(selectedId ? [selectedId] : [])], [view.open, selectedId]);
  const loads = useNodeLoads(services, tree.index, shown);
  useBackgroundRefresh(services, tree.index, view.open);

  const select = useCallback((id: CatalogNodeId) => navigate(pathOf(id)), [navigate]);
  const toggle = useCallback((row: VisibleRow) => setView((current) => viewAfter(current, [row.node.id], !row.expanded, searching)), [searching, setView]);
  const onKey = (key: string) => {
    const action = treeKey(tree.rows, focusedId, key);
    if (action.focus) setFocusedId(action.focus);
    setView((current) => afterKey(current, action, searching));
    if (action.activate) select(action.activate);
  };
  const actions = useEditActions(services, select, (id) => setView((current) => viewAfter(current, [id], true, searching)));
  const retry = (id: CatalogNodeId) => {
    const node = id === '' ? ROOT_TARGET : nodeById(tree.index, id);
    if (services && node) void services.metadata.watchNodes([node], { force: true });
  };
  const selected = (selectedId && nodeById(tree.index, selectedId)) || null;

  return (
    <div className="catalog-page">
      <section className="catalog-panel" aria-labelledby="catalog-warehouse-heading">
        <WarehouseHead onNewCatalog={() => setDialog({ kind: 'catalog' })} disabled={!services} />
        <CatalogSearch onSearch={setSearchText} />
        <CacheNote fetchedAt={tree.cache?.newestFetchedAt ?? null} stale={[...loads.values()].some((state) => state.stale || state.error === UNREACHABLE_MESSAGE)} />
        <TreeNotes search={tree.search} serverSearch={tree.serverSearch} rootLoad={loads.get('')} empty={tree.roots?.length === 0} onRetry={() => retry('')} />
        <CatalogTree rows={tree.rows} selectedId={selectedId} focusedId={focusedId} loads={loadViews(loads, tree.index)} onToggle={toggle} onSelect={select} onFocus={setFocusedId} onKey={onKey} onRetry={retry} />
      </section>
      <div className="catalog-main">
        <CatalogToolbar
          selected={selected}
          undo={tree.undo}
          onAddChild={(parent) => setDialog({ kind: 'child', parent })}
          onRename={(node) => setDialog({ kind: 'rename', node })}
          onRemove={actions.remove}
          onUndo={actions.undoLast}
          onRedo={actions.redoLast}
        />
        {selected && services ? (
          <SelectedNode key={selected.id} node={selected} services={services} metadata={tree.cache?.tableMetadata} run={run} />
        ) : (
          <p className="catalog-empty">{selectedId && tree.roots ? 'This item is not in the catalog (it may not be loaded yet, or was deleted).' : 'Choose a catalog, schema, table or column in the tree.'}</p>
        )}
      </div>
      {dialog && <CatalogDialog dialog={dialog} onSubmit={(name) => (actions.submit(dialog, name), setDialog(null))} onCancel={() => setDialog(null)} />}
    </div>
  );
}

function WarehouseHead({ onNewCatalog, disabled }: { onNewCatalog: () => void; disabled: boolean }) {
  return (
    <div className="catalog-panel-head">
      <h2 id="catalog-warehouse-heading">Warehouse</h2>
      <button type="button" className="button small" onClick={onNewCatalog} disabled={disabled}>
        New catalog
      </button>
    </div>
  );
}

interface TreeNotesProps {
  search: { count: number } | null;
  serverSearch: Omit<ServerSearch, 'hits'>;
  rootLoad: NodeLoadState | undefined;
  empty: boolean;
  onRetry: () => void;
}

/** What the tree says above itself: the search's matches, the catalogs' failure, an empty warehouse. */
function TreeNotes({ search, serverSearch, rootLoad, empty, onRetry }: TreeNotesProps) {
  const snapshot = useApp().config.features[BI_SEARCH_SNAPSHOT_FEATURE] === true;
  return (
    <>
      {search && (
        <p className="catalog-note" role="status">
          {search.count === 0 ? 'Nothing matches.' : `${search.count.toLocaleString('en-US')} ${search.count === 1 ? 'match' : 'matches'}`}
          {serverSearch.failed && ' · the server could not be searched; showing what is cached'}
          {serverSearch.columnsCut && ` · only the first ${COLUMN_HITS} columns found on the server are shown`}
          {serverSearch.partial && ` · the server’s search is partial: ${serverSearch.partial}`}
          {snapshot && ` · found in Superset’s catalog as listed up to ${CATALOG_SNAPSHOT_MINUTES} minutes ago`}
        </p>
      )}
      {rootLoad?.status === 'error' && (
        <p className="form-error catalog-note" role="alert">
          The catalogs could not be loaded: {rootLoad.error}{' '}
          <button type="button" className="button small" onClick={onRetry}>
            Retry
          </button>
        </p>
      )}
      {empty && rootLoad?.status === 'loaded' && <p className="catalog-note">No catalogs yet.</p>}
    </>
  );
}

function CatalogDialog({ dialog, onSubmit, onCancel }: { dialog: Dialog; onSubmit: (name: string) => void; onCancel: () => void }) {
  const child = dialog.kind === 'child' ? childActionOf(dialog.parent.type)! : null;
  return (
    <NameDialog
      title={dialog.kind === 'catalog' ? 'New catalog' : child ? child.label : renameTitle((dialog as { node: CatalogNode }).node)}
      label={child ? `Name of the new ${child.noun}` : 'Name'}
      initial={dialog.kind === 'rename' ? dialog.node.name : ''}
      confirm={dialog.kind === 'rename' ? 'Rename' : 'Create'}
      validate={(name) => {
        const checked = validateNodeName(name);
        return checked.ok ? null : checked.message;
      }}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

/** A warehouse node is renamed in this browser only, and the dialog says so. */
const renameTitle = (node: CatalogNode) => (node.created ? `Rename ${node.type}` : `Rename ${node.type} in this browser`);

/** The tree's per-node loading marks: only nodes whose children are not shown yet spin or offer a retry. */
function loadViews(loads: ReadonlyMap<CatalogNodeId, NodeLoadState>, index: TreeIndex | null) {
  const views = new Map<CatalogNodeId, { loading: boolean; error: string | null }>();
  for (const [id, state] of loads) {
    if (id === '' || nodeById(index, id)?.childrenLoaded) continue;
    if (state.status === 'loading' || state.status === 'error') views.set(id, { loading: state.status === 'loading', error: state.status === 'error' ? state.error : null });
  }
  return views;
}


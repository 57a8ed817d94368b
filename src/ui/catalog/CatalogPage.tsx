import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterKey, NO_NODES, viewAfter, type TreeView } from '../../model/catalog/expansion';
import { ancestorsOf, nodeById, nodeId, treeKey, type TreeIndex } from '../../model/catalog/tree';
import type { CatalogNode, CatalogNodeId, VisibleRow } from '../../model/catalog/types';
import { UNREACHABLE_MESSAGE, validateNodeName, type CatalogCommandResult, type NodeLoadState } from '../../commands/catalog/edits';
import { NameDialog } from '../components/NameDialog';
import { useModHotkey } from '../hooks/useHotkey';
import { CacheNote, useBackgroundRefresh } from './CatalogRefresh';
import { CatalogSearch } from './CatalogSearch';
import { CatalogToolbar, childActionOf } from './CatalogToolbar';
import { CatalogTree } from './CatalogTree';
import { SelectedNode } from './SelectedNode';
import { COLUMN_HITS, loadTargetOf, useCatalogBrowser, useCatalogTree } from './useCatalog';

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

/** The data catalog browser: the warehouse as a lazy tree, search, details of the selected node, local edits. */
export function CatalogPage() {
  const services = useCatalogBrowser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectedId = selectedFromPath(pathname);
  const [searchText, setSearchText] = useState('');
  const searching = searchText.trim() !== '';
  const [view, setView] = useState<TreeView>(() => ({ open: new Set([...keptExpansion(), ...(selectedId ? ancestorsOf(selectedId) : [])]), closed: NO_NODES }));
  const expanded = view.open;
  useEffect(() => keepExpansion(expanded), [expanded]);
  // What the user closed during a search is forgotten with it: adjusted while rendering, as React advises.
  if (!searching && view.closed.size > 0) setView({ ...view, closed: NO_NODES });
  const [focusedId, setFocusedId] = useState<CatalogNodeId | null>(selectedId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { cache, roots, index, search, rows, loads, undo, serverSearch } = useCatalogTree(services, searchText, view);
  const selected = (selectedId && nodeById(index, selectedId)) || null;

  // A node chosen by URL (a link, a reload, Ctrl+K) opens its ancestors: adjusted while rendering, as React advises.
  const [shownSelection, setShownSelection] = useState(selectedId);
  if (shownSelection !== selectedId) {
    setShownSelection(selectedId);
    if (selectedId) {
      setView((current) => viewAfter(current, ancestorsOf(selectedId), true, searching));
      setFocusedId(selectedId);
    }
  }

  // Every open node, and the selected table, gets its children: the loader asks the server once.
  useEffect(() => {
    if (!services || !index) return;
    for (const id of [...expanded, ...(selectedId ? [selectedId] : [])]) {
      const node = nodeById(index, id);
      // A failed node waits for its Retry: a change elsewhere in the tree must not hammer a failing server.
      if (node && !node.childrenLoaded && node.type !== 'column' && services.loader.stateOf(id).status !== 'error') void services.loader.load(loadTargetOf(node));
    }
  }, [services, index, expanded, selectedId]);

  useBackgroundRefresh(services, index, expanded);

  const select = useCallback((id: CatalogNodeId) => navigate(pathOf(id)), [navigate]);
  const toggle = useCallback((row: VisibleRow) => setView((current) => viewAfter(current, [row.node.id], !row.expanded, searching)), [searching]);
  const onKey = (key: string) => {
    const action = treeKey(rows, focusedId, key);
    if (action.focus) setFocusedId(action.focus);
    setView((current) => afterKey(current, action, searching));
    if (action.activate) select(action.activate);
  };

  // Refusals are told by the commands (toasts); the page only follows what was done.
  const run = useCallback(
    async (command: Promise<CatalogCommandResult>, done?: (nodeId: CatalogNodeId, result: Extract<CatalogCommandResult, { ok: true }>) => void) => {
      const result = await command;
      if (result.ok && result.events.length > 0) done?.(result.nodeId, result);
      return result;
    },
    [],
  );
  const undoLast = useCallback(() => services && void run(services.edits.undo()), [services, run]);
  const redoLast = useCallback(() => services && void run(services.edits.redo()), [services, run]);
  useModHotkey('z', undoLast, { ignoreInFields: true });
  useModHotkey('z', redoLast, { shift: true, ignoreInFields: true });

  const remove = (node: CatalogNode) => {
    if (!services) return;
    void run(services.edits.remove(node.id), () => {
      const parent = ancestorsOf(node.id).at(-1);
      navigate(parent ? pathOf(parent) : BASE);
    });
  };

  const submitDialog = (name: string) => {
    if (!services || !dialog) return;
    const command =
      dialog.kind === 'catalog'
        ? services.edits.createCatalog(name)
        : dialog.kind === 'child'
          ? services.edits.addChild(dialog.parent.id, name)
          : services.edits.rename(dialog.node.id, name);
    void run(command, (id) => {
      if (dialog.kind === 'child') setView((current) => viewAfter(current, [dialog.parent.id], true, searching));
      if (dialog.kind !== 'rename') select(id);
    });
    setDialog(null);
  };

  const rootLoad = loads.get('');
  return (
    <div className="catalog-page">
      <section className="catalog-panel" aria-labelledby="catalog-warehouse-heading">
        <div className="catalog-panel-head">
          <h2 id="catalog-warehouse-heading">Warehouse</h2>
          <button type="button" className="button small" onClick={() => setDialog({ kind: 'catalog' })} disabled={!services}>
            New catalog
          </button>
        </div>
        <CatalogSearch onSearch={setSearchText} />
        <CacheNote fetchedAt={cache?.newestFetchedAt ?? null} stale={[...loads.values()].some((state) => state.stale || state.error === UNREACHABLE_MESSAGE)} />
        {search && (
          <p className="catalog-note" role="status">
            {search.count === 0 ? 'Nothing matches.' : `${search.count.toLocaleString('en-US')} ${search.count === 1 ? 'match' : 'matches'}`}
            {serverSearch.failed && ' · the server could not be searched; showing what is cached'}
            {serverSearch.columnsCut && ` · only the first ${COLUMN_HITS} columns found on the server are shown`}
          </p>
        )}
        {rootLoad?.status === 'error' && (
          <p className="form-error catalog-note" role="alert">
            The catalogs could not be loaded: {rootLoad.error}{' '}
            <button type="button" className="button small" onClick={() => services && void services.loader.retry('')}>
              Retry
            </button>
          </p>
        )}
        {roots && roots.length === 0 && rootLoad?.status === 'loaded' && <p className="catalog-note">No catalogs yet.</p>}
        <CatalogTree
          rows={rows}
          selectedId={selectedId}
          focusedId={focusedId}
          loads={loadViews(loads, index)}
          onToggle={toggle}
          onSelect={select}
          onFocus={setFocusedId}
          onKey={onKey}
          onRetry={(id) => services && void services.loader.retry(id)}
        />
      </section>
      <div className="catalog-main">
        <CatalogToolbar
          selected={selected}
          undo={undo}
          onAddChild={(parent) => setDialog({ kind: 'child', parent })}
          onRename={(node) => setDialog({ kind: 'rename', node })}
          onRemove={remove}
          onUndo={undoLast}
          onRedo={redoLast}
        />
        {selected && services ? (
          <SelectedNode key={selected.id} node={selected} services={services} metadata={cache?.tableMetadata} run={run} />
        ) : (
          <p className="catalog-empty">{selectedId && roots ? 'This item is not in the catalog (it may not be loaded yet, or was deleted).' : 'Choose a catalog, schema, table or column in the tree.'}</p>
        )}
      </div>
      {dialog && (
        <NameDialog
          title={dialog.kind === 'catalog' ? 'New catalog' : dialog.kind === 'child' ? childActionOf(dialog.parent.type)!.label : renameTitle(dialog.node)}
          label={dialog.kind === 'child' ? `Name of the new ${childActionOf(dialog.parent.type)!.noun}` : 'Name'}
          initial={dialog.kind === 'rename' ? dialog.node.name : ''}
          confirm={dialog.kind === 'rename' ? 'Rename' : 'Create'}
          validate={(name) => {
            const checked = validateNodeName(name);
            return checked.ok ? null : checked.message;
          }}
          onSubmit={submitDialog}
          onCancel={() => setDialog(null)}
        />
      )}
    </div>
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


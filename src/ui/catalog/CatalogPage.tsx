import { formatDistanceToNow } from 'date-fns';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { TableMetadata, TablePreview } from '../../../contracts/bi';
import { afterKey, NO_NODES, viewAfter, type TreeView } from '../../catalog/expansion';
import { ancestorsOf, cacheKeys, nodeById, nodeId, parseNodeId, treeKey, type TreeIndex } from '../../catalog/tree';
import type { CatalogNode, CatalogNodeId, VisibleRow } from '../../catalog/types';
import { validateNodeName, type CatalogCommandResult } from '../../db/catalogEdits';
import { ROOT_TARGET, UNREACHABLE_MESSAGE, type NodeLoadState } from '../../sync/catalog';
import type { CatalogServices } from '../../sync/catalogServices';
import { useArea } from '../area';
import { NameDialog } from '../components/NameDialog';
import { useAuth } from '../hooks/useAuth';
import { useModHotkey } from '../hooks/useHotkey';
import { useNow } from '../hooks/useNow';
import { useOnline } from '../hooks/useOnline';
import { CatalogToolbar, childActionOf } from './CatalogToolbar';
import { CatalogTree } from './CatalogTree';
import { NodeDetails, type TableFacts } from './NodeDetails';
import { loadTargetOf, useCatalogServices, useCatalogTree } from './useCatalog';

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
  const services = useCatalogServices();
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

  const run = useCallback(
    async (command: Promise<CatalogCommandResult>, done?: (nodeId: CatalogNodeId, result: Extract<CatalogCommandResult, { ok: true }>) => void) => {
      const result = await command;
      if (!result.ok) toast.error(result.message);
      else if (result.events.length > 0) done?.(result.nodeId, result);
      return result;
    },
    [],
  );
  const undoLast = useCallback(() => services && void run(services.commands.undo()), [services, run]);
  const redoLast = useCallback(() => services && void run(services.commands.redo()), [services, run]);
  useModHotkey('z', undoLast, { ignoreInFields: true });
  useModHotkey('z', redoLast, { shift: true, ignoreInFields: true });

  const remove = (node: CatalogNode) => {
    if (!services) return;
    void run(services.commands.remove(node.id), (_id, { events: [deleted] }) => {
      // This delete only: after a later edit, Ctrl+Z / the Undo button step back in order.
      const undoThis = () => void run(services.commands.undo(deleted.id));
      const said = node.created ? `Deleted ${node.type} “${node.name}”.` : `Hid ${node.type} “${node.name}” in this browser; the warehouse still has it.`;
      toast(said, { action: { label: 'Undo', onClick: undoThis } });
      const parent = ancestorsOf(node.id).at(-1);
      navigate(parent ? pathOf(parent) : BASE);
    });
  };

  const submitDialog = (name: string) => {
    if (!services || !dialog) return;
    const command =
      dialog.kind === 'catalog'
        ? services.commands.createCatalog(name)
        : dialog.kind === 'child'
          ? services.commands.addChild(dialog.parent.id, name)
          : services.commands.rename(dialog.node.id, name);
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
        <label className="catalog-search">
          <Search size={15} aria-hidden="true" />
          <input type="search" placeholder="Search catalogs, schemas, tables, columns" aria-label="Search the catalog" value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        </label>
        <CacheNote fetchedAt={cache?.newestFetchedAt ?? null} stale={[...loads.values()].some((state) => state.stale || state.error === UNREACHABLE_MESSAGE)} />
        {search && (
          <p className="catalog-note" role="status">
            {search.count === 0 ? 'Nothing matches.' : `${search.count.toLocaleString('en-US')} ${search.count === 1 ? 'match' : 'matches'}`}
            {serverSearch.failed && ' · the server could not be searched; showing what is cached'}
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

interface SelectedNodeProps {
  node: CatalogNode;
  services: CatalogServices;
  metadata: ReadonlyMap<string, TableMetadata> | undefined;
  run: (command: Promise<CatalogCommandResult>) => Promise<CatalogCommandResult>;
}

function SelectedNode({ node, services, metadata, run }: SelectedNodeProps) {
  const facts = useTableFacts(services, node, metadata);
  const admin = useAuth().user?.role === 'admin';
  const { sqlLab } = useArea();
  const navigate = useNavigate();
  const openInSql = async (sql: string) => {
    const lab = await sqlLab();
    const opened = await lab.tabs.openTab({ name: node.name, sql, databaseId: node.pk, schema: node.schemaName, catalog: null });
    if (opened.ok) navigate('/admin/sql');
    else toast.error(opened.message);
  };
  return (
    <NodeDetails
      node={node}
      facts={facts}
      ownerChoices={services.commands.ownerChoices}
      canOpenInSql={admin && !node.created}
      onOpenInSql={(sql) => void openInSql(sql)}
      onSetOwner={(owner) => void run(services.commands.setOwner(node.id, owner))}
      onSetDescription={(description) => void run(services.commands.setDescription(node.id, description))}
    />
  );
}

/** A server table's metadata (from the cache) and its first rows (asked for when it is selected). */
function useTableFacts(services: CatalogServices, node: CatalogNode, metadata: ReadonlyMap<string, TableMetadata> | undefined): TableFacts | null {
  const isTable = node.type === 'table' && !node.created && node.pk !== null && node.schemaName !== null;
  const [schema, table] = isTable ? [node.schemaName!, parseNodeId(node.id)[2]] : [null, null];
  const [preview, setPreview] = useState<{ key: string; data: TablePreview | null; error: string | null }>({ key: '', data: null, error: null });
  const key = isTable ? node.id : '';
  useEffect(() => {
    if (!isTable || node.pk === null || !schema || !table) return;
    const controller = new AbortController();
    services.api.tablePreview(node.pk, schema, table, { signal: controller.signal }).then(
      (data) => setPreview({ key: node.id, data, error: null }),
      (error: unknown) => !controller.signal.aborted && setPreview({ key: node.id, data: null, error: navigator.onLine ? errorText(error) : 'not available offline' }),
    );
    return () => controller.abort();
  }, [services, isTable, node.id, node.pk, schema, table]);
  return useMemo(() => {
    if (!isTable || node.pk === null || !schema || !table) return null;
    const current = preview.key === key;
    return {
      metadata: metadata?.get(cacheKeys.table(node.pk, schema, table)) ?? null,
      preview: { data: current ? preview.data : null, error: current ? preview.error : null, loading: !current },
    };
  }, [isTable, node.pk, schema, table, metadata, preview, key]);
}

/** A warehouse node is renamed in this browser only, and the dialog says so. */
const renameTitle = (node: CatalogNode) => (node.created ? `Rename ${node.type}` : `Rename ${node.type} in this browser`);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The tree's per-node loading marks: only nodes whose children are not shown yet spin or offer a retry. */
function loadViews(loads: ReadonlyMap<CatalogNodeId, NodeLoadState>, index: TreeIndex | null) {
  const views = new Map<CatalogNodeId, { loading: boolean; error: string | null }>();
  for (const [id, state] of loads) {
    if (id === '' || nodeById(index, id)?.childrenLoaded) continue;
    if (state.status === 'loading' || state.status === 'error') views.set(id, { loading: state.status === 'loading', error: state.status === 'error' ? state.error : null });
  }
  return views;
}

/** Offline (or answered from the cache), say how old what is shown is. */
function CacheNote({ fetchedAt, stale }: { fetchedAt: number | null; stale: boolean }) {
  const online = useOnline();
  const now = useNow(30_000);
  if ((online && !stale) || fetchedAt === null) return null;
  return (
    <p className="catalog-note" role="status">
      {online ? 'The server cannot be reached' : 'Offline'} · cached {formatDistanceToNow(Math.min(fetchedAt, now), { addSuffix: true })}
    </p>
  );
}

/** Back online (and on opening the page), what the user opened is fetched again in the background, nothing collapses. */
function useBackgroundRefresh(services: CatalogServices | null, index: TreeIndex | null, expanded: ReadonlySet<CatalogNodeId>) {
  const online = useOnline();
  const latest = useRef({ index, expanded });
  useEffect(() => {
    latest.current = { index, expanded };
  });
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!services || !cameBack) return;
    const { index: current, expanded: open } = latest.current;
    const targets = [...open].flatMap((id) => {
      const node = nodeById(current, id);
      return node ? [loadTargetOf(node)] : [];
    });
    void services.loader.refreshLoaded([ROOT_TARGET, ...targets]);
  }, [services, online]);
}

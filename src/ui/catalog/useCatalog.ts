import { useEffect, useMemo, useState } from 'react';
import type { TreeView } from '../../model/catalog/expansion';
import { buildCatalogTree, cacheKeys, indexTree, nodeById, NO_ROWS, searchTree, visibleRows, type CatalogSearchHit, type TreeIndex } from '../../model/catalog/tree';
import type { CatalogCache, CatalogNode, CatalogNodeId } from '../../model/catalog/types';
import { ROOT_TARGET, type CatalogBrowser, type LoadTarget, type NodeLoadState } from '../../commands/catalog/browser';
import { featureOn } from '../../../contracts/config';
import { useApp, useSignedIn } from '../appContext';
import { useLive } from '../hooks/live';
import { useLoaded } from '../hooks/useLoaded';

/** How long typing pauses before the server is asked for tables not loaded yet. */
const SERVER_SEARCH_DELAY_MS = 250;
/** At most this many columns found by the server (its own maximum): a common name like member_id has dozens. */
export const COLUMN_HITS = 500;
const NO_LOADS: ReadonlyMap<CatalogNodeId, NodeLoadState> = new Map();

/** The session's catalog browser, once loaded (null before). */
export function useCatalogBrowser(): CatalogBrowser | null {
  return useLoaded(useSignedIn().catalog);
}

/**
 * The tree every tab sees: the cached server metadata and the local edits (both live queries, so
 * another tab's rename or refresh shows here at once), with server search hits while searching.
 */
export function useCatalogTree(services: CatalogBrowser | null, searchText: string, view: TreeView) {
  const cache = useLive((reads) => reads.catalogCache(), []);
  const edits = useLive((reads) => reads.catalogEdits(), []);
  const undo = useLive((reads) => reads.catalogUndo(), []);
  const { features } = useApp().config;
  const serverSearch = useServerSearch(featureOn(features, 'biTableSearch') ? services : null, searchText, featureOn(features, 'biColumnSearch'));
  // Only hits in schemas whose tables are not cached change the tree: the others would rebuild it
  // (100 ms at 100,000 nodes) for nothing each time the server answers.
  const hits = useMemo(() => newHits(cache, serverSearch.hits), [cache, serverSearch.hits]);

  const roots = useMemo(() => (cache && edits ? buildCatalogTree(cache, edits, hits) : null), [cache, edits, hits]);
  const index = useMemo(() => (roots ? indexTree(roots) : null), [roots]);
  const search = useMemo(() => (index ? searchTree(index, searchText) : null), [index, searchText]);
  const rows = useMemo(() => (index ? visibleRows(index, view.open, search, view.closed) : NO_ROWS), [index, view, search]);

  // The catalogs: kept ones show at once and are asked for again in the background (which is
  // also how the page learns the server is unreachable).
  useEffect(() => {
    if (services) void services.metadata.watchNodes([ROOT_TARGET], { force: true });
  }, [services]);

  return { cache, roots, index, search, rows, undo, serverSearch };
}

/**
 * The nodes whose children the page shows (the open ones and the selected one): asked for through
 * the sync worker (once a session; a failed one waits for its Retry), and how each stands, live.
 */
export function useNodeLoads(services: CatalogBrowser | null, index: TreeIndex | null, shown: readonly CatalogNodeId[]) {
  const targets = useMemo(() => [ROOT_TARGET, ...shown.flatMap((id) => nodeTarget(index, id))], [index, shown]);
  const key = targets.map((t) => t.id).join('\n');
  const loads = useLive((reads) => reads.catalogLoads(targets), [key]) ?? NO_LOADS;
  useEffect(() => {
    if (services) void services.metadata.watchNodes(targets.slice(1));
  }, [services, targets]);
  return loads;
}

/** A node the page shows whose children the server has (columns have none; local nodes are not on the server). */
function nodeTarget(index: TreeIndex | null, id: CatalogNodeId): LoadTarget[] {
  const node = nodeById(index, id);
  return node && node.type !== 'column' && !node.created ? [loadTargetOf(node)] : [];
}

/** What the server's search answered for the text being searched. */
export interface ServerSearch {
  hits: CatalogSearchHit[];
  columnsCut: boolean;
  failed: boolean;
  /** Why the server could not search every table (a Superset upstream's bounds), or null. */
  partial: string | null;
}

const NO_SEARCH = { text: '', hits: [], columnsCut: false, failed: false, partial: null };

/**
 * Asks the server for tables and columns matching the text (debounced); offline, or when the BI
 * server has no search (/config.json's biTableSearch false: services null), the search covers what is cached.
 */
function useServerSearch(services: CatalogBrowser | null, text: string, columns: boolean): ServerSearch {
  const [state, setState] = useState<ServerSearch & { text: string }>(NO_SEARCH);
  const trimmed = text.trim();
  // On demand, not live-cached (intentional): each typed text is its own question; offline the tree's cache is searched.
  useEffect(() => {
    if (!services || trimmed.length < 2) return;
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(() => {
      services.searchServer(trimmed, { columnLimit: columns ? COLUMN_HITS : null, signal }).then(
        ({ tables, columns, partial }) => setState({ text: trimmed, hits: [...tables, ...columns], columnsCut: columns.length >= COLUMN_HITS, failed: false, partial }),
        () => !signal.aborted && setState({ ...NO_SEARCH, text: trimmed, failed: true }),
      );
    }, SERVER_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [services, trimmed, columns]);
  const current = trimmed.length >= 2 && state.text === trimmed;
  return current ? { hits: state.hits, columnsCut: state.columnsCut, failed: state.failed, partial: state.partial } : { hits: EMPTY_HITS, columnsCut: false, failed: false, partial: null };
}

const EMPTY_HITS: CatalogSearchHit[] = [];

/** The hits the cache does not hold already: tables of schemas not listed, columns of tables not opened. */
function newHits(cache: CatalogCache | undefined, hits: CatalogSearchHit[]): CatalogSearchHit[] {
  if (!cache || hits.length === 0) return EMPTY_HITS;
  const unseen = hits.filter((hit) =>
    'column' in hit
      ? !cache.tableMetadata.has(cacheKeys.table(hit.database_id, hit.schema, hit.value))
      : !cache.tables.has(cacheKeys.tables(hit.database_id, hit.schema)),
  );
  return unseen.length === 0 ? EMPTY_HITS : unseen;
}

/** Expanding a node asks for its children (once); so does every ancestor of a node chosen by URL. */
export function loadTargetOf(node: CatalogNode): LoadTarget {
  return { id: node.id, pk: node.pk, created: node.created };
}

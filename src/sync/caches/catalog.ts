import type { ColumnSearchHit, TableSearchHit } from '../../../contracts/biCatalog';
import { parseNodeId } from '../../model/catalog/tree';
import type { CatalogNode, CatalogNodeId } from '../../model/catalog/types';
import type { ConsoleDb } from '../../db/schema';
import type { BiMetadataRow } from '../../model/cacheRows';
import type { BiApi, ReadOptions } from '../api/bi.api';
import { isNetworkError, serverMessage } from '../api/http';
import { createBiMetadata, type BiMetadata, type MetadataReadOptions } from './biMetadata';

// ---- Loading children, once ---------------------------------------------------------------------

/** The id that stands for the list of catalogs (the databases), the tree's invisible root. */
export const CATALOG_ROOT: CatalogNodeId = '';

/** What the loader needs of a node: its id (the server's names) and its database. */
export type LoadTarget = Pick<CatalogNode, 'id' | 'pk' | 'created'>;

export const ROOT_TARGET: LoadTarget = { id: CATALOG_ROOT, pk: null, created: false };

export interface NodeLoadState {
  /** `error` only when the children never loaded; a failed refresh keeps `loaded` and sets `error`. */
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** A forced re-fetch of loaded children is under way (the tree keeps showing them). */
  refreshing: boolean;
  fetchedAt: number | null;
  /** Answered from the cache because the server could not be reached. */
  stale: boolean;
  error: string | null;
}

export const IDLE: NodeLoadState = { status: 'idle', refreshing: false, fetchedAt: null, stale: false, error: null };

export const UNREACHABLE_MESSAGE = 'The server cannot be reached, and nothing is kept offline for this item.';

/** How many refreshes run at once: one browser tab should not flood the server. */
const REFRESH_CONCURRENCY = 4;

function messageOf(error: unknown): string {
  if (isNetworkError(error)) return UNREACHABLE_MESSAGE;
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** Columns have nothing under them and local nodes nothing on the server. */
function loadable(target: LoadTarget): boolean {
  return target.id === CATALOG_ROOT || (!target.created && target.pk !== null && parseNodeId(target.id).length < 4);
}

export interface CatalogLoaderDeps {
  db: ConsoleDb;
  api: BiApi;
  /** Shared with the SQL workbench when there is one (the same Dexie cache either way). */
  metadata?: BiMetadata;
}

/**
 * Loads the catalog tree's children from the server through the BI metadata cache (which keeps
 * them in Dexie, so the tree, a live query on readCache, shows them in every tab; see src/db/catalogCache.ts). A node's
 * children are fetched once per session: repeated and concurrent loads share one request; only
 * `refresh` asks again. Per-node states are an external store for useSyncExternalStore.
 */
export function createCatalogLoader({ db, api, metadata = createBiMetadata(db, api) }: CatalogLoaderDeps) {
  let states: ReadonlyMap<CatalogNodeId, NodeLoadState> = new Map();
  const listeners = new Set<() => void>();
  const inFlight = new Map<CatalogNodeId, Promise<NodeLoadState>>();
  const targets = new Map<CatalogNodeId, LoadTarget>();

  const stateOf = (id: CatalogNodeId) => states.get(id) ?? IDLE;

  function setState(id: CatalogNodeId, state: NodeLoadState): NodeLoadState {
    states = new Map(states).set(id, state); // a new map per change: useSyncExternalStore compares snapshots by identity
    for (const listener of listeners) listener();
    return state;
  }

  /** The metadata call that answers a node's children: catalogs → schemas, schemas → tables, tables → columns. */
  function fetchChildren({ id, pk }: LoadTarget, options: MetadataReadOptions): Promise<{ fetchedAt: number; stale: boolean }> {
    const [, schema, table] = parseNodeId(id);
    if (id === CATALOG_ROOT || pk === null) return metadata.databases(options);
    if (schema === undefined) return metadata.schemas(pk, options);
    if (table === undefined) return metadata.tables(pk, schema, options);
    return metadata.table(pk, schema, table, options);
  }

  async function run(target: LoadTarget, before: NodeLoadState, options: MetadataReadOptions): Promise<NodeLoadState> {
    const wasLoaded = before.status === 'loaded';
    setState(target.id, wasLoaded ? { ...before, refreshing: true } : { ...IDLE, status: 'loading' });
    try {
      const { fetchedAt, stale } = await fetchChildren(target, options);
      return setState(target.id, { status: 'loaded', refreshing: false, fetchedAt, stale, error: null });
    } catch (error) {
      // The tree shows a retry on the node; the log keeps the cause for whoever looks into it.
      console.warn(`Catalog: loading the children of "${target.id || '(catalogs)'}" failed`, error);
      const failed = wasLoaded ? { ...before, refreshing: false } : { ...IDLE, status: 'error' as const };
      return setState(target.id, { ...failed, error: messageOf(error) });
    }
  }

  /** Loads a node's children unless this session loaded them already (or `refresh`). Never rejects: failures are states. */
  function load(target: LoadTarget, { refresh = false }: { refresh?: boolean } = {}): Promise<NodeLoadState> {
    return start(target, { force: refresh });
  }

  function start(target: LoadTarget, options: MetadataReadOptions): Promise<NodeLoadState> {
    if (!loadable(target)) return Promise.resolve(stateOf(target.id));
    const running = inFlight.get(target.id);
    if (running) return running;
    const before = stateOf(target.id);
    if (before.status === 'loaded' && !options.force) return Promise.resolve(before);
    targets.set(target.id, target);
    const promise = run(target, before, options).finally(() => inFlight.delete(target.id));
    inFlight.set(target.id, promise);
    return promise;
  }

  /**
   * Runs loads a few at a time, outer nodes first, and keeps their answers in one write at the end:
   * the tree is built from the whole cache, and one rebuild beats one per node (about 0.1 s each
   * at 100,000 nodes). Until then the tree shows what it had.
   */
  async function refreshAll(list: LoadTarget[]): Promise<void> {
    const queue = [...list].sort((a, b) => (a.id === CATALOG_ROOT ? -1 : parseNodeId(a.id).length) - (b.id === CATALOG_ROOT ? -1 : parseNodeId(b.id).length));
    const batch: BiMetadataRow[] = [];
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) await start(target, { force: true, batch });
    };
    await Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
    if (batch.length > 0) await db.biMetadata.bulkPut(batch);
  }

  return {
    load,
    /** Tries a failed node again (a failed refresh is forced again). */
    retry(id: CatalogNodeId): Promise<NodeLoadState> {
      const target = targets.get(id);
      return target ? load(target, { refresh: stateOf(id).status === 'loaded' }) : Promise.resolve(stateOf(id));
    },
    /**
     * Re-fetches, in the background, every node this session loaded (plus `also`, e.g. the nodes
     * the tree shows loaded from an earlier session). Nodes keep `loaded` while it runs, so the
     * tree and its expansion stay as they are; the new answers replace the cached ones.
     */
    refreshLoaded(also: Iterable<LoadTarget> = []): Promise<void> {
      const loaded = [...targets.values()].filter((t) => stateOf(t.id).status === 'loaded');
      const extra = [...also].filter((t) => loadable(t) && !targets.has(t.id));
      return refreshAll([...loaded, ...extra]);
    },
    /** The server's table search (names across every catalog); empty text answers nothing without asking. */
    searchServer(text: string, { limit, signal }: { limit?: number } & ReadOptions = {}): Promise<TableSearchHit[]> {
      const trimmed = text.trim();
      return trimmed === '' ? Promise.resolve([]) : api.searchTables(trimmed, limit, { signal });
    },
    /** The server's column search (every table's columns, opened or not); empty text answers nothing without asking. */
    searchServerColumns(text: string, { limit, signal }: { limit?: number } & ReadOptions = {}): Promise<ColumnSearchHit[]> {
      const trimmed = text.trim();
      return trimmed === '' ? Promise.resolve([]) : api.searchColumns(trimmed, limit, { signal });
    },
    stateOf,
    getSnapshot: (): ReadonlyMap<CatalogNodeId, NodeLoadState> => states,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CatalogLoader = ReturnType<typeof createCatalogLoader>;

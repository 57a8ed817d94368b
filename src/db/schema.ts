import Dexie, { type Table } from 'dexie';
import type { CatalogEditRow } from '../catalog/types';
import type { Nbformat45 } from '../notebook/types';
import type { ConsoleEvent, SavedQueryDraft, SqlTabEstimate } from './events';
import type { SaveRow, SaveRowState } from './projections/saves';
import type { WorkspaceFileRow, NotebookCacheRow, WorkflowViewRow, BiMetadataRow, SavedQueryCacheRow, CacheMetaRow, SqlResultMetaRow, SqlResultRow, SqlLocalHistoryRow } from './cacheRows';
import { carrySavesOver } from './upgrades';

/** Local-only UI state: never synced, never part of the event log. */
export interface UiStateRow {
  key: string;
  value: unknown;
}

export interface RecentVisit {
  username: string;
  path: string;
  title: string;
  visitedAt: number;
}

// ---- Projections (written only by append()) ------------------------------------------------

export type SaveState = 'sending' | 'queued' | 'applied' | 'failed' | 'discarded';

/** One workspace change the user made, with where its save stands. Keyed by the change's event id. */
export interface WorkspaceChangeRow {
  id: string;
  seq: number;
  at: number;
  kind: 'folderCreated' | 'notebookCreated' | 'renamed' | 'deleted' | 'restored' | 'favorited' | 'purged' | 'notebookSaved';
  path: string;
  newPath?: string;
  /** A 'favorited' change: starred (true) or unstarred. */
  isFavorite?: boolean;
  state: SaveState;
  status?: number;
  message?: string;
}

/**
 * One SQL workbench tab (keyed by its id). Order, closing and activation are the seqs of the events
 * that did them, so the active tab and the closed-tabs stack follow from the rows alone.
 */
export interface SqlTabRow {
  id: string;
  name: string;
  sql: string;
  /** The key of this tab's results in the results cache (sqlResults); the entry may be gone (evicted). */
  results: string;
  databaseId: number | null;
  catalog: string | null;
  schema: string | null;
  tags: string[];
  createdBy: string;
  /** Epoch milliseconds. */
  createdAt: number;
  isFavorite: boolean;
  estimate: SqlTabEstimate | null;
  /** Position among the tabs: the seq of the event that opened it (a reopened tab goes back to its place). */
  order: number;
  isClosed: boolean;
  /** Seq of the close while closed (absent when open, so the index lists closed tabs only). */
  closedSeq?: number;
  /** Seq of the last activation; the open tab with the highest one is the active tab. */
  activatedSeq?: number;
}

/** One change the server has to be told of, with where its save stands (the saves projection owns its shape). */
export type { SaveRow, SaveRowState };

/** What this browser did to one saved query (keyed by its local id); see projections/savedQueries.ts. */
export interface SavedQueryRow {
  id: string;
  /** The server's id, once known (from the server's list, or the answer to this browser's create). */
  serverId: number | null;
  /** The fields set here: all of them for a query created (or restored) here. */
  query: Partial<SavedQueryDraft>;
  created: boolean;
  /** Set here; absent when only the server's mark is known. */
  isFavorite?: boolean;
  isDeleted: boolean;
  /** The seq and time of its latest change here. */
  seq: number;
  at: number;
}

/**
 * One open notebook (keyed by its docId), as its events make it; see projections/notebookDocs.ts.
 * `path` is where it was (last) opened: its current path follows later renames (src/db/notebookDocs.ts).
 */
export interface NotebookDocRow {
  docId: string;
  path: string;
  /** Seq of its latest NotebookOpened: renames after it move the doc, edits before it are not undone. */
  openedSeq: number;
  notebook: Nbformat45;
  /** The server's version the doc is based on (If-Match of its next save); unknown for a notebook not on the server yet. */
  baseVersion?: string;
  /** Seq of its latest edit (or of its opening). */
  lastEditSeq: number;
  /** Seq of the latest edit a save the server applied held. */
  savedEditSeq: number;
  /** Holds edits the server does not have yet. */
  dirty: boolean;
  /** The change id of its latest save (WorkspaceNotebookSaved): how that save went is in `saves`. */
  saveId?: string;
}

/**
 * One notebook open as a tab in the editor on this device (keyed by its doc id); see
 * projections/notebookTabs.ts. Its name and path are its doc's (they follow renames).
 */
export interface NotebookTabRow {
  id: string;
  /** Position in the strip: the seq of the event that opened it (last). */
  order: number;
  isClosed: boolean;
  /** Seq of the close while closed. */
  closedSeq?: number;
  /** Seq of the last opening or activation. */
  activatedSeq?: number;
}

/** The catalog browser's local overlay of one node (created, renamed, deleted, owner, description); see src/catalog/types.ts. */
export type { CatalogEditRow };

// ---- Caches of server data (written by the sync layer; never events): cacheRows.ts ----------

export type { WorkspaceFileRow, NotebookCacheRow, WorkflowViewRow, BiMetadataRow, SavedQueryCacheRow, CacheMetaRow, SqlResultMetaRow, SqlResultRow, SqlLocalHistoryRow };

/**
 * The console's one IndexedDB database, shared by every tab, the sync worker and the service
 * worker. Every version stays here with its upgrade, so an installed console opened after months
 * still migrates step by step.
 */
export class ConsoleDb extends Dexie {
  uiState!: Table<UiStateRow, string>;
  recentVisits!: Table<RecentVisit, [string, string]>;
  events!: Table<ConsoleEvent, number>;
  workspaceChanges!: Table<WorkspaceChangeRow, string>;
  workspaceFiles!: Table<WorkspaceFileRow, string>;
  cacheMeta!: Table<CacheMetaRow, string>;
  sqlTabs!: Table<SqlTabRow, string>;
  sqlResultsMeta!: Table<SqlResultMetaRow, string>;
  sqlResults!: Table<SqlResultRow, string>;
  sqlLocalHistory!: Table<SqlLocalHistoryRow, string>;
  biMetadata!: Table<BiMetadataRow, string>;
  catalogEdits!: Table<CatalogEditRow, string>;
  saves!: Table<SaveRow, string>;
  savedQueries!: Table<SavedQueryRow, string>;
  savedQueryCache!: Table<SavedQueryCacheRow, number>;
  notebookCache!: Table<NotebookCacheRow, string>;
  notebookDocs!: Table<NotebookDocRow, string>;
  notebookTabs!: Table<NotebookTabRow, string>;
  workflowViews!: Table<WorkflowViewRow, string>;

  constructor(name = 'data-platform-console') {
    super(name);
    this.version(1).stores({
      uiState: 'key',
      recentVisits: '[username+path], [username+visitedAt]',
    });
    // v2: the event log, its first projection, server caches and the save queue. Nothing to migrate.
    this.version(2).stores({
      events: '++seq, &id, aggregateId, type, [aggregateId+seq]',
      workspaceChanges: 'id, seq, state, path',
      workspaceFiles: 'path, bucket',
      cacheMeta: 'key',
      outbox: '++seq, &key, state',
    });
    // v3: SQL workbench tabs (a projection of Sql* events), its results cache and offline history.
    // New tables only: the log holds no SQL events yet, so there is nothing to migrate or rebuild.
    this.version(3).stores({
      sqlTabs: 'id, order, closedSeq',
      sqlResultsMeta: 'tabId, lastUsedAt',
      sqlResults: 'tabId',
      sqlLocalHistory: 'id, startedAt',
      biMetadata: 'key',
    });
    // v4: the catalog browser's local edits (a projection of Catalog* events, keyed by node id).
    // A new table only: the log holds no catalog events yet, so there is nothing to migrate or rebuild.
    this.version(4).stores({
      catalogEdits: 'id, seq',
    });
    // v5: the log is the one queue of saves. `saves` (a projection: every change the server has to be
    // told of) is built from the log; what the service worker's outbox held without a change in the
    // log is carried into it, and the outbox goes. Saved queries become events (savedQueries, a
    // projection) over a cache of the server's list (savedQueryCache).
    this.version(5)
      .stores({
        saves: 'id, seq, [state+seq], subject',
        savedQueries: 'id, serverId',
        savedQueryCache: 'id',
        outbox: null,
      })
      .upgrade(carrySavesOver);
    // v6: notebooks read from the server, kept for reading offline. A new table only.
    this.version(6).stores({
      notebookCache: 'path, readAt',
    });
    // v7: open notebooks as events (a projection of Notebook* events, keyed by doc id). A new table
    // only: the log holds no notebook events yet, so there is nothing to migrate or rebuild.
    this.version(7).stores({
      notebookDocs: 'docId, path',
    });
    // v8: the notebook editor's tabs (a projection of NotebookTab* events, keyed by doc id). A new
    // table only: the log holds no tab events yet, so there is nothing to migrate or rebuild.
    this.version(8).stores({
      notebookTabs: 'id, order',
    });
    // v9: workflow views fetched from the server (a cache, read offline with its age). A new table only.
    this.version(9).stores({
      workflowViews: 'key, viewedAt',
    });
  }
}

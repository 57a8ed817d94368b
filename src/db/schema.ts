import Dexie, { type Table } from 'dexie';
import type { CatalogEditRow } from '../model/catalog/types';
import type { ConsoleEvent } from '../model/events';
import type { SaveRow } from '../model/saves/projection';
import type { NotebookDocRow, NotebookTabRow, RecentVisit, SavedQueryRow, SqlTabRow, UiStateRow, WorkspaceChangeRow } from '../model/rows';
import type { WorkspaceFileRow, NotebookCacheRow, WorkflowViewRow, BiMetadataRow, SavedQueryCacheRow, CacheMetaRow, SqlResultMetaRow, SqlResultRow, SqlLocalHistoryRow } from '../model/cacheRows';
import { carrySavesOver } from './upgrades';

// Row types: src/model/rows.ts (projections and UI state), cacheRows.ts (server data), saves/projection.ts, catalog/types.ts.

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
    // v10: BI metadata is asked for by the screens and fetched by the sync worker: the pending
    // requests are indexed. Rows kept so far stay as they are (answers, none wanted).
    this.version(10).stores({
      biMetadata: 'key, wantedAt',
    });
  }
}

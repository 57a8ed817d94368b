import Dexie, { type Table } from 'dexie';
import type { ConsoleEvent } from './events';

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
  kind: 'folderCreated' | 'notebookCreated' | 'renamed' | 'deleted' | 'restored';
  path: string;
  newPath?: string;
  state: SaveState;
  status?: number;
  message?: string;
}

// ---- Caches of server data (written by the sync layer; never events) -----------------------

export interface WorkspaceFileRow {
  path: string;
  id: string;
  name: string;
  type: 'notebook' | 'folder';
  owner: string;
  createdAt: string;
  isFavorite: boolean;
  isDeleted: boolean;
  /** The server's version of the item, sent back as If-Match. */
  version?: string;
  bucket: string;
  fetchedAt: number;
}

/** When each cached resource was last fetched, and how that went. */
export interface CacheMetaRow {
  key: string;
  fetchedAt: number;
  error?: string;
}

// ---- The service worker's queue of saves ---------------------------------------------------

/** A save that could not reach the server. `failed` ones wait for the user (retry, discard, copy). */
export interface OutboxRow {
  seq?: number;
  /** The Idempotency-Key it is (re)sent with. */
  key: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  /** What the user did, in words ("Rename a.ipynb to b.ipynb"). */
  label: string;
  /** The event id of the change it saves, when it came from the event log. */
  changeId?: string;
  createdAt: number;
  attempts: number;
  state: 'queued' | 'failed';
  status?: number;
  error?: string;
}

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
  outbox!: Table<OutboxRow, number>;

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
  }
}

import type { ExecuteResponse } from '../../contracts/bi';
import type { SavedQuery } from '../../contracts/biSqlLab';
import type { WorkflowView } from './workflow/views';

/** Rows of the caches of server data (written by the sync layer; never events); the tables are in schema.ts. */

export interface WorkspaceFileRow {
  path: string;
  id: string;
  name: string;
  type: 'notebook' | 'folder';
  owner: string;
  createdAt: string;
  /** Absent in rows cached before it was kept. */
  updatedAt?: string;
  isFavorite: boolean;
  isDeleted: boolean;
  /** Deleted items: when (absent in rows cached before it was kept). */
  deletedAt?: string;
  /** The server's version of the item, sent back as If-Match. */
  version?: string;
  bucket: string;
  fetchedAt: number;
}

/** A notebook's file as the server last gave it to this browser: read offline when the server is away. */
export interface NotebookCacheRow {
  path: string;
  content: string;
  /** The server's version of that content (absent in rows kept before it was). */
  version?: string;
  /** Epoch milliseconds: the least recently read go first when the cache is full. */
  readAt: number;
}

/** One answer of the BI metadata API (databases, schemas, tables, a table's columns), for offline use and autocomplete. */
/** One workflow view (src/model/workflow/views.ts): the request, its last answer, and who looks at it. */
export interface WorkflowViewRow {
  key: string;
  view: WorkflowView;
  /** Absent until the first answer came. */
  value?: unknown;
  fetchedAt?: number;
  /** The last time a tab showed it: the sync worker refreshes the views looked at lately. */
  viewedAt: number;
  /** Why the last fetch failed, when it did. */
  error?: string;
  /** Not asked again before this time: the server said when to (Retry-After), e.g. while Airflow reads a slow structure. */
  retryAt?: number;
}

export interface BiMetadataRow {
  /** e.g. "databases", "schemas/1", "tables/1/gaming", "table/1/gaming/bet_reports". */
  key: string;
  /** Absent until the first answer came. */
  value?: unknown;
  fetchedAt?: number;
  /** A screen asked for a (new) answer at this time; cleared once the sync worker tried after it. */
  wantedAt?: number;
  /** When the sync worker last started fetching it. */
  triedAt?: number;
  /** Why the last fetch failed, when it did (the last answer stays). */
  error?: string;
}

/** One saved query as the server listed it, with its favourite mark (keyed by the server's id). */
export interface SavedQueryCacheRow extends SavedQuery {
  isFavorite: boolean;
  fetchedAt: number;
}

/** A poll's error when no answer came at all (network down, server stopped, a gateway's 502/503/504). */
export const SERVER_UNREACHABLE = 'the server could not be reached';

/** When each cached resource was last fetched, and how that went. */
export interface CacheMetaRow {
  key: string;
  fetchedAt: number;
  error?: string;
}

/** The size and age of one cached SQL result; kept apart from the rows so sizing the cache reads no rows. */
export interface SqlResultMetaRow {
  tabId: string;
  /** Estimated size of the stored result. */
  bytes: number;
  rowCount: number;
  storedAt: number;
  /** When it was stored or last shown: the least recently used is evicted first. */
  lastUsedAt: number;
  /** False for a result larger than the whole cap: kept only until the next result or reload, evicted first. */
  kept?: boolean;
}

/** The result of a tab's last run, as the server sent it (up to 100,000 rows). */
export interface SqlResultRow {
  tabId: string;
  response: ExecuteResponse;
}

/** A query run while offline (the server keeps the history of the others). */
export interface SqlLocalHistoryRow {
  id: string;
  sql: string;
  tabName: string;
  databaseId: number | null;
  schema: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  status: 'success' | 'failed';
  error: string | null;
}

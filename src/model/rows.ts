import type { Nbformat45 } from './nbformat/types';
import type { SavedQueryDraft, SqlTabEstimate } from './events';

/**
 * The rows of the tables the event log projects into (written only by append()) and of local UI
 * state; src/db/schema.ts declares the tables. Caches of server data are in cacheRows.ts, a save's
 * row in saves/projection.ts, a catalog edit's in catalog/types.ts.
 */

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

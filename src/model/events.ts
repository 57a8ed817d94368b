import type { CatalogNodeType } from './catalog/types';
import type { CellEdit } from './notebookDoc/edits';
import type { Output } from './nbformat/types';

import type { ConsoleEvent, Origin } from './consoleEvent';

export type { ConsoleEvent, Origin } from './consoleEvent';

// ---- Workspace (aggregate id: `workspace`) -------------------------------------------------

export const WORKSPACE_AGGREGATE = 'workspace';

/** A change the user made to workspace files; its event id is the save's Idempotency-Key. */
export type WorkspaceChangeEvent =
  | ConsoleEvent<{ path: string }> & { type: 'WorkspaceFolderCreated' }
  | ConsoleEvent<{ path: string; content: string }> & { type: 'WorkspaceNotebookCreated' }
  /** `group`: the renames of one move share it, so they are one undo step (see UndoLink). */
  | ConsoleEvent<{ oldPath: string; newPath: string; version?: string; group?: string }> & { type: 'WorkspaceItemRenamed' }
  | ConsoleEvent<{ path: string; version?: string }> & { type: 'WorkspaceItemDeleted' }
  | ConsoleEvent<{ path: string }> & { type: 'WorkspaceItemRestored' }
  | ConsoleEvent<{ path: string; isFavorite: boolean; version?: string }> & { type: 'WorkspaceItemFavorited' }
  /** A trashed item deleted for good (`id`: which one, when several were trashed at that path). Not undoable. */
  | ConsoleEvent<{ path: string; id?: string }> & { type: 'WorkspaceItemPurged' }
  /**
   * An open notebook written to its file (POST /files). `version`: the server's version the doc was
   * based on when saved; `editSeq`: the doc's last edit it holds. Not undoable (the doc's edits are).
   */
  | ConsoleEvent<NotebookSavedPayload> & { type: 'WorkspaceNotebookSaved' };

export interface NotebookSavedPayload {
  path: string;
  content: string;
  version?: string;
  docId: string;
  editSeq: number;
}

/**
 * What became of a change's save in earlier versions (the service worker recorded some of these).
 * Still read from old logs; new outcomes are the generic Save* events below.
 */
export type WorkspaceSaveEvent =
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveQueued' }
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveApplied' }
  | ConsoleEvent<{ changeId: string; status: number; message: string }> & { type: 'WorkspaceSaveFailed' }
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveDiscarded' };

export type WorkspaceChangeType = WorkspaceChangeEvent['type'];
export type WorkspaceSaveType = WorkspaceSaveEvent['type'];

/** Every workspace change type, in one list: the sets here and the commands' event reads use it. */
export const WORKSPACE_CHANGE_TYPES: readonly WorkspaceChangeType[] = [
  'WorkspaceFolderCreated',
  'WorkspaceNotebookCreated',
  'WorkspaceItemRenamed',
  'WorkspaceItemDeleted',
  'WorkspaceItemRestored',
  'WorkspaceItemFavorited',
  'WorkspaceItemPurged',
  'WorkspaceNotebookSaved',
];
const WORKSPACE_CHANGE_TYPE_SET: ReadonlySet<string> = new Set(WORKSPACE_CHANGE_TYPES);
const WORKSPACE_SAVE_TYPES: ReadonlySet<string> = new Set<WorkspaceSaveType>([
  'WorkspaceSaveQueued',
  'WorkspaceSaveApplied',
  'WorkspaceSaveFailed',
  'WorkspaceSaveDiscarded',
]);

export function isWorkspaceChangeEvent(event: ConsoleEvent): event is WorkspaceChangeEvent {
  return WORKSPACE_CHANGE_TYPE_SET.has(event.type);
}

export function isWorkspaceSaveEvent(event: ConsoleEvent): event is WorkspaceSaveEvent {
  return WORKSPACE_SAVE_TYPES.has(event.type);
}

// ---- Open notebooks (aggregate id: `notebook:<docId>`, one undo history per notebook) ----------

export const NOTEBOOK_AGGREGATE_PREFIX = 'notebook:';
export const notebookAggregate = (docId: string) => `${NOTEBOOK_AGGREGATE_PREFIX}${docId}`;

/**
 * An open notebook as events. NotebookOpened is its base (first open, or the server's file taken
 * after a conflict; `copyOf`: the doc now lives at a copy of that path, its history kept). Edits
 * carry their inverse, computed against the doc they applied to, so undo needs no replay.
 * Outputs of a run are recorded once it is done (not undoable, like the run itself).
 */
export type NotebookDocEvent =
  | ConsoleEvent<{ docId: string; path: string; content: string; version?: string; copyOf?: string }> & { type: 'NotebookOpened' }
  | ConsoleEvent<{ edit: CellEdit; inverse: CellEdit; group?: string }> & { type: 'NotebookEdited' }
  | ConsoleEvent<{ cellId: string; outputs: Output[]; executionCount: number | null }> & { type: 'NotebookOutputsRecorded' };

const NOTEBOOK_DOC_TYPES: ReadonlySet<string> = new Set<NotebookDocEvent['type']>(['NotebookOpened', 'NotebookEdited', 'NotebookOutputsRecorded']);

export function isNotebookDocEvent(event: ConsoleEvent): event is NotebookDocEvent {
  return event.aggregateId.startsWith(NOTEBOOK_AGGREGATE_PREFIX) && NOTEBOOK_DOC_TYPES.has(event.type);
}

// ---- Saves (aggregate id: the change's own) -------------------------------------------------

/**
 * What became of a change's save, written by the sender (src/sync/outbox/sender.ts). A change with
 * none of these (or a retry after its failure) is a pending save: the log is the queue.
 * `answer` keeps what the server's answer adds to the change (a saved query's server id).
 */
export type SaveOutcomeEvent =
  | ConsoleEvent<{ changeId: string; answer?: Record<string, unknown> }> & { type: 'SaveApplied' }
  | ConsoleEvent<{ changeId: string; status: number; message: string; attempt: number }> & { type: 'SaveFailed' }
  | ConsoleEvent<{ changeId: string; attempt: number; overwrite: boolean }> & { type: 'SaveRetried' }
  | ConsoleEvent<{ changeId: string }> & { type: 'SaveDiscarded' };

const SAVE_OUTCOME_TYPES: ReadonlySet<string> = new Set<SaveOutcomeEvent['type']>(['SaveApplied', 'SaveFailed', 'SaveRetried', 'SaveDiscarded']);

export function isSaveOutcomeEvent(event: ConsoleEvent): event is SaveOutcomeEvent {
  return SAVE_OUTCOME_TYPES.has(event.type);
}

// ---- Saved queries (aggregate id: `saved-queries`, one undo history for the Queries page) -----

export const SAVED_QUERIES_AGGREGATE = 'saved-queries';

/** A saved query's own fields, as the user wrote them. */
export interface SavedQueryDraft {
  label: string;
  sql: string;
  description: string | null;
  dbId: number;
  catalog: string | null;
  schema: string | null;
}

/**
 * Saved queries are named by a local id (a ULID, or `server:<id>` for one first seen in the
 * server's list); `serverId` is the server's id when the writer knew it. A query created here gets
 * its server id from its save's SaveApplied answer, and the projection keeps both. `name` is the
 * query's label when the event was written, for the sync panel's words.
 */
export type SavedQueryEvent =
  | ConsoleEvent<{ id: string; query: SavedQueryDraft }> & { type: 'SavedQueryCreated' }
  | ConsoleEvent<{ id: string; serverId: number | null; name: string; changes: Partial<SavedQueryDraft>; from: Partial<SavedQueryDraft> }> & { type: 'SavedQueryEdited' }
  | ConsoleEvent<{ id: string; serverId: number | null; name: string }> & { type: 'SavedQueryFavorited' }
  | ConsoleEvent<{ id: string; serverId: number | null; name: string }> & { type: 'SavedQueryUnfavorited' }
  | ConsoleEvent<{ id: string; serverId: number | null; query: SavedQueryDraft }> & { type: 'SavedQueryDeleted' }
  | ConsoleEvent<{ id: string; query: SavedQueryDraft }> & { type: 'SavedQueryRestored' };

const SAVED_QUERY_TYPES: ReadonlySet<string> = new Set<SavedQueryEvent['type']>([
  'SavedQueryCreated',
  'SavedQueryEdited',
  'SavedQueryFavorited',
  'SavedQueryUnfavorited',
  'SavedQueryDeleted',
  'SavedQueryRestored',
]);

export function isSavedQueryEvent(event: ConsoleEvent): event is SavedQueryEvent {
  return SAVED_QUERY_TYPES.has(event.type);
}

// ---- SQL workbench tabs and notebook editor tabs: sqlTab/events.ts, notebookTab/events.ts (re-exported here) ---

export * from './sqlTab/events';
export * from './notebookTab/events';

// ---- Catalog browser's local edits (aggregate id: `catalog`) ----------------------------------

export const CATALOG_AGGREGATE = 'catalog';

/** Ids are the nodes' paths (see src/model/catalog/types.ts); a created node's id is chosen by the command. */
export interface CatalogNodeCreatedPayload {
  id: string;
  parentId: string | null;
  type: CatalogNodeType;
  name: string;
  /** Column data type or table kind, when known. */
  detail?: string | null;
}

/**
 * Edits of the catalog that stay in this browser. Each payload carries the value it replaces
 * (`from`), so undo needs neither the server's data nor a replay. For owner and description,
 * null means "no local value" (the server's shows through): `from: null` undoes to that.
 */
export type CatalogEvent =
  | ConsoleEvent<CatalogNodeCreatedPayload> & { type: 'CatalogNodeCreated' }
  | ConsoleEvent<{ id: string; name: string; from: string }> & { type: 'CatalogNodeRenamed' }
  /** `hidden`: a server node hidden in this browser (the warehouse keeps it), not a local node deleted. */
  | ConsoleEvent<{ id: string; hidden?: true }> & { type: 'CatalogNodeDeleted' }
  | ConsoleEvent<{ id: string }> & { type: 'CatalogNodeRestored' }
  | ConsoleEvent<{ id: string; owner: string | null; from: string | null }> & { type: 'CatalogOwnerSet' }
  | ConsoleEvent<{ id: string; description: string | null; from: string | null }> & { type: 'CatalogDescriptionSet' };

export type CatalogEventType = CatalogEvent['type'];

const CATALOG_TYPES: ReadonlySet<string> = new Set<CatalogEventType>([
  'CatalogNodeCreated',
  'CatalogNodeRenamed',
  'CatalogNodeDeleted',
  'CatalogNodeRestored',
  'CatalogOwnerSet',
  'CatalogDescriptionSet',
]);

export function isCatalogEvent(event: ConsoleEvent): event is CatalogEvent {
  return event.aggregateId === CATALOG_AGGREGATE && CATALOG_TYPES.has(event.type);
}

// ---- Writing events -----------------------------------------------------------------------

/** What an event says, without who wrote it or when. Inverses (undo) are expressed as this. */
export interface EventBody<P = unknown> {
  type: string;
  payload: P;
}

/** Everything needed to write a new event; the rest comes from the writer's identity and defaults. */
export interface NewEventSpec<P = unknown> extends EventBody<P> {
  aggregateId: string;
  origin?: Origin;
  v?: number;
  at?: number;
  id?: string;
}

/**
 * Undo and redo are ordinary events whose payload links back to the user action they act on
 * (the id of the original event). See undo.ts.
 */
export interface UndoLink {
  undoOf?: string;
  redoOf?: string;
  /** Consecutive actions with the same group are one undo step (a move of several items). */
  group?: string;
}

/** The inverse of an event (what undoes it), or null when the event is not undoable. */
export type Invert = (event: ConsoleEvent) => EventBody<Record<string, unknown>> | null;

/** An inverter that depends on the whole history (a later event can make an earlier one not undoable). */
export interface HistoryInvert {
  ofHistory(history: readonly ConsoleEvent[]): Invert;
}

/** What undo and redo are given: a plain inverter or one built from the history. */
export type Inversion = Invert | HistoryInvert;

export const inverterFor = (inversion: Inversion, history: readonly ConsoleEvent[]): Invert =>
  typeof inversion === 'function' ? inversion : inversion.ofHistory(history);

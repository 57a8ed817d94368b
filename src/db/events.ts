import type { CatalogNodeType } from '../catalog/types';

/**
 * The event log's shapes. An event is a past-tense fact about something the user authored.
 * `origin` says where it came from: remote and replayed events never push undo entries,
 * trigger outbound saves or show toasts.
 */
export type Origin = 'local' | 'remote' | 'replay';

export interface ConsoleEvent<P = unknown> {
  /** Local order, assigned by IndexedDB on append. */
  seq?: number;
  /** ULID: unique, sortable by creation time. */
  id: string;
  type: string;
  aggregateId: string;
  /** Epoch milliseconds. */
  at: number;
  /** This browser profile (stable across tabs and reloads). */
  clientId: string;
  /** The tab (or 'service-worker') that wrote it. */
  tabId: string;
  origin: Origin;
  /** Schema version of the payload, for upcasting old events. */
  v: number;
  payload: P;
}

// ---- Workspace (aggregate id: `workspace`) -------------------------------------------------

export const WORKSPACE_AGGREGATE = 'workspace';

/** A change the user made to workspace files; its event id is the save's Idempotency-Key. */
export type WorkspaceChangeEvent =
  | ConsoleEvent<{ path: string }> & { type: 'WorkspaceFolderCreated' }
  | ConsoleEvent<{ path: string; content: string }> & { type: 'WorkspaceNotebookCreated' }
  | ConsoleEvent<{ oldPath: string; newPath: string; version?: string }> & { type: 'WorkspaceItemRenamed' }
  | ConsoleEvent<{ path: string; version?: string }> & { type: 'WorkspaceItemDeleted' }
  | ConsoleEvent<{ path: string }> & { type: 'WorkspaceItemRestored' };

/** What became of a change's save (written by the page or by the service worker on replay). */
export type WorkspaceSaveEvent =
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveQueued' }
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveApplied' }
  | ConsoleEvent<{ changeId: string; status: number; message: string }> & { type: 'WorkspaceSaveFailed' }
  | ConsoleEvent<{ changeId: string }> & { type: 'WorkspaceSaveDiscarded' };

export type WorkspaceEvent = WorkspaceChangeEvent | WorkspaceSaveEvent;
export type WorkspaceChangeType = WorkspaceChangeEvent['type'];
export type WorkspaceSaveType = WorkspaceSaveEvent['type'];

const WORKSPACE_CHANGE_TYPES: ReadonlySet<string> = new Set<WorkspaceChangeType>([
  'WorkspaceFolderCreated',
  'WorkspaceNotebookCreated',
  'WorkspaceItemRenamed',
  'WorkspaceItemDeleted',
  'WorkspaceItemRestored',
]);
const WORKSPACE_SAVE_TYPES: ReadonlySet<string> = new Set<WorkspaceSaveType>([
  'WorkspaceSaveQueued',
  'WorkspaceSaveApplied',
  'WorkspaceSaveFailed',
  'WorkspaceSaveDiscarded',
]);

export function isWorkspaceChangeEvent(event: ConsoleEvent): event is WorkspaceChangeEvent {
  return WORKSPACE_CHANGE_TYPES.has(event.type);
}

export function isWorkspaceSaveEvent(event: ConsoleEvent): event is WorkspaceSaveEvent {
  return WORKSPACE_SAVE_TYPES.has(event.type);
}

// ---- SQL workbench tabs (aggregate id: the tab id) ------------------------------------------

/** The cost the server estimated for a tab's query (Superset's estimate, flattened). */
export interface SqlTabEstimate {
  /** Epoch milliseconds. */
  startDttm: number;
  endDttm: number;
  totalRows: number;
  cpuCost: number;
  outputSize: number;
}

/** Where a tab's queries run. Null where the user has not chosen (yet). */
export interface SqlTabLocation {
  databaseId: number | null;
  catalog: string | null;
  schema: string | null;
}

export interface SqlTabOpenedPayload extends SqlTabLocation {
  id: string;
  name: string;
  sql: string;
  createdBy: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/**
 * What the user did to a SQL tab. Payloads carry only the new value: undo finds the old one by
 * replaying the tab's own history (see sqlTabInverse.ts), which keeps text events small.
 */
export type SqlTabEvent =
  | ConsoleEvent<SqlTabOpenedPayload> & { type: 'SqlTabOpened' }
  | ConsoleEvent<{ name: string }> & { type: 'SqlTabRenamed' }
  | ConsoleEvent<{ sql: string }> & { type: 'SqlTextChanged' }
  | ConsoleEvent<object> & { type: 'SqlTabClosed' }
  | ConsoleEvent<object> & { type: 'SqlTabReopened' }
  | ConsoleEvent<object> & { type: 'SqlTabActivated' }
  | ConsoleEvent<SqlTabLocation> & { type: 'SqlTabSchemaChanged' }
  | ConsoleEvent<object> & { type: 'SqlTabFavorited' }
  | ConsoleEvent<object> & { type: 'SqlTabUnfavorited' }
  | ConsoleEvent<{ tag: string }> & { type: 'SqlTabTagged' }
  | ConsoleEvent<{ tag: string }> & { type: 'SqlTabUntagged' }
  | ConsoleEvent<SqlTabEstimate> & { type: 'SqlTabEstimated' }
  | ConsoleEvent<object> & { type: 'SqlTabEstimateCleared' };

export type SqlTabEventType = SqlTabEvent['type'];

const SQL_TAB_TYPES: ReadonlySet<string> = new Set<SqlTabEventType>([
  'SqlTabOpened',
  'SqlTabRenamed',
  'SqlTextChanged',
  'SqlTabClosed',
  'SqlTabReopened',
  'SqlTabActivated',
  'SqlTabSchemaChanged',
  'SqlTabFavorited',
  'SqlTabUnfavorited',
  'SqlTabTagged',
  'SqlTabUntagged',
  'SqlTabEstimated',
  'SqlTabEstimateCleared',
]);

export function isSqlTabEvent(event: ConsoleEvent): event is SqlTabEvent {
  return SQL_TAB_TYPES.has(event.type);
}

// ---- Catalog browser's local edits (aggregate id: `catalog`) ----------------------------------

export const CATALOG_AGGREGATE = 'catalog';

/** Ids are the nodes' paths (see src/catalog/types.ts); a created node's id is chosen by the command. */
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
  | ConsoleEvent<{ id: string }> & { type: 'CatalogNodeDeleted' }
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
}

/** The inverse of an event (what undoes it), or null when the event is not undoable. */
export type Invert = (event: ConsoleEvent) => EventBody<Record<string, unknown>> | null;

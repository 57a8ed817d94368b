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

import {
  isSaveOutcomeEvent,
  isWorkspaceChangeEvent,
  isWorkspaceSaveEvent,
  type ConsoleEvent,
  type SaveOutcomeEvent,
  type WorkspaceChangeEvent,
  type WorkspaceSaveEvent,
} from '../events';
import type { SaveState, WorkspaceChangeRow } from '../rows';
import type { TableProjection } from '../projectionTypes';

/** Once a save is applied or discarded it is settled; later (replayed, reordered) outcomes do not move it. */
const FINAL_STATES: ReadonlySet<SaveState> = new Set<SaveState>(['applied', 'discarded']);

function changeRow(event: WorkspaceChangeEvent): WorkspaceChangeRow {
  if (event.seq === undefined) throw new Error(`workspaceChanges: event ${event.id} has no seq (append assigns it)`);
  const base = { id: event.id, seq: event.seq, at: event.at, state: 'sending' as const };
  switch (event.type) {
    case 'WorkspaceFolderCreated':
      return { ...base, kind: 'folderCreated', path: event.payload.path };
    case 'WorkspaceNotebookCreated':
      return { ...base, kind: 'notebookCreated', path: event.payload.path };
    case 'WorkspaceItemRenamed':
      return { ...base, kind: 'renamed', path: event.payload.oldPath, newPath: event.payload.newPath };
    case 'WorkspaceItemDeleted':
      return { ...base, kind: 'deleted', path: event.payload.path };
    case 'WorkspaceItemRestored':
      return { ...base, kind: 'restored', path: event.payload.path };
    case 'WorkspaceItemFavorited':
      return { ...base, kind: 'favorited', path: event.payload.path, isFavorite: event.payload.isFavorite };
    case 'WorkspaceItemPurged':
      return { ...base, kind: 'purged', path: event.payload.path };
    case 'WorkspaceNotebookSaved':
      return { ...base, kind: 'notebookSaved', path: event.payload.path };
  }
}

function withOutcome(row: WorkspaceChangeRow, event: WorkspaceSaveEvent | SaveOutcomeEvent): WorkspaceChangeRow {
  if (FINAL_STATES.has(row.state)) return row;
  // Drop an earlier failure's details when the save is queued again or goes through.
  const { status: _status, message: _message, ...rest } = row;
  switch (event.type) {
    case 'WorkspaceSaveQueued':
      return { ...rest, state: 'queued' };
    case 'SaveRetried':
      return row.state === 'failed' ? { ...rest, state: 'sending' } : row;
    case 'WorkspaceSaveApplied':
    case 'SaveApplied':
      return { ...rest, state: 'applied' };
    case 'WorkspaceSaveFailed':
    case 'SaveFailed':
      return { ...rest, state: 'failed', status: event.payload.status, message: event.payload.message };
    case 'WorkspaceSaveDiscarded':
    case 'SaveDiscarded':
      // Keep the failure that led the user to discard it, for the history.
      return { ...row, state: 'discarded' };
  }
}

/** One row per workspace change (keyed by the change's event id), following its save. */
export const workspaceChanges: TableProjection<WorkspaceChangeRow> = {
  table: 'workspaceChanges',

  keyOf(event: ConsoleEvent): string | null {
    if (isWorkspaceChangeEvent(event)) return event.id;
    if (isWorkspaceSaveEvent(event) || isSaveOutcomeEvent(event)) return event.payload.changeId;
    return null;
  },

  apply(row: WorkspaceChangeRow | undefined, event: ConsoleEvent): WorkspaceChangeRow | undefined {
    if (isWorkspaceChangeEvent(event)) return changeRow(event);
    // An outcome for a change this log never saw (or a stray event) leaves things as they are.
    if (!row || !(isWorkspaceSaveEvent(event) || isSaveOutcomeEvent(event))) return row;
    return withOutcome(row, event);
  },
};

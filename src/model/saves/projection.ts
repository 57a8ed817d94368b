import {
  isSavedQueryEvent,
  isSaveOutcomeEvent,
  isWorkspaceChangeEvent,
  isWorkspaceSaveEvent,
  type ConsoleEvent,
  type SaveOutcomeEvent,
  type WorkspaceSaveEvent,
} from '../events';
import type { TableProjection } from '../projectionTypes';

/** Where a change's save stands: pending ones are what the sender sends, in seq order. */
export type SaveRowState = 'pending' | 'applied' | 'failed' | 'discarded';

/** One change the server has to be told of (keyed by the change's event id); see projections/saves.ts. */
export interface SaveRow {
  id: string;
  seq: number;
  at: number;
  aggregateId: string;
  type: string;
  /** What the user did, in words ("Rename a.ipynb to b.ipynb"). */
  label: string;
  /** What it is about (a workspace path, a saved query's id), to mark it where it is listed. */
  subject: string;
  state: SaveRowState;
  /** 0 for the first round; a retry after a refusal is a new round, sent under a new Idempotency-Key. */
  attempt: number;
  /** The user chose to overwrite the server's copy (a retry after a 409): no version check. */
  overwrite: boolean;
  status?: number;
  message?: string;
}

/** A queued request carried over from the service worker's queue of earlier versions (see upgrades.ts). */
export const CARRIED_SAVE = 'QueuedRequestCarried';

const baseName = (path: string) => path.split('/').pop() ?? path;

/** What the user did, in words, and what it is about: for the sync panel and the marks on lists. */
export function saveOf(event: ConsoleEvent): { label: string; subject: string } | null {
  if (isWorkspaceChangeEvent(event)) {
    const p = event.payload as { path?: string; oldPath?: string; newPath?: string; isFavorite?: boolean };
    switch (event.type) {
      case 'WorkspaceFolderCreated':
        return { label: `Create folder ${p.path}`, subject: p.path ?? '' };
      case 'WorkspaceNotebookCreated':
        return { label: `Create notebook ${p.path}`, subject: p.path ?? '' };
      case 'WorkspaceItemRenamed':
        return { label: `Rename ${p.oldPath} to ${baseName(p.newPath ?? '')}`, subject: p.newPath ?? '' };
      case 'WorkspaceItemDeleted':
        return { label: `Delete ${p.path}`, subject: p.path ?? '' };
      case 'WorkspaceItemRestored':
        return { label: `Restore ${p.path}`, subject: p.path ?? '' };
      case 'WorkspaceItemFavorited':
        return { label: `${p.isFavorite ? 'Favourite' : 'Unfavourite'} ${p.path}`, subject: p.path ?? '' };
      case 'WorkspaceItemPurged':
        return { label: `Delete ${p.path} permanently`, subject: p.path ?? '' };
      case 'WorkspaceNotebookSaved':
        return { label: `Save notebook ${p.path}`, subject: p.path ?? '' };
    }
  }
  if (isSavedQueryEvent(event)) {
    const { id } = event.payload;
    switch (event.type) {
      case 'SavedQueryCreated':
        return { label: `Save query ${event.payload.query.label}`, subject: id };
      case 'SavedQueryEdited':
        return { label: `Edit saved query ${event.payload.name}`, subject: id };
      case 'SavedQueryFavorited':
        return { label: `Favourite ${event.payload.name}`, subject: id };
      case 'SavedQueryUnfavorited':
        return { label: `Unfavourite ${event.payload.name}`, subject: id };
      case 'SavedQueryDeleted':
        return { label: `Delete saved query ${event.payload.query.label}`, subject: id };
      case 'SavedQueryRestored':
        return { label: `Restore saved query ${event.payload.query.label}`, subject: id };
    }
  }
  if (event.type === CARRIED_SAVE) return { label: String((event.payload as { label?: unknown }).label ?? 'A queued save'), subject: '' };
  return null;
}

/** Applied and discarded are settled: a later (repeated, reordered) outcome does not move them. */
const SETTLED: ReadonlySet<SaveRow['state']> = new Set(['applied', 'discarded']);

function withOutcome(row: SaveRow, event: SaveOutcomeEvent | WorkspaceSaveEvent): SaveRow {
  if (SETTLED.has(row.state)) return row;
  const { status: _status, message: _message, ...fresh } = row;
  switch (event.type) {
    case 'SaveApplied':
    case 'WorkspaceSaveApplied':
      return { ...fresh, state: 'applied' };
    case 'SaveFailed':
      // The refusal of an earlier round, recorded late, says nothing about the round under way.
      if (event.payload.attempt < row.attempt) return row;
      return { ...fresh, state: 'failed', status: event.payload.status, message: event.payload.message };
    case 'WorkspaceSaveFailed':
      return { ...fresh, state: 'failed', status: event.payload.status, message: event.payload.message };
    case 'SaveRetried':
      return row.state === 'failed' ? { ...fresh, state: 'pending', attempt: event.payload.attempt, overwrite: event.payload.overwrite } : row;
    case 'WorkspaceSaveQueued':
      // An earlier version's retry of a refused save: a new round, under a new key.
      return row.state === 'failed' ? { ...fresh, state: 'pending', attempt: row.attempt + 1 } : row;
    case 'SaveDiscarded':
    case 'WorkspaceSaveDiscarded':
      return { ...row, state: 'discarded' }; // the failure that led to it stays, for the record
  }
}

/**
 * One row per change the server has to be told of, keyed by the change's event id, following its
 * save. The pending ones, in seq order, are what the sender sends: nothing else records a queue.
 */
export const saves: TableProjection<SaveRow> = {
  table: 'saves',

  keyOf(event: ConsoleEvent): string | null {
    if (saveOf(event)) return event.id;
    if (isSaveOutcomeEvent(event) || isWorkspaceSaveEvent(event)) return event.payload.changeId;
    return null;
  },

  apply(row: SaveRow | undefined, event: ConsoleEvent): SaveRow | undefined {
    const save = saveOf(event);
    if (save) {
      if (event.seq === undefined) throw new Error(`saves: event ${event.id} has no seq (append assigns it)`);
      const { id, seq, at, aggregateId, type } = event;
      return { id, seq, at, aggregateId, type, ...save, state: 'pending', attempt: 0, overwrite: false };
    }
    if (!row || !(isSaveOutcomeEvent(event) || isWorkspaceSaveEvent(event))) return row;
    return withOutcome(row, event);
  },
};

import { parseNodeId } from '../model/catalog/tree';
import type { CatalogEditRow } from '../model/catalog/types';
import { CATALOG_AGGREGATE, isCatalogEvent, type ConsoleEvent } from '../model/events';
import { catalogInverse } from '../model/catalog/inverse';
import type { ConsoleDb } from './schema';
import { aggregateHistory, undoState } from './undo';

/** Reads of the catalog's local edits (read-only, for live queries); the commands are in src/commands/catalogEdits.ts. */

/** Every local edit: buildCatalogTree lays them over the cached server metadata. */
export function catalogEditRows(db: ConsoleDb): Promise<CatalogEditRow[]> {
  return db.catalogEdits.toArray();
}

/** A user action in words, for the undo and redo buttons' titles. */
export function describeCatalogEvent(event: ConsoleEvent): string {
  if (!isCatalogEvent(event)) return event.type;
  const shown = `“${parseNodeId(event.payload.id).at(-1) ?? event.payload.id}”`;
  switch (event.type) {
    case 'CatalogNodeCreated':
      return `Add ${event.payload.type} “${event.payload.name}”`;
    case 'CatalogNodeRenamed':
      return `Rename “${event.payload.from}” to “${event.payload.name}”`;
    case 'CatalogNodeDeleted':
      return event.payload.hidden ? `Hide ${shown} in this browser` : `Delete ${shown}`;
    case 'CatalogNodeRestored':
      return `Restore ${shown}`;
    case 'CatalogOwnerSet':
      return `Set the owner of ${shown}`;
    case 'CatalogDescriptionSet':
      return `Edit the description of ${shown}`;
  }
}

export interface CatalogUndoState {
  canUndo: boolean;
  canRedo: boolean;
  /** What undo / redo would do, in words (null when nothing). */
  undoLabel: string | null;
  redoLabel: string | null;
}

/** Whether the catalog has an edit to undo and one to redo (one stack for the whole catalog, across tabs). */
export async function catalogUndoState(db: ConsoleDb): Promise<CatalogUndoState> {
  const { undoable, redoable } = undoState(await aggregateHistory(db, CATALOG_AGGREGATE), catalogInverse);
  return {
    canUndo: undoable !== null,
    canRedo: redoable !== null,
    undoLabel: undoable && describeCatalogEvent(undoable),
    redoLabel: redoable && describeCatalogEvent(redoable),
  };
}


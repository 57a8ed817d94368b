import type { CatalogEditRow } from './types';
import { isCatalogEvent, type CatalogEvent, type ConsoleEvent } from '../events';
import type { TableProjection } from '../projectionTypes';

function seqOf(event: ConsoleEvent): number {
  if (event.seq === undefined) throw new Error(`catalogEdits: event ${event.id} has no seq (append assigns it)`);
  return event.seq;
}

/** A node's overlay before its first edit: a server node nobody touched yet. */
const untouched = (id: string): CatalogEditRow => ({ id, deleted: false, seq: 0 });

/** The row with an overlay field set, or removed when null ("no local value": the server's shows through). */
function withField(row: CatalogEditRow, key: 'owner' | 'description', value: string | null): CatalogEditRow {
  const next = { ...row };
  if (value === null) delete next[key];
  else next[key] = value;
  return next;
}

function applyEvent(row: CatalogEditRow | undefined, event: CatalogEvent, seq: number): CatalogEditRow | undefined {
  const id = event.payload.id;
  switch (event.type) {
    case 'CatalogNodeCreated': {
      const { parentId, type, name, detail = null } = event.payload;
      // A repeat (the redo of an undone create) brings the node back in the place it first had.
      const created = row?.created ?? { parentId, type, name, seq, detail };
      return { ...(row ?? untouched(id)), created, deleted: false, seq };
    }
    case 'CatalogNodeRenamed':
      return { ...(row ?? untouched(id)), name: event.payload.name, seq };
    case 'CatalogNodeDeleted':
      // A tombstone, kept even for a node created here, so undo can restore it as it was.
      return { ...(row ?? untouched(id)), deleted: true, seq };
    case 'CatalogNodeRestored':
      return row && { ...row, deleted: false, seq };
    case 'CatalogOwnerSet':
      return { ...withField(row ?? untouched(id), 'owner', event.payload.owner), seq };
    case 'CatalogDescriptionSet':
      return { ...withField(row ?? untouched(id), 'description', event.payload.description), seq };
  }
}

/**
 * The local overlay of the catalog tree: one row per node this browser created or edited, keyed
 * by the node's id. Server data is not here (it is a cache); src/model/catalog/tree.ts lays these rows
 * over it.
 */
export const catalogEdits: TableProjection<CatalogEditRow> = {
  table: 'catalogEdits',

  keyOf(event: ConsoleEvent): string | null {
    return isCatalogEvent(event) ? event.payload.id : null;
  },

  apply(row: CatalogEditRow | undefined, event: ConsoleEvent): CatalogEditRow | undefined {
    return isCatalogEvent(event) ? applyEvent(row, event, seqOf(event)) : row;
  },
};

import { isCatalogEvent, type ConsoleEvent, type EventBody, type Invert } from '../events';

type Inverse = EventBody<Record<string, unknown>> | null;

/**
 * What undoes a catalog edit. The payloads carry the value they replaced (`from`), so this needs
 * no history: undoing a create deletes the node (its row stays, as a tombstone, for redo), undoing
 * a delete restores it, and a rename, owner or description goes back to `from` (null: no local value).
 */
export const catalogInverse: Invert = (event: ConsoleEvent): Inverse => {
  if (!isCatalogEvent(event)) return null;
  const { id } = event.payload;
  switch (event.type) {
    case 'CatalogNodeCreated':
      return { type: 'CatalogNodeDeleted', payload: { id } };
    case 'CatalogNodeDeleted':
      return { type: 'CatalogNodeRestored', payload: { id } };
    case 'CatalogNodeRestored':
      return { type: 'CatalogNodeDeleted', payload: { id } };
    case 'CatalogNodeRenamed':
      return { type: 'CatalogNodeRenamed', payload: { id, name: event.payload.from, from: event.payload.name } };
    case 'CatalogOwnerSet':
      return { type: 'CatalogOwnerSet', payload: { id, owner: event.payload.from, from: event.payload.owner } };
    case 'CatalogDescriptionSet':
      return { type: 'CatalogDescriptionSet', payload: { id, description: event.payload.from, from: event.payload.description } };
  }
};

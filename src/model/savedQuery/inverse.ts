import { isSavedQueryEvent, type ConsoleEvent, type EventBody } from '../events';

/**
 * What undoes a saved query change; the inverse is an ordinary change, saved to the server like
 * any other. A deleted query comes back as a new one (the server's deletes are final), without
 * its favourite mark.
 */
export function savedQueryInverse(event: ConsoleEvent): EventBody<Record<string, unknown>> | null {
  if (!isSavedQueryEvent(event)) return null;
  const { id } = event.payload;
  switch (event.type) {
    case 'SavedQueryCreated':
    case 'SavedQueryRestored':
      return { type: 'SavedQueryDeleted', payload: { id, serverId: null, query: event.payload.query } };
    case 'SavedQueryEdited': {
      const { serverId, name, changes, from } = event.payload;
      return { type: 'SavedQueryEdited', payload: { id, serverId, name: changes.label ?? name, changes: from, from: changes } };
    }
    case 'SavedQueryFavorited':
    case 'SavedQueryUnfavorited': {
      const { serverId, name } = event.payload;
      return { type: event.type === 'SavedQueryFavorited' ? 'SavedQueryUnfavorited' : 'SavedQueryFavorited', payload: { id, serverId, name } };
    }
    case 'SavedQueryDeleted':
      return { type: 'SavedQueryRestored', payload: { id, query: event.payload.query } };
  }
}

import { isSavedQueryEvent, type ConsoleEvent, type SavedQueryEvent } from '../events';
import type { SavedQueryRow } from '../rows';
import type { TableProjection } from '../projectionTypes';

/** The saved query a SaveApplied answer names, with the server id it got (see src/commands/savedQueries.ts). */
function answerOf(event: ConsoleEvent): { savedQueryId: string; serverId: number } | null {
  if (event.type !== 'SaveApplied') return null;
  const answer = (event.payload as { answer?: { savedQueryId?: unknown; serverId?: unknown } }).answer;
  return typeof answer?.savedQueryId === 'string' && typeof answer.serverId === 'number' ? { savedQueryId: answer.savedQueryId, serverId: answer.serverId } : null;
}

function seqOf(event: ConsoleEvent): number {
  if (event.seq === undefined) throw new Error(`savedQueries: event ${event.id} has no seq (append assigns it)`);
  return event.seq;
}

/** A query first seen in the server's list: nothing set here yet. */
const untouched = (id: string, serverId: number | null): SavedQueryRow => ({ id, serverId, query: {}, created: false, isDeleted: false, seq: 0, at: 0 });

function applyEvent(row: SavedQueryRow | undefined, event: SavedQueryEvent): SavedQueryRow {
  const { id } = event.payload;
  const touched = { seq: seqOf(event), at: event.at };
  switch (event.type) {
    case 'SavedQueryCreated':
      return { ...untouched(id, null), query: event.payload.query, created: true, ...touched };
    case 'SavedQueryRestored':
      // A restored query is a new one on the server (deletes there are final): it gets a new server id.
      return { ...untouched(id, null), query: event.payload.query, created: true, ...touched };
    case 'SavedQueryEdited': {
      const base = row ?? untouched(id, event.payload.serverId);
      return { ...base, serverId: base.serverId ?? event.payload.serverId, query: { ...base.query, ...event.payload.changes }, ...touched };
    }
    case 'SavedQueryFavorited':
    case 'SavedQueryUnfavorited': {
      const base = row ?? untouched(id, event.payload.serverId);
      return { ...base, serverId: base.serverId ?? event.payload.serverId, isFavorite: event.type === 'SavedQueryFavorited', ...touched };
    }
    case 'SavedQueryDeleted': {
      const base = row ?? untouched(id, event.payload.serverId);
      return { ...base, serverId: base.serverId ?? event.payload.serverId, isDeleted: true, ...touched };
    }
  }
}

/**
 * What this browser did to saved queries, one row per query (keyed by its local id): laid over the
 * server's list (savedQueryCache) by savedQueryView. A query created here keeps its local id and
 * gets its server id when its save is applied.
 */
export const savedQueries: TableProjection<SavedQueryRow> = {
  table: 'savedQueries',

  keyOf(event: ConsoleEvent): string | null {
    if (isSavedQueryEvent(event)) return event.payload.id;
    return answerOf(event)?.savedQueryId ?? null;
  },

  apply(row: SavedQueryRow | undefined, event: ConsoleEvent): SavedQueryRow | undefined {
    if (isSavedQueryEvent(event)) return applyEvent(row, event);
    const answer = answerOf(event);
    return row && answer ? { ...row, serverId: answer.serverId } : row;
  },
};

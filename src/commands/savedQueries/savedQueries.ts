import { ulid } from 'ulid';
import type { SavedQueryBody } from '../../../contracts/biSqlLab';
import { SAVED_QUERIES_AGGREGATE, type ConsoleEvent, type SavedQueryDraft, type SavedQueryEvent } from '../../model/events';
import { savedQueryInverse } from '../../model/savedQuery/inverse';
import { recordSavedQueryError, writeSavedQueryCache } from '../../db/savedQueryCache';
import type { SavedQueryItem } from '../../model/savedQuery/view';
import type { ConsoleDb } from '../../db/schema';
import type { BiApi } from '../../sync/api/bi.api';
import { savedQueryIdOf, savedQuerySaves } from '../../sync/api/biSaves';
import { isNetworkError, serverMessage } from '../../sync/api/http';
import { fetchAllPages } from '../../sync/caches/pagination';
import { mutator, refuse, saved, undoable, type CommandContext } from '../core';
import type { SaveRoute, Sender } from '../../sync/outbox/sender';

export const SAVE_SUCCESS_MESSAGE = 'Query saved successfully!';
export const SAVE_FAILED_MESSAGE = 'Error: Could not save the query.';
export const SAVE_WAITING_MESSAGE = 'Saved on this device. The query is saved to the server when it is back.';
export const CHANGE_WAITING_MESSAGE = 'Saved on this device. It syncs when the server is back.';
export const NEVER_SAVED_MESSAGE = 'This query was never saved on the server, so it cannot be changed there.';
export const NO_DATABASE_MESSAGE = 'Choose a database first.';

const TYPES: readonly SavedQueryEvent['type'][] = ['SavedQueryCreated', 'SavedQueryEdited', 'SavedQueryFavorited', 'SavedQueryUnfavorited', 'SavedQueryDeleted', 'SavedQueryRestored'];
const CREATES: ReadonlySet<string> = new Set(['SavedQueryCreated', 'SavedQueryRestored']);

function bodyOf(query: Partial<SavedQueryDraft>): Partial<SavedQueryBody> {
  const { dbId, ...rest } = query;
  return { ...rest, ...(dbId === undefined ? {} : { db_id: dbId }) };
}

/**
 * How saved query changes are saved (the BI API at `mount`). A query created here has no server id
 * until its create is answered: a later change of it waits for that answer (the sender sends in
 * order), and is refused if the create was.
 */
export function savedQueryRoute({ db, mount }: { db: ConsoleDb; mount: string }): SaveRoute {
  const saves = savedQuerySaves(mount);

  async function serverIdOf(event: SavedQueryEvent): Promise<number | { wait: true } | { refuse: string }> {
    const row = await db.savedQueries.get(event.payload.id);
    const known = row?.created ? row.serverId : (row?.serverId ?? ('serverId' in event.payload ? event.payload.serverId : null));
    if (known !== null) return known;
    const creates = await db.saves.where('subject').equals(event.payload.id).filter((save) => CREATES.has(save.type) && save.seq < (event.seq ?? 0)).toArray();
    return creates.some((save) => save.state === 'pending') ? { wait: true } : { refuse: NEVER_SAVED_MESSAGE };
  }

  return {
    types: TYPES,
    async request(change, { key, label }) {
      const event = change as SavedQueryEvent;
      const headers = { key, label };
      if (event.type === 'SavedQueryCreated' || event.type === 'SavedQueryRestored') return saves.create(bodyOf(event.payload.query) as SavedQueryBody, headers);
      const id = await serverIdOf(event);
      if (typeof id !== 'number') return id;
      switch (event.type) {
        case 'SavedQueryEdited':
          return saves.update(id, bodyOf(event.payload.changes), headers);
        case 'SavedQueryFavorited':
        case 'SavedQueryUnfavorited':
          return saves.setFavorite(id, event.type === 'SavedQueryFavorited', headers);
        case 'SavedQueryDeleted':
          return saves.remove(id, headers);
      }
    },
    answer(change: ConsoleEvent, body: unknown) {
      const serverId = CREATES.has(change.type) ? savedQueryIdOf(body) : null;
      return serverId === null ? undefined : { savedQueryId: (change.payload as { id: string }).id, serverId };
    },
  };
}

export interface SavedQueryDeps extends CommandContext {
  sender: Pick<Sender, 'wake' | 'settled'>;
  /** The BI API, loaded with the SQL pages. */
  api: () => Promise<BiApi>;
  newId?: () => string;
  now?: () => number;
}

export type NewSavedQuery = Omit<SavedQueryDraft, 'dbId'> & { dbId: number | null };

const event = (type: SavedQueryEvent['type'], payload: object) => ({ events: [{ type, aggregateId: SAVED_QUERIES_AGGREGATE, payload }] });

/**
 * Saved queries, as events like every other save: create, edit, favourite and delete work offline,
 * show in every tab (savedQueryView over the log and the cached list) and undo. `refresh` fetches
 * the server's list into the cache.
 */
export function createSavedQueryCommands(deps: SavedQueryDeps) {
  const { db, notify, newId = ulid, now = Date.now } = deps;
  const history = undoable(deps, SAVED_QUERIES_AGGREGATE, savedQueryInverse);

  const create = mutator(deps, (query: NewSavedQuery) => {
    if (query.dbId === null) return refuse('no-database', NO_DATABASE_MESSAGE);
    return event('SavedQueryCreated', { id: newId(), query: { ...query, dbId: query.dbId } });
  });
  const edit = mutator(deps, (item: SavedQueryItem, changes: Partial<SavedQueryDraft>) => {
    const keys = (Object.keys(changes) as (keyof SavedQueryDraft)[]).filter((key) => changes[key] !== item[key]);
    if (keys.length === 0) return { events: [] };
    const pick = (from: Partial<SavedQueryDraft>) => Object.fromEntries(keys.map((key) => [key, from[key]]));
    return event('SavedQueryEdited', { id: item.id, serverId: item.serverId, name: item.label, changes: pick(changes), from: pick(item) });
  });
  const favorite = mutator(deps, (item: SavedQueryItem, value: boolean) =>
    item.isFavorite === value ? { events: [] } : event(value ? 'SavedQueryFavorited' : 'SavedQueryUnfavorited', { id: item.id, serverId: item.serverId, name: item.label }),
  );
  const remove = mutator(deps, (item: SavedQueryItem) => {
    const { label, sql, description, dbId, catalog, schema } = item;
    return event('SavedQueryDeleted', { id: item.id, serverId: item.serverId, query: { label, sql, description, dbId, catalog, schema } });
  });
  const undo = saved(deps, { waiting: CHANGE_WAITING_MESSAGE, failed: (v) => `Undo was not saved: ${v.message}` }, (only?: string) => history.undo(only));

  return {
    /** Saves the SQL editor's query (the Save dialog). */
    create: saved(deps, { applied: SAVE_SUCCESS_MESSAGE, waiting: SAVE_WAITING_MESSAGE, failed: () => SAVE_FAILED_MESSAGE }, async (query: NewSavedQuery) => {
      const result = await create(query);
      if (!result.ok) notify({ kind: 'error', message: SAVE_FAILED_MESSAGE });
      return result;
    }),
    edit: saved(deps, { waiting: CHANGE_WAITING_MESSAGE, failed: (v, [item]) => `The change of ${item.label} was not saved: ${v.message}` }, edit),
    setFavorite: saved(deps, { waiting: CHANGE_WAITING_MESSAGE, failed: (v, [item]) => `Could not change the favourite of ${item.label}: ${v.message}` }, favorite),
    /** Deletes it; the toast's Undo (or Ctrl+Z on the Queries page) brings it back. */
    remove: saved(deps, { waiting: CHANGE_WAITING_MESSAGE, failed: (v, [item]) => `${item.label} was not deleted: ${v.message}` }, async (item: SavedQueryItem) => {
      const result = await remove(item);
      const deleted = result.ok ? result.events[0] : undefined;
      if (deleted) notify({ kind: 'success', message: `Deleted “${item.label}”.`, action: { label: 'Undo', onClick: () => void undo(deleted.id) } });
      return result;
    }),
    undo: () => undo(),
    redo: saved(deps, { waiting: CHANGE_WAITING_MESSAGE, failed: (v) => `Redo was not saved: ${v.message}` }, () => history.redo()),
    /** The server's list into the cache (every page); offline, the cached list stays and says how old it is. */
    async refresh(): Promise<void> {
      try {
        const api = await deps.api();
        // Superset sorts saved queries by changed_on_delta_humanized (its order_columns refuse changed_on); same order.
        const args = { order_column: 'changed_on_delta_humanized', order_direction: 'desc' as const, filters: [] };
        const { items } = await fetchAllPages((page) => api.savedQueries({ ...args, ...page }), { pageSize: 100 });
        const favorites = await api.favoriteStatus(items.map((query) => query.id));
        await writeSavedQueryCache(db, items, favorites, now());
      } catch (error) {
        const message = isNetworkError(error) ? 'the server could not be reached' : (serverMessage(error) ?? (error instanceof Error ? error.message : String(error)));
        await recordSavedQueryError(db, message);
      }
    },
  };
}

export type SavedQueryCommands = ReturnType<typeof createSavedQueryCommands>;

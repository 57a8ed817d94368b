import type { SavedQueryBody } from '../../../contracts/biSqlLab';
import type { SaveRequest } from './saves.api';

/** How a saved query's save presents itself: its Idempotency-Key and what the user did (X-Console-Label). */
export interface SavedQuerySaveHeaders {
  key: string;
  label: string;
}

/**
 * The saved query API's writes, as saves for the sender (src/sync/api/saves.api.ts); `mount` is
 * config.apis.bi. They carry Superset's CSRF token, fetched when they are sent.
 */
export function savedQuerySaves(mount: string) {
  const save = (method: SaveRequest['method'], path: string, body: object | null, { key, label }: SavedQuerySaveHeaders): SaveRequest => ({
    method,
    url: `${mount}/v1/saved_query/${path}`,
    headers: { 'Idempotency-Key': key, 'X-Console-Label': encodeURIComponent(label) },
    body,
    csrf: true,
  });
  return {
    create: (body: SavedQueryBody, headers: SavedQuerySaveHeaders) => save('POST', '', body, headers),
    update: (id: number, body: Partial<SavedQueryBody>, headers: SavedQuerySaveHeaders) => save('PUT', `${id}`, body, headers),
    remove: (id: number, headers: SavedQuerySaveHeaders) => save('DELETE', `${id}`, null, headers),
    setFavorite: (id: number, isFavorite: boolean, headers: SavedQuerySaveHeaders) => save(isFavorite ? 'POST' : 'DELETE', `${id}/favorites/`, isFavorite ? {} : null, headers),
  };
}

/** The answer to a saved query's create: its server id. */
export function savedQueryIdOf(body: unknown): number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

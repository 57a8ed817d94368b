import type { FastifyRequest } from 'fastify';
import type { UserStore } from '../auth/users';
import type { Warehouse } from '../warehouse/types';
import type { Runner, SqlLabExecutor } from './executor';
import type { QueryHistoryStore, Viewer } from './history.store';
import type { SavedQueryStore } from './savedQueries.store';
import type { SqlTableParser } from './sqlTables';

/** What the BI route plugins of both scopes (catalog readers, admin) share; made once per app by openBi (open.ts). */
export interface BiContext {
  warehouse: Warehouse;
  history: QueryHistoryStore;
  savedQueries: SavedQueryStore;
  executor: SqlLabExecutor;
  parser: SqlTableParser;
}

export interface BiOptions {
  bi: BiContext;
}

/** The signed-in user as the stores see them (the role guard of the route's scope has run). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.user) throw new Error('The auth guard did not attach a user');
  return { username: request.user.username, admin: request.user.role === 'admin' };
}

/** The viewer with the names their history entries show (users are cached: no store read). */
export function runnerOf(request: FastifyRequest): Promise<Runner> {
  return runnerFor(request.server.services.users, viewerOf(request));
}

/** A viewer with the names their history entries show, also for runs no request carries (a kernel's sql()). */
export async function runnerFor(users: Pick<UserStore, 'find'>, viewer: Viewer): Promise<Runner> {
  const record = await users.find(viewer.username);
  const profile = record ?? { id: null, firstName: viewer.username, lastName: '' };
  return { ...viewer, user: { id: profile.id, firstName: profile.firstName, lastName: profile.lastName } };
}

/** `?q=` of the list endpoints (rison text, decoded by the route). */
export const qQuerystring = { type: 'object', properties: { q: { type: 'string' } } } as const;

/**
 * An id in a path: a positive integer JavaScript holds exactly. Larger ones (the query string
 * is coerced to a number, so 2^53 + 1 would become 2^53) are refused rather than rounded.
 */
export const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

export const pkParams = { type: 'object', required: ['pk'], properties: { pk: idSchema } } as const;

import type { ColumnSearchHit, ColumnSearchResponse, TableSearchResponse } from '../../../contracts/biCatalog';
import { LruMap } from '../../store/lru';
import type { Clock } from '../../util/clock';
import type { SupersetCall } from './call';
import { loadSnapshot, mapLimited, type CatalogSnapshot, type SnapshotLimits, type TableRef } from './catalogSnapshot';
import type { ConsoleUser } from './session';

/** The bounds of the console's catalog search over a Superset (what Superset itself cannot search). */
export interface CatalogSearchLimits extends SnapshotLimits {
  /** How long one user's snapshot of databases, schemas, tables and columns is reused. */
  ttlMs: number;
  /** Users whose snapshot is kept at once (the least recently searching one is forgotten). */
  users: number;
  /** table_metadata/ calls one column search may make; tables beyond wait for the next search. */
  columnCallsPerSearch: number;
  /** After this long a column search starts no more table_metadata/ calls (Superset takes ~0.5 s each). */
  columnBudgetMs: number;
}

/** Five minutes, 100 users × 5,000 tables, 4 calls at once, columns of up to 100 tables read per search within 3 s. */
export const CATALOG_SEARCH_LIMITS: CatalogSearchLimits = { ttlMs: 5 * 60_000, users: 100, tables: 5000, concurrency: 4, columnCallsPerSearch: 100, columnBudgetMs: 3000 };

type Column = ColumnSearchHit['column'];

interface UserCatalog {
  loadedAt: number;
  snapshot: Promise<CatalogSnapshot>;
  /** Columns per table key, read as searches need them (a table Superset refused: []). */
  columns: Map<string, Column[]>;
}

export interface CatalogSearch {
  searchTables(user: ConsoleUser, text: string, limit: number): Promise<TableSearchResponse>;
  searchColumns(user: ConsoleUser, text: string, limit: number): Promise<ColumnSearchResponse>;
}

/**
 * Catalog search over every schema the user may see, opened or not, answered as the embedded
 * service answers (case-insensitive "contains", names starting with the text first). Each user
 * has their own snapshot (their Superset rights differ), kept `ttlMs` and bounded (`users`,
 * `tables`); columns are read per table as column searches need them, `columnCallsPerSearch`
 * at most per search, so a large Superset answers partially first and completely later.
 */
export function createCatalogSearch(call: SupersetCall, clock: Clock, limits: CatalogSearchLimits = CATALOG_SEARCH_LIMITS): CatalogSearch {
  const catalogs = new LruMap<string, UserCatalog>(limits.users);

  function catalogOf(user: ConsoleUser): UserCatalog {
    // Per role too: a changed console role changes the user's Superset roles, hence what they may see.
    const key = `${user.role}\u0000${user.username}`;
    const kept = catalogs.get(key);
    if (kept && clock() - kept.loadedAt < limits.ttlMs) return kept;
    const fresh: UserCatalog = { loadedAt: clock(), snapshot: loadSnapshot(call, user, limits), columns: new Map() };
    // A failed fan-out (Superset down) is not kept: the next search tries again.
    fresh.snapshot.catch(() => catalogs.get(key) === fresh && catalogs.delete(key));
    catalogs.set(key, fresh);
    return fresh;
  }

  return {
    async searchTables(user, text, limit) {
      const { tables, partial } = await catalogOf(user).snapshot;
      const result = ranked(tables.filter((table) => contains(table.value, text)), text, (table) => table.value).slice(0, limit);
      return answer(result, partial);
    },
    async searchColumns(user, text, limit) {
      const catalog = catalogOf(user);
      const { tables, partial } = await catalog.snapshot;
      const unread = await readColumns(call, user, catalog, tables, limits);
      const hits = tables.flatMap((table) => (catalog.columns.get(keyOf(table)) ?? []).filter((column) => contains(column.name, text)).map((column) => ({ ...table, column })));
      const reasons = [partial, unread > 0 ? `the columns of ${unread} tables are not read yet; search again for more` : null].filter((reason) => reason !== null);
      return answer(ranked(hits, text, (hit) => hit.column.name).slice(0, limit), reasons.length ? reasons.join('; ') : null);
    },
  };
}

/** Reads the columns of tables not read yet, within the per-search bounds; answers how many stay unread. */
async function readColumns(call: SupersetCall, user: ConsoleUser, catalog: UserCatalog, tables: TableRef[], limits: CatalogSearchLimits): Promise<number> {
  const unread = tables.filter((table) => !catalog.columns.has(keyOf(table))).slice(0, limits.columnCallsPerSearch);
  const deadline = performance.now() + limits.columnBudgetMs;
  await mapLimited(unread, limits.concurrency, async (table) => {
    if (performance.now() >= deadline) return;
    const query = new URLSearchParams({ name: table.value, schema: table.schema });
    const answer = await call(user, 'GET', `/api/v1/database/${table.database_id}/table_metadata/?${query}`);
    if (answer.status === 200) catalog.columns.set(keyOf(table), columnsOf(answer.body));
    // Refused or gone: nothing to search there. Another failure is tried again by the next search.
    else if (answer.status === 403 || answer.status === 404) catalog.columns.set(keyOf(table), []);
  });
  return tables.filter((table) => !catalog.columns.has(keyOf(table))).length;
}

function columnsOf(body: unknown): Column[] {
  const { columns } = (body ?? {}) as { columns?: Array<{ name?: unknown; type?: unknown; comment?: unknown }> };
  if (!Array.isArray(columns)) return [];
  return columns.flatMap((column) =>
    typeof column.name === 'string' ? [{ name: column.name, type: typeof column.type === 'string' ? column.type : '', comment: typeof column.comment === 'string' ? column.comment : null }] : [],
  );
}

const keyOf = (table: TableRef) => `${table.database_id}\u0000${table.schema}\u0000${table.value}`;
const contains = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase());

/** Names starting with the text first, then by name, database, schema and table (the embedded search's order). */
function ranked<T extends TableRef>(hits: T[], text: string, nameOf: (hit: T) => string): T[] {
  const lower = text.toLowerCase();
  const keys = (hit: T) => [nameOf(hit).toLowerCase().startsWith(lower) ? '0' : '1', nameOf(hit), hit.database_name, hit.schema, hit.value];
  return hits.sort((a, b) => {
    const [left, right] = [keys(a), keys(b)];
    const index = left.findIndex((value, at) => value !== right[at]);
    return index === -1 ? 0 : left[index] < right[index] ? -1 : 1;
  });
}

function answer<T>(result: T[], partial: string | null) {
  return partial === null ? { count: result.length, result } : { count: result.length, result, partial };
}

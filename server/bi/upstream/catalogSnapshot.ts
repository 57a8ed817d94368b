import rison from 'rison';
import type { TableSearchHit } from '../../../contracts/biCatalog';
import { SupersetFailure } from './failure';
import { supersetMessage, type SupersetCall } from './call';
import type { ConsoleUser } from './session';

/** How far one user's catalog snapshot goes: beyond these, a search says it is partial. */
export interface SnapshotLimits {
  /** Tables kept per user, over every database and schema. */
  tables: number;
  /** Superset calls in flight at once for one user's fan-out. */
  concurrency: number;
}

/** A table the user may see: a search hit without its column. */
export type TableRef = TableSearchHit;

/** Every table the user may see in the databases Superset exposes in SQL Lab; `partial` says why some may be missing. */
export interface CatalogSnapshot {
  tables: TableRef[];
  partial: string | null;
}

interface DatabaseRow {
  id: number;
  database_name: string;
}

/** Schemas of the engines' own catalogs, never a user's data: not searched. */
const SYSTEM_SCHEMA = /(^|\.)(information_schema|pg_catalog)$|^(system|temp)\.main$/;
const DATABASE_PAGE_SIZE = 100;

/**
 * Fans out over Superset's database/ (exposed in SQL Lab), {id}/schemas/ and {id}/tables/ as
 * `user`, `concurrency` calls at a time. A database or schema Superset refuses (403, 404) is
 * left out: the user has no rights there. Other failures of one call leave the rest searched
 * and make the snapshot partial; a failing database/ (Superset down) fails the whole search.
 */
export async function loadSnapshot(call: SupersetCall, user: ConsoleUser, limits: SnapshotLimits): Promise<CatalogSnapshot> {
  const problems: string[] = [];
  const databases = await exposedDatabases(call, user);
  const schemaLists = await mapLimited(databases, limits.concurrency, async (database) => {
    const answer = await call(user, 'GET', `/api/v1/database/${database.id}/schemas/`);
    if (answer.status === 200) return namesOf(answer.body).filter((schema) => !SYSTEM_SCHEMA.test(schema)).map((schema) => ({ database, schema }));
    if (!refused(answer.status)) problems.push(`${database.database_name}: ${supersetMessage(answer.body, `schemas/ answered ${answer.status}`)}`);
    return [];
  });
  const tableLists = await mapLimited(schemaLists.flat(), limits.concurrency, async ({ database, schema }) => {
    const answer = await call(user, 'GET', `/api/v1/database/${database.id}/tables/?q=${encodeURIComponent(rison.encode({ schema_name: schema }))}`);
    if (answer.status === 200) return tablesOf(answer.body).map((table): TableRef => ({ database_id: database.id, database_name: database.database_name, catalog: '', schema, ...table }));
    if (!refused(answer.status)) problems.push(`${database.database_name}.${schema}: ${supersetMessage(answer.body, `tables/ answered ${answer.status}`)}`);
    return [];
  });
  const tables = tableLists.flat();
  if (tables.length > limits.tables) problems.push(`only the first ${limits.tables} of ${tables.length} tables are searched`);
  const partial = problems.length ? `Superset did not list every table (${problems.join('; ')})` : null;
  return { tables: tables.slice(0, limits.tables), partial };
}

/** Every page of database/ filtered on expose_in_sqllab, as SQL Lab's own picker asks. */
async function exposedDatabases(call: SupersetCall, user: ConsoleUser): Promise<DatabaseRow[]> {
  const found: DatabaseRow[] = [];
  for (let page = 0; ; page++) {
    const q = rison.encode({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], columns: ['id', 'database_name'], page, page_size: DATABASE_PAGE_SIZE });
    const answer = await call(user, 'GET', `/api/v1/database/?q=${encodeURIComponent(q)}`);
    if (answer.status !== 200) throw new SupersetFailure(502, `Superset did not list the databases (${answer.status}): ${supersetMessage(answer.body, 'no message')}`);
    const { result = [], count = 0 } = answer.body as { result?: DatabaseRow[]; count?: number };
    found.push(...result);
    if (result.length < DATABASE_PAGE_SIZE || found.length >= count) return found;
  }
}

/** Superset refusing a user (no rights) or not finding what it listed a moment ago: not a failure of the search. */
const refused = (status: number) => status === 403 || status === 404;

function namesOf(body: unknown): string[] {
  const { result } = (body ?? {}) as { result?: unknown };
  return Array.isArray(result) ? result.filter((name): name is string => typeof name === 'string') : [];
}

function tablesOf(body: unknown): Array<Pick<TableRef, 'value' | 'type' | 'extra'>> {
  const { result } = (body ?? {}) as { result?: Array<{ value?: unknown; type?: unknown; extra?: unknown }> };
  if (!Array.isArray(result)) return [];
  return result.flatMap((row) => {
    if (typeof row.value !== 'string') return [];
    const comment = (row.extra as { comment?: unknown } | null)?.comment;
    return [{ value: row.value, type: row.type === 'view' ? 'view' : 'table', extra: typeof comment === 'string' ? { comment } : {} }];
  });
}

/** `work` over `items`, at most `limit` at once, answers in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

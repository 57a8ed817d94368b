import { json, type SupersetStandIn } from './standIn';

/** A schema's tables (each with its columns), or the status Superset answers its tables/ with. */
export type StandInSchema = Record<string, string[]> | number;

export interface StandInDatabase {
  id: number;
  name: string;
  /** Schema name → its tables; or the status schemas/ answers with. */
  schemas: Record<string, StandInSchema> | number;
}

/** What the catalog answers saw: calls in flight at most at once, per path kind. */
export interface CatalogCalls {
  maxInFlight: number;
  count(kind: 'database' | 'schemas' | 'tables' | 'table_metadata'): number;
}

/**
 * Superset's catalog calls on the stand-in, as Superset 6.1 answers them (database/ with its rison
 * filter, {id}/schemas/, {id}/tables/?q=(schema_name:…), {id}/table_metadata/?name=&schema=),
 * each answered after `delayMs` so concurrency shows. Only a signed-in session gets answers.
 */
export function serveCatalog(superset: SupersetStandIn, databases: StandInDatabase[], delayMs = 5): CatalogCalls {
  let inFlight = 0;
  const calls: CatalogCalls & { counts: Map<string, number> } = { maxInFlight: 0, counts: new Map(), count: (kind) => calls.counts.get(kind) ?? 0 };
  superset.otherwise(async (request, response) => {
    if (superset.userOf(request.headers.cookie) === null) return json(response, 401, { msg: 'Missing Authorization Header' });
    const url = new URL(request.url, 'http://stand-in');
    const match = /^\/api\/v1\/database\/(?:(\d+)\/(schemas|tables|table_metadata)\/)?$/.exec(url.pathname);
    if (!match) return json(response, 404, { message: 'Not found' });
    const kind = match[2] ?? 'database';
    calls.counts.set(kind, calls.count(kind as 'database') + 1);
    calls.maxInFlight = Math.max(calls.maxInFlight, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    inFlight--;
    const database = databases.find((each) => each.id === Number(match[1]));
    if (kind === 'database') return json(response, 200, { count: databases.length, result: databases.map(({ id, name }) => ({ id, database_name: name })) });
    if (!database) return json(response, 404, { message: 'Not found' });
    answer(response, database, kind, url.searchParams);
  });
  return calls;
}

function answer(response: Parameters<typeof json>[0], database: StandInDatabase, kind: string, query: URLSearchParams): void {
  const { schemas } = database;
  if (typeof schemas === 'number') return json(response, schemas, { message: `schemas of ${database.name}: ${schemas}` });
  if (kind === 'schemas') return json(response, 200, { result: Object.keys(schemas) });
  const schemaName = kind === 'tables' ? /schema_name:'?([^,')]+)/.exec(query.get('q') ?? '')?.[1] : query.get('schema');
  const tables = schemas[schemaName ?? ''];
  if (typeof tables === 'number') return json(response, tables, { errors: [{ message: `tables of ${schemaName}: ${tables}` }] });
  if (tables === undefined) return json(response, 404, { message: 'Schema not found' });
  if (kind === 'tables') return json(response, 200, { count: Object.keys(tables).length, result: Object.keys(tables).map((value) => ({ value, type: 'table', extra: null })) });
  const columns = tables[query.get('name') ?? ''];
  if (!columns) return json(response, 404, { message: 'Table not found' });
  json(response, 200, { name: query.get('name'), columns: columns.map((name) => ({ name, type: 'BIGINT', longType: 'BIGINT', comment: null, keys: [] })) });
}

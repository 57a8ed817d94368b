import type { SqlTable } from '../../contracts/bi';
import type { Queryable, SqlValue, Store } from '../store/db';
import { numberOrNull, type Viewer } from './history.store';
import type { ListRequest, ListSpec } from './listQuery';
import { readPage, type Page } from './pagedList';

/** What a client writes (POST takes all of it; PUT any part). */
export interface SavedQueryInput {
  dbId: number;
  databaseName: string;
  label: string;
  sql: string;
  schema: string | null;
  catalog: string | null;
  description: string | null;
  templateParameters: string | null;
  extraJson: string | null;
}

interface Person {
  id: number | null;
  firstName: string;
  lastName: string;
}

export interface SavedQueryRecord extends SavedQueryInput {
  id: number;
  owner: string;
  createdBy: Person;
  changedBy: Person;
  sqlTables: SqlTable[];
  rows: number | null;
  lastRun: number | null;
  createdOn: number;
  changedOn: number;
}

/** Runs inside the write's transaction with the record as written (e.g. to store the idempotent answer). */
export type AlsoInTransaction<T> = ((tx: Queryable, written: T) => Promise<void>) | null;

/**
 * Superset copies a run's row count and time to the owner's saved queries of the same SQL
 * and database; here they are read from the owner's latest successful run in the history
 * (a window, which both stores read alike; SQLite's bare columns beside max() PostgreSQL refuses).
 */
const LAST_RUNS = `SELECT username, database_id, sql, end_time AS last_run, row_count FROM (
    SELECT h.username, h.database_id, h.sql, h.end_time, h.row_count,
      row_number() OVER (PARTITION BY h.username, h.database_id, h.sql ORDER BY h.end_time DESC, h.id DESC) AS latest
    FROM bi_queries h
    WHERE h.status = 'success'
      AND EXISTS (SELECT 1 FROM bi_saved_queries s WHERE s.owner = h.username AND s.db_id = h.database_id AND s.sql = h.sql)
  ) runs WHERE latest = 1`;
/** $1 is the viewer's admin flag and $2 its username in every read. */
const FROM = `FROM bi_saved_queries sq
  LEFT JOIN users cu ON cu.username = sq.owner
  LEFT JOIN users mu ON mu.username = sq.changed_by
  LEFT JOIN bi_saved_query_favorites f ON f.saved_query_id = sq.id AND f.username = $2
  LEFT JOIN (${LAST_RUNS}) r ON r.username = sq.owner AND r.database_id = sq.db_id AND r.sql = sq.sql`;
const SELECT = `SELECT sq.*, r.row_count, r.last_run, cu.id AS cu_id, cu.first_name AS cu_first, cu.last_name AS cu_last,
  mu.id AS mu_id, mu.first_name AS mu_first, mu.last_name AS mu_last ${FROM}`;
/** Administrators read everyone's saved queries; writes are the owner's only (Superset's SavedQueryFilter). */
const READABLE = '($1 OR sq.owner = $2)';

/** Filters and order columns of GET /v1/saved_query/ (Superset's SavedQueryRestApi). */
export const SAVED_QUERY_LIST: ListSpec = {
  columns: {
    label: { kind: 'text', expr: 'sq.label', ops: ['ct', 'nct', 'eq', 'sw', 'ew'] },
    database: { kind: 'integer', expr: 'sq.db_id', ops: ['rel_o_m', 'eq', 'in'] },
    schema: { kind: 'text', expr: 'sq.schema_name', ops: ['eq', 'ct'] },
    created_by: { kind: 'integer', expr: 'cu.id', ops: ['rel_o_m', 'eq'] },
    changed_by: { kind: 'integer', expr: 'mu.id', ops: ['rel_o_m', 'eq'] },
    id: { kind: 'integer', expr: 'sq.id', ops: ['eq', 'in'] },
  },
  custom: {
    'label:all_text': {
      kind: 'text',
      sql: (bind, value) => {
        const text = bind(String(value));
        return ['sq.schema_name', 'sq.label', 'sq.description', 'sq.sql'].map((column) => `contains(lower(coalesce(${column}, '')), lower(${text}))`).join(' OR ');
      },
    },
    'id:saved_query_is_fav': { kind: 'boolean', sql: (bind, value) => `(f.username IS NOT NULL) = ${bind(value)}` },
  },
  order: {
    changed_on: 'sq.changed_on',
    changed_on_delta_humanized: 'sq.changed_on',
    created_on: 'sq.created_on',
    last_run_delta_humanized: 'r.last_run',
    label: 'lower(sq.label)',
    description: 'lower(sq.description)',
    schema: 'sq.schema_name',
    sql: 'sq.sql',
    rows: 'r.row_count',
    'database.database_name': 'lower(sq.database_name)',
    'created_by.first_name': 'cu.first_name',
    id: 'sq.id',
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  tieBreaker: 'sq.id',
};

/** Saved queries and their favourite marks in the console store. */
export class SavedQueryStore {
  constructor(private readonly store: Store) {}

  async create(owner: string, input: SavedQueryInput, sqlTables: SqlTable[], now: number, also: AlsoInTransaction<SavedQueryRecord>): Promise<SavedQueryRecord> {
    return this.store.transaction(async (tx) => {
      const [{ id }] = await tx.all<{ id: bigint }>(
        `INSERT INTO bi_saved_queries (owner, changed_by, db_id, database_name, label, description, sql, schema_name, catalog_name,
           template_parameters, extra_json, sql_tables, created_on, changed_on)
         VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
        [owner, ...inputParams(input), JSON.stringify(sqlTables), now],
      );
      return written(tx, Number(id), owner, also);
    });
  }

  /** The owner's query with `input` applied; null when the owner has no such query. */
  async update(owner: string, id: number, input: SavedQueryInput, sqlTables: SqlTable[], now: number, also: AlsoInTransaction<SavedQueryRecord>): Promise<SavedQueryRecord | null> {
    return this.store.transaction(async (tx) => {
      const updated = await tx.all(
        `UPDATE bi_saved_queries SET changed_by = $1, db_id = $2, database_name = $3, label = $4, description = $5, sql = $6,
           schema_name = $7, catalog_name = $8, template_parameters = $9, extra_json = $10, sql_tables = $11, changed_on = $12
         WHERE owner = $1 AND id = $13 RETURNING id`,
        [owner, ...inputParams(input), JSON.stringify(sqlTables), now, id],
      );
      return updated.length ? written(tx, id, owner, also) : null;
    });
  }

  /** Deletes all of the owner's `ids` or, when one is not the owner's, none (null). */
  async delete(owner: string, ids: number[], also: AlsoInTransaction<number>): Promise<number | null> {
    return this.store.transaction(async (tx) => {
      const placeholders = ids.map((_id, index) => `$${index + 2}`).join(', ');
      const owned = await tx.all(`SELECT id FROM bi_saved_queries WHERE owner = $1 AND id IN (${placeholders})`, [owner, ...ids]);
      if (owned.length !== ids.length) return null;
      await tx.run(
        `DELETE FROM bi_saved_query_favorites WHERE saved_query_id IN (SELECT id FROM bi_saved_queries WHERE owner = $1 AND id IN (${placeholders}))`,
        [owner, ...ids],
      );
      await tx.run(`DELETE FROM bi_saved_queries WHERE owner = $1 AND id IN (${placeholders})`, [owner, ...ids]);
      await also?.(tx, ids.length);
      return ids.length;
    });
  }

  async byId(id: number, viewer: Viewer): Promise<SavedQueryRecord | null> {
    const [record] = await readRecords(this.store, `${READABLE} AND sq.id = $3`, [viewer.admin, viewer.username, id]);
    return record ?? null;
  }

  list(request: ListRequest, viewer: Viewer): Promise<Page<SavedQueryRecord>> {
    return readPage(this.store, request, SAVED_QUERY_LIST, { from: FROM, visible: READABLE, params: [viewer.admin, viewer.username], read: readRecords });
  }

  /** Marks or unmarks a readable query as the viewer's favourite; false when it is not readable. */
  async setFavorite(viewer: Viewer, id: number, favorite: boolean, now: number, also: AlsoInTransaction<null>): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const readable = await tx.all(`SELECT 1 FROM bi_saved_queries sq WHERE ${READABLE} AND sq.id = $3`, [viewer.admin, viewer.username, id]);
      if (!readable.length) return false;
      if (favorite) {
        await tx.run('INSERT INTO bi_saved_query_favorites VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [viewer.username, id, now]);
      } else {
        await tx.run('DELETE FROM bi_saved_query_favorites WHERE username = $1 AND saved_query_id = $2', [viewer.username, id]);
      }
      await also?.(tx, null);
      return true;
    });
  }

  /** Favourite marks of the readable ones among `ids`, in the order asked. */
  async favoriteStatus(viewer: Viewer, ids: number[]): Promise<{ id: number; value: boolean }[]> {
    const placeholders = ids.map((_id, index) => `$${index + 3}`).join(', ');
    // fav is SQLite's 0 or 1.
    const rows = await this.store.all<{ id: bigint; fav: number }>(
      `SELECT sq.id, f.username IS NOT NULL AS fav ${FROM} WHERE ${READABLE} AND sq.id IN (${placeholders})`,
      [viewer.admin, viewer.username, ...ids],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), Boolean(row.fav)]));
    return ids.filter((id) => byId.has(id)).map((id) => ({ id, value: byId.get(id) === true }));
  }
}

function inputParams(input: SavedQueryInput): SqlValue[] {
  return [input.dbId, input.databaseName, input.label, input.description, input.sql, input.schema, input.catalog, input.templateParameters, input.extraJson];
}

async function written(tx: Queryable, id: number, owner: string, also: AlsoInTransaction<SavedQueryRecord>): Promise<SavedQueryRecord> {
  const [record] = await readRecords(tx, `${READABLE} AND sq.id = $3`, [false, owner, id]);
  await also?.(tx, record);
  return record;
}

function readRecords(db: Queryable, condition: string, params: SqlValue[]): Promise<SavedQueryRecord[]> {
  return db.all<Record<string, unknown>>(`${SELECT} WHERE ${condition}`, params).then((rows) => rows.map(recordOf));
}

function recordOf(row: Record<string, unknown>): SavedQueryRecord {
  return {
    id: Number(row.id),
    owner: row.owner as string,
    dbId: Number(row.db_id),
    databaseName: row.database_name as string,
    label: row.label as string,
    sql: row.sql as string,
    schema: row.schema_name as string | null,
    catalog: row.catalog_name as string | null,
    description: row.description as string | null,
    templateParameters: row.template_parameters as string | null,
    extraJson: row.extra_json as string | null,
    createdBy: person(row.cu_id, row.cu_first, row.cu_last, row.owner),
    changedBy: person(row.mu_id, row.mu_first, row.mu_last, row.changed_by),
    sqlTables: JSON.parse(row.sql_tables as string) as SqlTable[],
    rows: numberOrNull(row.row_count),
    lastRun: numberOrNull(row.last_run),
    createdOn: Number(row.created_on),
    changedOn: Number(row.changed_on),
  };
}

/** A removed user still shows by username. */
function person(id: unknown, first: unknown, last: unknown, username: unknown): Person {
  return { id: numberOrNull(id), firstName: (first as string | null) ?? String(username), lastName: (last as string | null) ?? '' };
}

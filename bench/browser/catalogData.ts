import type { BiDatabase, TableOption } from '../../contracts/biCatalog';
import { cacheKeys } from '../../src/model/catalog/tree';
import type { CatalogCache } from '../../src/model/catalog/types';

export const CATALOGS = 10;
export const SCHEMAS_PER_CATALOG = 20;
export const TABLES_PER_SCHEMA = 500;
/** 10 catalogs + 200 schemas + 100,000 tables. */
export const NODE_COUNT = CATALOGS + CATALOGS * SCHEMAS_PER_CATALOG + CATALOGS * SCHEMAS_PER_CATALOG * TABLES_PER_SCHEMA;

export const catalogName = (c: number) => `catalog_${c}`;
export const schemaName = (s: number) => `schema_${s}`;
export const tableName = (t: number) => `table_${t}`;

/** A database as the tree reads it (id and name); the rest of the server's item adds nothing to measure. */
const database = (id: number, name: string) => ({ id, database_name: name }) as BiDatabase;

/**
 * What the Dexie caches would hold once every schema of a big warehouse was opened: 10 catalogs
 * (database ids 1..10) × 20 schemas × 500 tables, each table with a comment; no columns loaded.
 * Every call makes fresh objects (as a new read of the cache would).
 */
export function makeCatalogCache(): CatalogCache {
  const databases = Array.from({ length: CATALOGS }, (_, c) => database(c + 1, catalogName(c)));
  const schemas = new Map<number, string[]>();
  const tables = new Map<string, TableOption[]>();
  for (const db of databases) {
    const names = Array.from({ length: SCHEMAS_PER_CATALOG }, (_, s) => schemaName(s));
    schemas.set(db.id, names);
    for (const schema of names) {
      const options = Array.from({ length: TABLES_PER_SCHEMA }, (_, t): TableOption => ({
        value: tableName(t),
        type: 'table',
        extra: { comment: `Synthetic table ${t} of ${db.database_name}.${schema}` },
      }));
      tables.set(cacheKeys.tables(db.id, schema), options);
    }
  }
  return { databases, schemas, tables, tableMetadata: new Map() };
}

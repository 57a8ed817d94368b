import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { WAREHOUSE_DATABASES, type DatabaseLayout } from '../layout';
import { identifier, literal } from '../sql';
import { FINANCE_SCHEMAS } from './finance';
import { gamingStatements } from './gamingSchema';
import { LAKEHOUSE_SCHEMAS } from './lakehouse';
import { MARKETING_SCHEMAS } from './marketing';
import { schemaStatements, viewStatements, type SchemaSpec } from './tables';
import { VIEWS } from './views';

const SCHEMAS: Record<string, readonly SchemaSpec[]> = {
  lakehouse: LAKEHOUSE_SCHEMAS,
  finance: FINANCE_SCHEMAS,
  marketing: MARKETING_SCHEMAS,
};

/**
 * The seed as batches of statements, each batch one transaction (one commit instead of
 * thousands). Views come last: they read tables of other schemas and catalogs.
 */
export function seedBatches(): string[][] {
  const small = WAREHOUSE_DATABASES.map((database) =>
    (SCHEMAS[database.catalog] ?? []).flatMap((schema) => schemaStatements(database.catalog, schema)),
  );
  // A transaction may write to one catalog only.
  const views = WAREHOUSE_DATABASES.map((database) =>
    VIEWS.filter((entry) => entry.catalog === database.catalog).flatMap(({ catalog, schema, view }) => viewStatements(catalog, schema, view)),
  );
  return [...small, ...gamingStatements(), ...views];
}

/**
 * Creates the warehouse's database files in `dir` (which must exist and hold none of them).
 * Aborting interrupts the running statement; the caller then discards `dir`.
 */
export async function seedInto(dir: string, signal: AbortSignal): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  try {
    for (const database of WAREHOUSE_DATABASES) await connection.run(attachSql(dir, database));
    for (const batch of seedBatches()) {
      signal.throwIfAborted();
      await runBatch(connection, batch);
    }
    signal.throwIfAborted();
    // Checkpointing folds the write-ahead log into the files, so a copy needs only them.
    for (const { catalog } of WAREHOUSE_DATABASES) await connection.run(`CHECKPOINT ${identifier(catalog)}`);
    for (const { catalog } of WAREHOUSE_DATABASES) await connection.run(`DETACH ${identifier(catalog)}`);
  } finally {
    signal.removeEventListener('abort', interrupt);
    connection.closeSync();
    instance.closeSync();
  }
}

function attachSql(dir: string, database: DatabaseLayout): string {
  const file = path.join(dir, database.file);
  return `ATTACH ${literal(file)} AS ${identifier(database.catalog)} (BLOCK_SIZE ${database.blockSize})`;
}

async function runBatch(connection: DuckDBConnection, statements: string[]): Promise<void> {
  await connection.run(['BEGIN TRANSACTION', ...statements, 'COMMIT'].join(';\n'));
}

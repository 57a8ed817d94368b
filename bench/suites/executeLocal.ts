import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { warehouseDir, type DatabaseLayout } from '../../server/warehouse/layout';
import { useSchema } from '../../server/warehouse/query';
import { identifier, literal } from '../../server/warehouse/sql';
import { SCHEMA } from './executeApi';

/** The execute suite's peer (execute.bench.ts): the same query on DuckDB alone, without the server. */

/** DuckDB alone, in this process, on a copy of the server's database file (DuckDB locks the one the server holds open). */
export interface LocalWarehouse {
  /** One connection kept open, its schema set: DuckDB alone. */
  connection: DuckDBConnection;
  /** For a fresh connection per call, as the server makes one for each execute. */
  instance: DuckDBInstance;
  /** Size of the database file. */
  bytes: number;
  close(): Promise<void>;
}

export async function openLocalCopy(dataDir: string, layout: DatabaseLayout): Promise<LocalWarehouse> {
  const dir = await mkdtemp(join(tmpdir(), 'console-bench-execute-'));
  try {
    const source = join(warehouseDir(dataDir), layout.file);
    const copy = join(dir, layout.file);
    await copyFile(source, copy);
    // A write-ahead log would hold changes the file does not have yet (the seed leaves none).
    if (await stat(`${source}.wal`).catch(() => null)) await copyFile(`${source}.wal`, `${copy}.wal`);
    // Attached under the catalog name the server gives it, so the same SQL resolves the same way.
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`ATTACH ${literal(copy)} AS ${identifier(layout.catalog)} (READ_ONLY)`);
    await useSchema(connection, layout.catalog, SCHEMA);
    const { size } = await stat(copy);
    return {
      connection,
      instance,
      bytes: size,
      async close() {
        connection.closeSync();
        instance.closeSync();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

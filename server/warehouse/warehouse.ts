import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { findTable, listSchemas, listTables, schemaExists, searchColumns, searchTables } from './catalog';
import { installWarehouse } from './install';
import { runGuard } from './guard';
import { SANDBOX_DATABASE, sandboxFile, spillDir, WAREHOUSE_DATABASES, warehouseDir, type DatabaseLayout } from './layout';
import { DEFAULT_SANDBOX_QUOTA_BYTES, SandboxQuota } from './sandbox';
import { estimateStatements, runStatements, useSchema, type QueryControl } from './query';
import { identifier, literal } from './sql';
import {
  QueryCancelledError,
  WarehouseSqlError,
  WarehouseUnavailableError,
  type Estimate,
  type ExecuteRequest,
  type QueryResult,
  type Warehouse,
  type WarehouseDatabase,
  type WarehouseReady,
  type WarehouseTable,
} from './types';

/** The part of a pino/Fastify logger the warehouse uses. */
export interface WarehouseLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WarehouseOptions {
  dataDir: string;
  /** A folder to reuse (and fill) a finished seed from; null seeds into the data dir. */
  seedCache: string | null;
  logger: WarehouseLogger;
  /** The most bytes of JSON one result's rows may take (DEFAULT_RESULT_MAX_BYTES when absent). */
  resultMaxBytes?: number;
  /** The most bytes the sandbox database may hold (DEFAULT_SANDBOX_QUOTA_BYTES when absent). */
  sandboxQuotaBytes?: number;
  /** DuckDB's memory_limit and threads for every query at once (DuckDB's defaults, 80% of RAM and every core, when absent). */
  resources?: WarehouseResources;
}

export interface WarehouseResources {
  memoryMb: number;
  threads: number;
}

/** 64 MB: far more than anyone reads in a browser grid, well under what the server can hold at once. */
export const DEFAULT_RESULT_MAX_BYTES = 64 * 2 ** 20;

/**
 * Opens the embedded warehouse at once; its files are prepared on first use or prepare() (an
 * existing seed, a copy from the seed cache, or a fresh seed) and every method waits for them. A failed
 * seed is logged and makes the methods throw WarehouseUnavailableError.
 */
export function openWarehouse(options: WarehouseOptions): Warehouse {
  return new EmbeddedWarehouse(options);
}

/** The open instance, and how its files came to be there. */
interface Prepared {
  instance: DuckDBInstance;
  ready: WarehouseReady;
}

class EmbeddedWarehouse implements Warehouse {
  private readonly stopSeed = new AbortController();
  private preparing: Promise<Prepared> | null = null;
  private readonly running = new Map<string, QueryControl & { connection: DuckDBConnection | null }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing: Promise<void> | null = null;
  private readonly quota: SandboxQuota;

  constructor(private readonly options: WarehouseOptions) {
    this.quota = new SandboxQuota(SANDBOX_DATABASE.catalog, options.sandboxQuotaBytes ?? DEFAULT_SANDBOX_QUOTA_BYTES);
  }

  prepare(): Promise<WarehouseReady> {
    return this.prepared.then(({ ready }) => ready);
  }

  /**
   * The files prepared on first need (or by prepare()) and opened: an app built for a test that
   * never touches the warehouse copies nothing.
   */
  private get prepared(): Promise<Prepared> {
    if (!this.preparing) {
      this.preparing = this.start();
      // Failures are logged in start() and reported by every call; nothing may await this one.
      this.preparing.catch(() => undefined);
    }
    return this.preparing;
  }

  private get ready(): Promise<DuckDBInstance> {
    return this.prepared.then(({ instance }) => instance);
  }

  databases(): WarehouseDatabase[] {
    return [...WAREHOUSE_DATABASES, SANDBOX_DATABASE].map(({ id, name, catalog, allowDml }) => ({ id, name, catalog, allowDml }));
  }

  database(id: number): WarehouseDatabase | null {
    return this.databases().find((database) => database.id === id) ?? null;
  }

  async schemas(databaseId: number): Promise<string[] | null> {
    const database = this.database(databaseId);
    return database ? this.withConnection((connection) => listSchemas(connection, database.catalog)) : null;
  }

  async tables(databaseId: number, schema: string): Promise<WarehouseTable[] | null> {
    const database = this.database(databaseId);
    if (!database) return null;
    return this.withConnection(async (connection) =>
      (await schemaExists(connection, database.catalog, schema)) ? listTables(connection, database.catalog, schema) : null,
    );
  }

  async table(databaseId: number, schema: string, table: string): ReturnType<Warehouse['table']> {
    const database = this.database(databaseId);
    return database ? this.withConnection((connection) => findTable(connection, database.catalog, schema, table)) : null;
  }

  searchTables(text: string, limit: number): ReturnType<Warehouse['searchTables']> {
    return this.withConnection((connection) => searchTables(connection, this.databases(), text, limit));
  }

  searchColumns(text: string, limit: number): ReturnType<Warehouse['searchColumns']> {
    return this.withConnection((connection) => searchColumns(connection, this.databases(), text, limit));
  }

  async execute(request: ExecuteRequest): Promise<QueryResult> {
    let refused: { reason: unknown } | null = null;
    // Handled from now on (it may reject while the connection opens); awaited before the SQL runs.
    const gate = request.gate?.catch((reason: unknown) => {
      refused = { reason };
      throw reason;
    });
    gate?.catch(() => undefined);
    const database = this.requireDatabase(request.databaseId);
    if (this.running.has(request.queryId)) throw new WarehouseSqlError(`A query with id "${request.queryId}" is already running`);
    const control = { queryId: request.queryId, cancelled: false, connection: null as DuckDBConnection | null };
    this.running.set(request.queryId, control);
    try {
      return await this.withConnection(async (connection) => {
        control.connection = connection;
        try {
          await this.useSchema(connection, database, request.schema);
          await gate;
          const limits = { rows: request.limit, maxBytes: this.options.resultMaxBytes ?? DEFAULT_RESULT_MAX_BYTES };
          const guard = runGuard(database, connection, database.allowDml ? this.quota : null);
          return await runStatements(connection, request.sql, limits, control, guard);
        } finally {
          // Never interrupt a connection after it is closed.
          control.connection = null;
        }
      });
    } catch (error) {
      if (refused) throw (refused as { reason: unknown }).reason;
      throw control.cancelled ? new QueryCancelledError(request.queryId) : sqlError(error, this.options.resources);
    } finally {
      this.running.delete(request.queryId);
    }
  }

  cancel(queryId: string): boolean {
    const control = this.running.get(queryId);
    if (!control) return false;
    control.cancelled = true;
    control.connection?.interrupt();
    return true;
  }

  async estimate(request: Omit<ExecuteRequest, 'limit' | 'queryId'>): Promise<Estimate> {
    const database = this.requireDatabase(request.databaseId);
    try {
      return await this.withConnection(async (connection) => {
        await this.useSchema(connection, database, request.schema);
        return await estimateStatements(connection, request.sql);
      });
    } catch (error) {
      throw sqlError(error, this.options.resources);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.stopSeed.abort();
    for (const queryId of this.running.keys()) this.cancel(queryId);
    await Promise.allSettled([this.preparing, ...this.inFlight]);
    const prepared = await this.preparing?.catch(() => null);
    prepared?.instance.closeSync();
  }

  /** Prepares the files, then opens them in a DuckDB instance of its own. */
  private async start(): Promise<Prepared> {
    const { dataDir, seedCache, logger } = this.options;
    try {
      const { source, ms, cacheError } = await installWarehouse(dataDir, seedCache, this.stopSeed.signal);
      logger.info({ source, ms: Math.round(ms) }, `Warehouse files ready (${source}, ${Math.round(ms)} ms)`);
      if (cacheError) logger.error({ err: cacheError }, 'Could not store the warehouse seed in the seed cache');
      this.stopSeed.signal.throwIfAborted();
      return { instance: await openInstance(dataDir, this.options.resources), ready: { source, ms } };
    } catch (error) {
      if (this.stopSeed.signal.aborted) throw new WarehouseUnavailableError('The warehouse is closed');
      logger.error({ err: error }, 'The demo warehouse could not be prepared');
      throw new WarehouseUnavailableError(`The demo warehouse is not available: ${messageOf(error)}`);
    }
  }

  /** A connection of its own for one call, closed after it; calls after close() are refused. */
  private async withConnection<T>(task: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closing) throw new WarehouseUnavailableError('The warehouse is closed');
    const work = this.ready.then(async (instance) => {
      const connection = await instance.connect();
      try {
        return await task(connection);
      } finally {
        connection.closeSync();
      }
    });
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async useSchema(connection: DuckDBConnection, database: WarehouseDatabase, schema: string | null): Promise<void> {
    try {
      await useSchema(connection, database.catalog, schema ?? 'main');
    } catch {
      throw new WarehouseSqlError(`Schema "${schema}" does not exist in database "${database.name}"`);
    }
  }

  private requireDatabase(id: number): WarehouseDatabase {
    const database = this.database(id);
    if (!database) throw new WarehouseSqlError(`Database ${id} does not exist`);
    return database;
  }
}

/**
 * One instance for all catalogs, so SQL can join across them: opened on the sandbox's file (so
 * there is no shared in-memory catalog to fill), the demo databases attached read-only. Then
 * file access is switched off, so SQL Lab users cannot read or attach files on the server (the
 * console's own store and keys among them), and the configuration is locked: no SET can change
 * the server's settings (or switch file access back on) for everyone.
 *
 * memory_limit and threads are settings of the instance, not of a connection or a query (DuckDB has
 * no per-query memory limit): together every query stays under them, and a query that needs more
 * memory than is left fails with DuckDB's "Out of Memory Error" instead of growing the console.
 */
async function openInstance(dataDir: string, resources: WarehouseResources | undefined): Promise<DuckDBInstance> {
  await mkdir(spillDir(dataDir), { recursive: true });
  await mkdir(path.dirname(sandboxFile(dataDir)), { recursive: true, mode: 0o700 });
  const limits: Record<string, string> = resources ? { memory_limit: `${resources.memoryMb}MB`, threads: String(resources.threads) } : {};
  const instance = await DuckDBInstance.create(sandboxFile(dataDir), { temp_directory: spillDir(dataDir), ...limits });
  try {
    const connection = await instance.connect();
    try {
      for (const database of WAREHOUSE_DATABASES) await connection.run(attachSql(dataDir, database));
      await connection.run('SET GLOBAL enable_external_access = false');
      await connection.run('SET GLOBAL lock_configuration = true');
    } finally {
      connection.closeSync();
    }
    return instance;
  } catch (error) {
    instance.closeSync();
    throw error;
  }
}

function attachSql(dataDir: string, database: DatabaseLayout): string {
  return `ATTACH ${literal(path.join(warehouseDir(dataDir), database.file))} AS ${identifier(database.catalog)} (READ_ONLY)`;
}

/**
 * Our own errors pass through; anything DuckDB threw is the SQL's fault, with DuckDB's text. Out of
 * memory says what the limit is instead of DuckDB's advice (SET memory_limit, which is locked here).
 */
function sqlError(error: unknown, resources: WarehouseResources | undefined): Error {
  if (error instanceof WarehouseSqlError || error instanceof QueryCancelledError || error instanceof WarehouseUnavailableError) return error;
  const message = messageOf(error);
  if (resources && message.startsWith('Out of Memory Error')) {
    const first = message.split('\n')[0];
    return new WarehouseSqlError(`${first}\nSQL may use at most ${resources.memoryMb} MB at once (CONSOLE_SQL_MEMORY_MB): make the query need less, or ask the operator for more.`);
  }
  return new WarehouseSqlError(message);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

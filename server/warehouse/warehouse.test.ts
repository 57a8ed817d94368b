import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestWarehouse, recordingLogger, type TestWarehouse } from '../testing/warehouse';
import { spillDir } from './layout';
import { QueryCancelledError, WarehouseSqlError, WarehouseUnavailableError, type ExecuteRequest, type Warehouse } from './types';
import { openWarehouse } from './warehouse';

const SANDBOX = 4;

let opened: TestWarehouse;
let warehouse: Warehouse;

beforeAll(async () => {
  opened = await openTestWarehouse();
  warehouse = opened.warehouse;
}, 120_000);

afterAll(() => opened.dispose());

/** Minutes of work for DuckDB: a billion rows times a thousand. */
const LONG_QUERY = 'SELECT count(*) FROM range(1000000000) a, range(1000) b';

/** Runs SQL on the warehouse; the rows come back parsed from the JSON it writes. */
async function run(sql: string, options: Partial<ExecuteRequest> = {}) {
  const result = await warehouse.execute({ databaseId: 1, schema: 'gaming', sql, limit: 100, queryId: randomUUID(), ...options });
  return { ...result, rows: result.rows.values() };
}

async function settleTime(promise: Promise<unknown>): Promise<number> {
  const started = performance.now();
  await promise.catch(() => undefined);
  return performance.now() - started;
}

describe('execute', () => {
  it('runs nothing when its gate rejects, and rejects with the gate’s error', async () => {
    const refusal = new Error('client_id already used');
    await expect(run('CREATE TABLE gaming.gated AS SELECT 1 AS n', { gate: Promise.reject(refusal) })).rejects.toBe(refusal);
    await expect(run('SELECT * FROM gaming.gated')).rejects.toThrow(/gated does not exist/);
    const opened = await run('SELECT 42 AS n', { gate: Promise.resolve() });
    expect(opened.rows).toEqual([{ n: 42 }]);
  });

  it('returns at most `limit` rows of the last statement, with column types, and says when it cut', async () => {
    const result = await run('SELECT * FROM bet_report', { limit: 5 });
    expect(result.rows).toHaveLength(5);
    expect(result.limited).toBe(true);
    expect(result.columns).toHaveLength(27);
    expect(result.columns.slice(0, 3)).toEqual([
      { name: 'pre_cal_id', type: 'BIGINT' },
      { name: 'pre_cal', type: 'TIMESTAMP' },
      { name: 'username', type: 'VARCHAR' },
    ]);
    expect(await run('SELECT 1 AS x', { limit: 1 })).toEqual({ columns: [{ name: 'x', type: 'INTEGER' }], rows: [{ x: 1 }], limited: false, truncatedAtBytes: null });
  });

  it('streams: a result far too big to hold stops at the limit', async () => {
    const result = await run('SELECT range AS i FROM range(10000000000)', { limit: 3 });
    expect(result).toMatchObject({ rows: [{ i: 0 }, { i: 1 }, { i: 2 }], limited: true });
  });

  it('converts cells to JSON-safe values', async () => {
    const [row] = (await run(`SELECT pre_cal_id, pre_cal, bet_amt, date, NULL AS nothing, 9007199254740993::BIGINT AS big,
      [stake, stake] AS pair, {'user': username} AS who FROM bet_report WHERE pre_cal_id = 10000001`)).rows;
    expect(row).toEqual({
      pre_cal_id: 10000001,
      pre_cal: expect.stringMatching(/^2025-\d\d-\d\dT\d\d:00:00$/),
      bet_amt: expect.any(Number),
      date: expect.stringMatching(/^2025-\d\d-\d\d$/),
      nothing: null,
      big: '9007199254740993',
      pair: [expect.any(Number), expect.any(Number)],
      who: { user: expect.stringMatching(/^[a-z0-9]+$/) },
    });
  });

  it('runs the statements in order on one connection and returns the last result', async () => {
    const result = await run('CREATE TEMP TABLE picks AS SELECT 1 AS a; INSERT INTO picks VALUES (2); SELECT a FROM picks ORDER BY a;', { databaseId: SANDBOX, schema: null });
    expect(result.rows).toEqual([{ a: 1 }, { a: 2 }]);
    // Temp tables belong to that query's connection only.
    await expect(run('SELECT * FROM picks', { databaseId: SANDBOX, schema: null })).rejects.toThrow(/picks/);
  });

  it('uses the schema given, `main` when none, and reaches every catalog by name', async () => {
    expect((await run('SELECT current_schema() AS s, current_database() AS d', { schema: null, databaseId: 2 })).rows).toEqual([{ s: 'main', d: 'finance' }]);
    const joined = await run(`SELECT count(*) AS n FROM finance.ap.invoices i JOIN marketing.crm.contacts c ON c.contact_id = i.vendor_id`);
    expect(joined.rows[0].n).toBeGreaterThan(0);
  });

  it('refuses unknown schemas and databases with a clear message', async () => {
    await expect(run('SELECT 1', { schema: 'nope' })).rejects.toThrow(new WarehouseSqlError('Schema "nope" does not exist in database "lakehouse"'));
    await expect(run('SELECT 1', { schema: 'x"; DROP SCHEMA gaming; --' })).rejects.toThrow(WarehouseSqlError);
    await expect(run('SELECT 1', { databaseId: 42 })).rejects.toThrow(new WarehouseSqlError('Database 42 does not exist'));
  });

  it("reports SQL errors with DuckDB's message", async () => {
    await expect(run('SELECT * FROM no_such_table')).rejects.toThrow(/^Catalog Error: Table with name no_such_table does not exist/);
    await expect(run('SELECT * FROM no_such_table')).rejects.toBeInstanceOf(WarehouseSqlError);
    await expect(run('SELEC 1')).rejects.toThrow(/^Parser Error: syntax error at or near "SELEC"/);
    await expect(run('SELECT 1; SELECT 1/0::INTEGER AS x; SELECT nope()')).rejects.toThrow(/nope/);
    await expect(run('  ')).rejects.toThrow(new WarehouseSqlError('No SQL statement to run'));
  });

  it('keeps SQL away from the server’s files', async () => {
    await expect(run("SELECT * FROM read_csv('/etc/passwd')")).rejects.toThrow(/Permission Error/);
    await expect(run(`ATTACH '${path.join(opened.dataDir, 'console.sqlite')}' AS store`)).rejects.toThrow(/ATTACH is not allowed/);
    await expect(run("COPY (SELECT 1) TO '/tmp/leak.csv'")).rejects.toThrow(/Permission Error/);
    // The spill folder is the one place DuckDB itself may write to: the guard refuses COPY there.
    await expect(run(`COPY (SELECT 1) TO '${path.join(spillDir(opened.dataDir), 'leak.csv')}'`)).rejects.toThrow(/COPY is not allowed/);
    await expect(run('SET enable_external_access = true')).rejects.toThrow(/the configuration has been locked/);
  });

  it('checks DuckDB’s own type of each statement just before it runs, with no check in front of it', async () => {
    // What SQL Lab's check before the run refuses by the words; here only the warehouse's guard stands.
    await expect(run('SELECT 1; DETACH finance')).rejects.toThrow(new WarehouseSqlError('DETACH is not allowed in SQL Lab: the server attaches the databases'));
    await expect(run('PRAGMA enable_profiling')).rejects.toThrow(/^PRAGMA is not allowed/);
    await expect(run('LOAD json')).rejects.toThrow(/^LOAD is not allowed/);
    await expect(run('CREATE TABLE gaming.scratch AS SELECT 1')).rejects.toThrow(/^Database "lakehouse" is read-only \(allow_dml is false\): CREATE/);
    await expect(run('WITH x AS (SELECT 1) INSERT INTO gaming.members SELECT * FROM gaming.members LIMIT 0')).rejects.toThrow(/allow_dml is false/);
    await expect(run("SET GLOBAL memory_limit = '20MB'")).rejects.toThrow(/the configuration has been locked/);
    // And behind it all, the demo databases are attached read-only.
    await expect(run('INSERT INTO lakehouse.gaming.members SELECT * FROM lakehouse.gaming.members LIMIT 1', { databaseId: SANDBOX, schema: null })).rejects.toThrow(/read-only mode/);
    expect((await run('SELECT count(*) AS n FROM finance.ap.invoices')).rows[0].n).toBeGreaterThan(0);
  });
});

describe('cancel', () => {
  it('interrupts a long cross join, which rejects with QueryCancelledError within 2 s', async () => {
    const queryId = randomUUID();
    const running = run(LONG_QUERY, { queryId });
    running.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warehouse.cancel(queryId)).toBe(true);
    const [stopped] = await Promise.all([settleTime(running), expect(running).rejects.toEqual(new QueryCancelledError(queryId))]);
    expect(stopped).toBeLessThan(2000);
    expect(warehouse.cancel(queryId)).toBe(false);
  });

  it('is false for unknown ids and stops queries cancelled before they started', async () => {
    expect(warehouse.cancel('never-ran')).toBe(false);
    const queryId = randomUUID();
    const running = run(LONG_QUERY, { queryId });
    warehouse.cancel(queryId);
    await expect(running).rejects.toBeInstanceOf(QueryCancelledError);
  });

  it('runs queries concurrently: a short one finishes while a long one runs', async () => {
    const queryId = randomUUID();
    const long = run(LONG_QUERY, { queryId });
    long.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(run(LONG_QUERY, { queryId })).rejects.toThrow(/already running/);
    const short = await Promise.all([run('SELECT count(*) AS n FROM members'), run('SELECT 2 AS two')]);
    expect(short.map((result) => result.rows[0])).toEqual([{ n: 50000 }, { two: 2 }]);
    warehouse.cancel(queryId);
    await expect(long).rejects.toBeInstanceOf(QueryCancelledError);
  });
});

describe('estimate', () => {
  const estimate = (sql: string) => warehouse.estimate({ databaseId: 1, schema: 'gaming', sql });

  it('estimates the whole bet report from DuckDB’s plan', async () => {
    const whole = await estimate('SELECT * FROM bet_report');
    expect(whole.outputCount).toBe(1_000_000);
    expect(whole.cpuCost).toBeGreaterThanOrEqual(whole.outputCount);
    // 27 columns: more than a hundred bytes a row.
    expect(whole.outputSize / whole.outputCount).toBeGreaterThan(100);
  });

  it('estimates fewer rows for a filtered query, and only plans the last statement', async () => {
    const filtered = await estimate("SELECT username, bet_amt FROM bet_report WHERE currency = 'THB' AND stake > 30");
    expect(filtered.outputCount).toBeGreaterThan(0);
    expect(filtered.outputCount).toBeLessThan(1_000_000);
    expect(filtered.outputSize).toBe(filtered.outputCount * (16 + 8));
    const last = await estimate('CREATE TABLE gaming.never AS SELECT 1; SELECT * FROM members');
    expect(last.outputCount).toBe(50_000);
    expect(await warehouse.table(1, 'gaming', 'never')).toBeNull();
  });

  it('counts what LIMIT, ORDER BY … LIMIT and count(*) put out, not what they read', async () => {
    expect((await estimate('SELECT * FROM bet_report LIMIT 500')).outputCount).toBe(500);
    expect((await estimate('SELECT * FROM bet_report ORDER BY stake DESC LIMIT 10')).outputCount).toBe(10);
    expect((await estimate('SELECT count(*) FROM bet_report')).outputCount).toBe(1);
  });

  it('reports bad SQL as a WarehouseSqlError', async () => {
    await expect(estimate('SELECT * FROM nowhere')).rejects.toThrow(/nowhere/);
    await expect(estimate('SELECT * FROM nowhere')).rejects.toBeInstanceOf(WarehouseSqlError);
  });
});

describe('lifecycle', () => {
  it('opens at once and reports a failed seed on every call, without throwing at start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'warehouse-broken-'));
    const notADir = path.join(dir, 'file');
    await writeFile(notADir, 'not a directory');
    const logger = recordingLogger();
    const broken = openWarehouse({ dataDir: notADir, seedCache: null, logger });
    expect(broken.databases()).toHaveLength(4);
    await expect(broken.prepare()).rejects.toThrow(/^The demo warehouse is not available: /);
    await expect(broken.schemas(1)).rejects.toThrow(WarehouseUnavailableError);
    await expect(broken.execute({ databaseId: 1, schema: null, sql: 'SELECT 1', limit: 1, queryId: 'x' })).rejects.toThrow(
      /^The demo warehouse is not available: /,
    );
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', message: 'The demo warehouse could not be prepared' }));
    await broken.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('closes promptly while seeding and while a query runs', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'warehouse-closing-'));
    const seeding = openWarehouse({ dataDir, seedCache: null, logger: recordingLogger() });
    const pending = seeding.schemas(1);
    pending.catch(() => undefined);
    expect(await settleTime(seeding.close())).toBeLessThan(3000);
    await expect(pending).rejects.toThrow(new WarehouseUnavailableError('The warehouse is closed'));
    await rm(dataDir, { recursive: true, force: true });

    const other = await openTestWarehouse();
    await other.warehouse.schemas(1);
    const long = other.warehouse.execute({ databaseId: 1, schema: null, sql: LONG_QUERY, limit: 1, queryId: 'long' });
    long.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await settleTime(other.dispose())).toBeLessThan(3000);
    await expect(long).rejects.toBeInstanceOf(QueryCancelledError);
    await expect(other.warehouse.schemas(1)).rejects.toThrow(WarehouseUnavailableError);
  });
});

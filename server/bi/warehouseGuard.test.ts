import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { spillDir } from '../warehouse/layout';
import { useFixture } from '../testing/harness';
import { biClient, q, type BiClient } from './testing/client';
import { loadContract } from './testing/contract';

const fixture = useFixture();
const contract = await loadContract();
const EXECUTE = '/api/v1/sqllab/execute/';
const LAKEHOUSE = 1;
const FINANCE = 2;
const SANDBOX = 4;

async function setup(overrides: { sandboxQuotaMb?: number } = {}) {
  const built = await fixture.build(overrides);
  await built.app.services.warehouse.prepare();
  const client = await biClient(built.app);
  return { ...built, client, dataDir: built.app.services.config.dataDir };
}

/** Runs SQL and expects a 400 whose message matches; answers the body. */
async function refused(client: BiClient, sql: string, message: RegExp, database_id = LAKEHOUSE) {
  const response = await client.execute({ sql, database_id });
  expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
  const body = response.json();
  contract.expectResponse(EXECUTE, 'post', 400, body);
  expect(body.message, sql).toMatch(message);
  expect(body).toMatchObject({ status: 'failed', error: body.message });
  return body;
}

async function rows(client: BiClient, sql: string, database_id = LAKEHOUSE) {
  const response = await client.execute({ sql, database_id });
  expect(response.statusCode, `${sql}: ${response.body}`).toBe(200);
  return response.json().data as Record<string, unknown>[];
}

const SETTINGS = "SELECT current_setting('threads') AS threads, current_setting('memory_limit') AS memory, current_setting('enable_external_access') AS external";

describe('the warehouse configuration cannot be changed by SQL', () => {
  it('refuses global settings (any spelling) before they run, and the settings stay as they were', async () => {
    const { client } = await setup();
    const before = await rows(client, SETTINGS);
    for (const sql of [
      "SET GLOBAL memory_limit='20MB'",
      'SET GLOBAL threads=1',
      'set threads to 1',
      "SET SESSION memory_limit = '20MB'",
      'SET GLOBAL lock_configuration=false',
      'SET enable_external_access = true',
      'RESET threads',
      'PRAGMA threads=1',
      "pragma memory_limit='1GB'",
      '/* tune */ SeT/**/GlObAl threads = 1',
      "SELECT 1 AS one;\nSET GLOBAL memory_limit='20MB'",
    ]) {
      await refused(client, sql, /not allowed/);
    }
    expect(await rows(client, SETTINGS)).toEqual(before);
  });

  it('refuses DETACH, ATTACH, COPY, EXPORT, IMPORT, INSTALL, LOAD and setting-changing PRAGMA or CALL; writes no file', async () => {
    const { client, dataDir } = await setup();
    const filesBefore = await readdir(spillDir(dataDir));
    for (const sql of [
      'DETACH finance',
      'detach DATABASE IF EXISTS finance',
      `ATTACH '${spillDir(dataDir)}/x.duckdb' AS x`,
      `COPY (SELECT 1) TO '${spillDir(dataDir)}/x.csv'`,
      `COPY gaming.members TO '${spillDir(dataDir)}/m.parquet' (FORMAT parquet)`,
      `EXPORT DATABASE '${spillDir(dataDir)}/export'`,
      `IMPORT DATABASE '${spillDir(dataDir)}/export'`,
      `PRAGMA import_database('${spillDir(dataDir)}')`,
      'COPY FROM DATABASE lakehouse TO finance',
      'INSTALL httpfs',
      'FORCE INSTALL httpfs',
      'LOAD json',
      'UPDATE EXTENSIONS',
      'PRAGMA enable_profiling',
      "PRAGMA profiling_output='/tmp/p.json'",
      'CALL enable_logging()',
      'SELECT * FROM enable_logging()',
      'PREPARE p AS SELECT 1',
      "CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')",
    ]) {
      await refused(client, sql, /not allowed/);
    }
    expect(await readdir(spillDir(dataDir))).toEqual(filesBefore);
    expect(await rows(client, 'SELECT count(*) AS n FROM ap.invoices', FINANCE)).toEqual([{ n: expect.any(Number) }]);
  });

  it('sees through comments, strings, quoted names and case: refuses what runs, runs what is only text', async () => {
    const { client } = await setup();
    for (const sql of [
      '/* a comment ; */ dEtAcH finance',
      '-- first line ;\nDETACH finance',
      "SELECT 'a;b' AS s;DETACH finance",
      'SELECT 1 AS one; /* ; */ DETACH finance; SELECT 2 AS two',
      '(SELECT 1); DETACH finance',
      'SELECT $$ ; $$ AS s; DETACH finance',
    ]) {
      await refused(client, sql, /DETACH is not allowed/);
    }
    expect(await rows(client, "SELECT 'x; DETACH finance' AS s")).toEqual([{ s: 'x; DETACH finance' }]);
    expect(await rows(client, 'SELECT 1 AS "detach finance"')).toEqual([{ 'detach finance': 1 }]);
    expect(await rows(client, 'SELECT $$; DETACH finance; $$ AS s')).toEqual([{ s: '; DETACH finance; ' }]);
    expect(await rows(client, "-- DETACH finance\nSELECT 1 AS one /* DETACH finance */")).toEqual([{ one: 1 }]);
    // Session-only statements are fine: they end with the run's own connection.
    expect(await rows(client, "SET VARIABLE who = 'me'; USE finance.ap; SET search_path = 'finance.gl'; SELECT getvariable('who') AS who")).toEqual([{ who: 'me' }]);
    expect(await rows(client, 'PRAGMA version')).toHaveLength(1);
    // Finance is still attached after all of that.
    expect(await rows(client, 'SELECT count(*) > 0 AS ok FROM finance.ap.invoices')).toEqual([{ ok: true }]);
  });
});

describe('allow_dml: the demo databases are read-only, the sandbox takes scratch tables', () => {
  it('the database list says which databases allow DML, the sandbox among them', async () => {
    const { client } = await setup();
    const list = (await client.get(`/v1/database/?${q({ order_column: 'id' })}`)).json();
    contract.expectResponse('/api/v1/database/', 'get', 200, list);
    expect(list.result.map((database: { database_name: string; allow_dml: boolean }) => [database.database_name, database.allow_dml])).toEqual([
      ['lakehouse', false],
      ['finance', false],
      ['marketing', false],
      ['sandbox', true],
    ]);
    expect((await client.get('/v1/sqllab/')).json().result.databases[String(SANDBOX)]).toMatchObject({ database_name: 'sandbox', allow_dml: true });
    expect((await client.get(`/v1/database/${SANDBOX}/schemas/`)).json().result).toEqual(['main']);
  });

  it('refuses CREATE, INSERT, UPDATE, DELETE, DROP and their disguises on lakehouse and finance, naming the database and allow_dml', async () => {
    const { client } = await setup();
    for (const [sql, database] of [
      ['CREATE TABLE gaming.scratch AS SELECT 1 AS n', LAKEHOUSE],
      ['insert into gaming.members SELECT * FROM gaming.members LIMIT 1', LAKEHOUSE],
      ['UPDATE gaming.members SET username = username', LAKEHOUSE],
      ['DELETE FROM gaming.members', LAKEHOUSE],
      ['DROP TABLE gaming.members', LAKEHOUSE],
      ['WITH x AS (SELECT 1) INSERT INTO gaming.members SELECT * FROM gaming.members LIMIT 0', LAKEHOUSE],
      ['EXPLAIN ANALYZE CREATE TABLE gaming.scratch AS SELECT 1', LAKEHOUSE],
      ['CREATE TEMP TABLE t AS SELECT 1', LAKEHOUSE],
      ['TRUNCATE ap.invoices', FINANCE],
      ['ALTER TABLE ap.invoices ADD COLUMN x INTEGER', FINANCE],
      ['CREATE MACRO twice(x) AS x * 2', FINANCE],
      ['SELECT 1 AS one; /* then */ DrOp TaBlE ap.invoices', FINANCE],
      ['CREATE TABLE sandbox.main.t AS SELECT 1 AS n', FINANCE],
    ] as const) {
      const body = await refused(client, sql, /allow_dml/, database);
      expect(body.message).toContain(database === LAKEHOUSE ? '"lakehouse"' : '"finance"');
      expect(body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    }
    expect(await rows(client, 'SELECT count(*) AS n FROM ap.invoices LIMIT 1', FINANCE)).toEqual([{ n: expect.any(Number) }]);
    expect((await client.get(`/v1/database/${LAKEHOUSE}/table_metadata/?name=scratch&schema=gaming`)).statusCode).toBe(404);
  });

  it('the sandbox takes CREATE, INSERT, UPDATE, DELETE and DROP, and its tables show in the catalog', async () => {
    const { client } = await setup();
    expect(await rows(client, "CREATE TABLE picks AS SELECT range AS n, 'x' || range AS s FROM range(5); INSERT INTO picks VALUES (9, 'nine'); SELECT count(*) AS c FROM picks", SANDBOX)).toEqual([{ c: 6 }]);
    expect(await rows(client, "UPDATE picks SET s = 'one' WHERE n = 1; DELETE FROM picks WHERE n = 0; SELECT n, s FROM picks ORDER BY n LIMIT 2", SANDBOX)).toEqual([
      { n: 1, s: 'one' },
      { n: 2, s: 'x2' },
    ]);
    const tables = (await client.get(`/v1/database/${SANDBOX}/tables/?${q({ schema_name: 'main' })}`)).json();
    expect(tables.result.map((table: { value: string }) => table.value)).toEqual(['picks']);
    // It reads the demo databases, but never writes to them, nor runs what is refused everywhere.
    expect(await rows(client, 'CREATE TABLE few AS SELECT * FROM lakehouse.gaming.members LIMIT 3; SELECT count(*) AS n FROM few', SANDBOX)).toEqual([{ n: 3 }]);
    await refused(client, 'INSERT INTO lakehouse.gaming.members SELECT * FROM few', /read-only/, SANDBOX);
    await refused(client, 'DETACH lakehouse', /not allowed/, SANDBOX);
    // Refused before anything runs: the CREATE in front of it never happened.
    await refused(client, 'CREATE TABLE early AS SELECT 1 AS n; DETACH lakehouse', /DETACH is not allowed/, SANDBOX);
    await refused(client, 'SELECT * FROM early', /early does not exist/, SANDBOX);
    await refused(client, 'BEGIN; DROP TABLE few; COMMIT', /transaction/, SANDBOX);
    expect(await rows(client, 'DROP TABLE picks; DROP TABLE few; SELECT 1 AS done', SANDBOX)).toEqual([{ done: 1 }]);
    expect((await client.get(`/v1/database/${SANDBOX}/tables/?${q({ schema_name: 'main' })}`)).json().result).toEqual([]);
  });

  it('a run that would take the sandbox past CONSOLE_SANDBOX_QUOTA_MB is rolled back with a clear message', async () => {
    const { client } = await setup({ sandboxQuotaMb: 1 });
    expect(await rows(client, 'CREATE TABLE small AS SELECT range AS n FROM range(1000); SELECT count(*) AS c FROM small', SANDBOX)).toEqual([{ c: 1000 }]);
    const body = await refused(client, "CREATE TABLE big AS SELECT md5(range::VARCHAR) || range AS s FROM range(200000)", /sandbox quota of 1 MB/, SANDBOX);
    expect(body.message).toMatch(/CONSOLE_SANDBOX_QUOTA_MB/);
    await refused(client, "INSERT INTO small SELECT range FROM range(1000); CREATE TABLE big AS SELECT md5(range::VARCHAR) || range AS s FROM range(200000)", /quota/, SANDBOX);
    // Nothing of the refused runs stayed.
    expect(await rows(client, "SELECT count(*) AS c FROM small; ", SANDBOX)).toEqual([{ c: 1000 }]);
    await refused(client, 'SELECT * FROM big', /big does not exist/, SANDBOX);
    // Deleting always works, and room comes back.
    expect(await rows(client, 'DROP TABLE small; SELECT 1 AS ok', SANDBOX)).toEqual([{ ok: 1 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { DuckDBInstance, StatementType } from '@duckdb/node-api';
import { scanStatements } from './sqlScan';
import { checkStatements, classifyTokens, classOfType, refusal, type StatementClass } from './statementPolicy';
import { WarehouseSqlError, type WarehouseDatabase } from './types';

const READ_ONLY: WarehouseDatabase = { id: 1, name: 'lakehouse', catalog: 'lakehouse', allowDml: false };
const SANDBOX: WarehouseDatabase = { id: 4, name: 'sandbox', catalog: 'sandbox', allowDml: true };

const classes = (sql: string) => scanStatements(sql).map((tokens) => classifyTokens(tokens).kind);
const verdict = (sql: string) => classifyTokens(scanStatements(sql)[0] ?? []);

describe('scanStatements', () => {
  it('splits at semicolons outside comments, strings, quoted names and dollar quotes', () => {
    expect(scanStatements("SELECT 'a;b' AS s; -- c;\n/* d; /* nested; */ e; */ DETACH x;;")).toEqual([['SELECT', "'", 'AS', 'S'], ['DETACH', 'X']]);
    expect(scanStatements('SELECT $$;$$, $tag$ ; $$ ; $tag$, $1; SELECT "a;""b"')).toEqual([
      ['SELECT', "'", ',', "'", ',', '$'],
      ['SELECT', '"a;"b'],
    ]);
    expect(scanStatements("SELECT E'\\'; DETACH x; --'")).toEqual([['SELECT', 'E', "'"]]);
    // Without the E, a backslash is just a character and the string ends at the next quote.
    expect(scanStatements("SELECT '\\'; DETACH x")).toEqual([['SELECT', "'"], ['DETACH', 'X']]);
  });

  it('reads unterminated strings and comments to the end, and numbers as one token', () => {
    expect(scanStatements("SELECT 'open; DETACH x")).toEqual([['SELECT', "'"]]);
    expect(scanStatements('SELECT 1 /* open; DETACH x')).toEqual([['SELECT', '0']]);
    expect(scanStatements('SELECT 1.5e-3, .5')).toEqual([['SELECT', '0', ',', '0']]);
    expect(scanStatements(' ;\n; -- only a comment')).toEqual([]);
  });

  it('keeps the first words of a long statement (all of a WITH), and still finds where it ends', () => {
    const values = Array.from({ length: 500 }, (_, i) => `(${i}, 'a;${i}')`).join(', ');
    const [insert, detach] = scanStatements(`INSERT INTO t VALUES ${values}; DETACH x`);
    expect(insert).toHaveLength(64);
    expect(detach).toEqual(['DETACH', 'X']);
    const ctes = Array.from({ length: 40 }, (_, i) => `c${i} AS (SELECT ${i})`).join(', ');
    expect(classes(`((WITH ${ctes} DELETE FROM t))`)).toEqual(['write']);
  });

  it('splits texts exactly where DuckDB does', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      for (const sql of [
        "SELECT 'a;b'; SELECT 2",
        'SELECT 1 /* ; /* ; */ ; */; SELECT 2;',
        'SELECT $x$ ; $x$; SELECT "q;" FROM (SELECT 1 AS "q;")',
        "SELECT E'\\';'; SELECT 3",
        '-- a;\nSELECT 1;;\n\nSELECT 2 -- b;',
      ]) {
        expect(scanStatements(sql).length, sql).toBe((await connection.extractStatements(sql)).count);
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

describe('classifyTokens', () => {
  it.each<[string, StatementClass]>([
    ['select 1', 'read'],
    ['(SELECT 1) UNION (SELECT 2)', 'read'],
    ['FROM t', 'read'],
    ['DESCRIBE t', 'read'],
    ['EXPLAIN SELECT 1', 'read'],
    ['EXPLAIN INSERT INTO t VALUES (1)', 'read'],
    ['pragma table_info(\'t\')', 'read'],
    ['PRAGMA version', 'read'],
    ['CALL pragma_version()', 'read'],
    ['USE finance', 'session'],
    ["SET VARIABLE x = 1", 'session'],
    ["set search_path = 'a,b'", 'session'],
    ['RESET VARIABLE x', 'session'],
    ['BEGIN TRANSACTION', 'transaction'],
    ['commit', 'transaction'],
    ['insert into t values (1)', 'write'],
    ['WITH a AS (SELECT 1), b AS MATERIALIZED (SELECT (2)) INSERT INTO t SELECT * FROM a', 'write'],
    ['WITH a AS (SELECT 1) SELECT * FROM a', 'read'],
    ['EXPLAIN ANALYZE DELETE FROM t', 'write'],
    ['EXPLAIN (ANALYZE, FORMAT JSON) UPDATE t SET a = 1', 'write'],
    ['CREATE OR REPLACE TEMP TABLE t AS SELECT 1', 'write'],
    ['CREATE MACRO m(x) AS x', 'write'],
    ['TRUNCATE t', 'write'],
    ['CHECKPOINT', 'write'],
    ['FORCE CHECKPOINT', 'write'],
    ['SET GLOBAL search_path = \'x\'', 'forbidden'],
    ['SET threads TO 1', 'forbidden'],
    ['SET SESSION memory_limit = \'1GB\'', 'forbidden'],
    ['RESET threads', 'forbidden'],
    ['PRAGMA threads=1', 'forbidden'],
    ['PRAGMA table_info = 1', 'forbidden'],
    ['PRAGMA enable_profiling', 'forbidden'],
    ["PRAGMA import_database('x')", 'forbidden'],
    ['ATTACH \'x\' AS y', 'forbidden'],
    ['DETACH y', 'forbidden'],
    ['COPY t TO \'x\'', 'forbidden'],
    ['COPY t FROM \'x\'', 'forbidden'],
    ['EXPORT DATABASE \'x\'', 'forbidden'],
    ['IMPORT DATABASE \'x\'', 'forbidden'],
    ['INSTALL httpfs', 'forbidden'],
    ['FORCE INSTALL httpfs', 'forbidden'],
    ['LOAD httpfs', 'forbidden'],
    ['UPDATE EXTENSIONS', 'forbidden'],
    ['CREATE PERSISTENT SECRET s (TYPE s3)', 'forbidden'],
    ['DROP SECRET s', 'forbidden'],
    ['CALL enable_logging()', 'forbidden'],
    ['PREPARE p AS SELECT 1', 'forbidden'],
    ['EXECUTE p', 'forbidden'],
    ['EXPLAIN DETACH y', 'forbidden'],
    ['GRANT ALL ON t TO u', 'forbidden'],
  ])('%s → %s', (sql, kind) => {
    expect(classes(sql)).toEqual([kind]);
  });

  it('names what it refuses', () => {
    expect(verdict('set GLOBAL Threads = 1').verb).toBe('SET GLOBAL threads');
    expect(verdict('SET "memory_limit" = 1').verb).toBe('SET memory_limit');
    expect(verdict('PRAGMA enable_profiling').verb).toBe('PRAGMA enable_profiling');
    expect(verdict('detach x')).toMatchObject({ kind: 'forbidden', verb: 'DETACH', reason: 'the server attaches the databases' });
    expect(verdict('force install httpfs')).toMatchObject({ kind: 'forbidden', verb: 'FORCE INSTALL', reason: 'the server chooses the extensions' });
  });
});

describe('classOfType (DuckDB’s own statement types)', () => {
  it('lets queries and session statements through, writes only where DML is allowed, nothing that changes the server', () => {
    expect(classOfType(StatementType.SELECT).kind).toBe('read');
    expect(classOfType(StatementType.SET).kind).toBe('session');
    expect(classOfType(StatementType.MERGE_INTO).kind).toBe('write');
    for (const type of [StatementType.ATTACH, StatementType.DETACH, StatementType.COPY, StatementType.COPY_DATABASE, StatementType.EXPORT, StatementType.LOAD, StatementType.PRAGMA, StatementType.PREPARE, StatementType.EXECUTE, StatementType.UPDATE_EXTENSIONS]) {
      expect(classOfType(type).kind, StatementType[type]).toBe('forbidden');
    }
    expect(refusal(classOfType(StatementType.INSERT), READ_ONLY)).toBe(
      'Database "lakehouse" is read-only (allow_dml is false): INSERT is not allowed there. Create scratch tables in the "sandbox" database.',
    );
    expect(refusal(classOfType(StatementType.INSERT), SANDBOX)).toBeNull();
    expect(refusal(classOfType(StatementType.DETACH), SANDBOX)).toBe('DETACH is not allowed in SQL Lab: the server attaches the databases');
    expect(refusal(classOfType(StatementType.TRANSACTION), READ_ONLY)).toBeNull();
    expect(refusal(classOfType(StatementType.TRANSACTION), SANDBOX)).toMatch(/one transaction of its own/);
  });
});

describe('checkStatements', () => {
  it('checks queries by the functions they call, other texts statement by statement, and leaves parse errors to DuckDB', () => {
    expect(() => checkStatements(READ_ONLY, 'SELECT * FROM enable_logging()', { kind: 'queries', functions: ['enable_logging'] })).toThrow(/enable_logging is not allowed/);
    expect(() => checkStatements(READ_ONLY, 'SELECT 1', { kind: 'queries', functions: [] })).not.toThrow();
    expect(() => checkStatements(READ_ONLY, 'SELECT 1; DROP TABLE t', { kind: 'other' })).toThrow(WarehouseSqlError);
    expect(() => checkStatements(SANDBOX, 'SELECT 1; DROP TABLE t', { kind: 'other' })).not.toThrow();
    expect(() => checkStatements(SANDBOX, 'DETACH x garbage (', { kind: 'unparsable' })).not.toThrow();
  });
});

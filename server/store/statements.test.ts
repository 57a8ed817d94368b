import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFixture } from '../testing/harness';
import { openStore } from './db';
import { StatementCache } from './statements';

const fixture = useFixture();
const open: { close(): void }[] = [];

afterEach(() => {
  for (const handle of open.splice(0).reverse()) handle.close();
});

async function connect(): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(path.join(await fixture.tempDir(), 'cache.duckdb'));
  const connection = await instance.connect();
  open.push({ close: () => instance.closeSync() }, { close: () => connection.closeSync() });
  await connection.run('CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR)');
  return connection;
}

describe('statement cache', () => {
  it('prepares a SQL text once and reuses it with fresh parameters each time', async () => {
    const connection = await connect();
    const prepare = vi.spyOn(connection, 'prepare');
    const cache = await StatementCache.open(connection);
    for (const [id, name] of [[1, 'one'], [2, 'two'], [3, 'three']] as const) {
      await cache.run('INSERT INTO t VALUES ($1, $2)', [id, name]);
    }
    expect(await cache.all('SELECT name FROM t WHERE id = $1', [2])).toEqual([{ name: 'two' }]);
    expect(await cache.all('SELECT name FROM t WHERE id = $1', [3])).toEqual([{ name: 'three' }]);
    expect(await cache.all('SELECT name FROM t WHERE id = $id', { id: 1 })).toEqual([{ name: 'one' }]);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(3);
  });

  it('overlapping calls of one statement keep their own parameters', async () => {
    const connection = await connect();
    const cache = await StatementCache.open(connection);
    const ids = Array.from({ length: 50 }, (_, index) => index + 1);
    await cache.run('INSERT INTO t VALUES ($1, $2)', [0, 'n0']); // prepared: now every call shares it
    await Promise.all(ids.map((id) => cache.run('INSERT INTO t VALUES ($1, $2)', [id, `n${id}`])));
    const names = await Promise.all(ids.map((id) => cache.all<{ name: string }>('SELECT name FROM t WHERE id = $1', [id])));
    expect(names.map((rows) => rows[0]?.name)).toEqual(ids.map((id) => `n${id}`));
  });

  it('evicts the least recently used statement when full and destroys it', async () => {
    const connection = await connect();
    const destroyed: string[] = [];
    const prepare = connection.prepare.bind(connection);
    vi.spyOn(connection, 'prepare').mockImplementation(async (sql: string) => {
      const statement = await prepare(sql);
      const destroy = statement.destroySync.bind(statement);
      vi.spyOn(statement, 'destroySync').mockImplementation(() => {
        destroyed.push(sql);
        destroy();
      });
      return statement;
    });
    const cache = await StatementCache.open(connection, 2);
    await cache.all('SELECT 1 AS a');
    await cache.all('SELECT 2 AS b');
    await cache.all('SELECT 1 AS a'); // now the most recently used
    await cache.all('SELECT 3 AS c');
    expect(destroyed).toEqual(['SELECT 2 AS b']);
    expect(cache.size).toBe(2);
    // An evicted statement is simply prepared again.
    expect(await cache.all('SELECT 2 AS b')).toEqual([{ b: 2 }]);
    expect(connection.prepare).toHaveBeenCalledTimes(4);

    cache.destroyAll();
    expect(destroyed.sort()).toEqual(['SELECT 1 AS a', 'SELECT 2 AS b', 'SELECT 2 AS b', 'SELECT 3 AS c'].sort());
    expect(cache.size).toBe(0);
  });

  it('reused statements see rows added after they were prepared (no plans from stale statistics)', async () => {
    const connection = await connect();
    await connection.run('CREATE TABLE items (id VARCHAR, deleted BOOLEAN, n BIGINT)');
    const cache = await StatementCache.open(connection);
    const queries = {
      ordered: 'SELECT id FROM items ORDER BY id',
      big: 'SELECT count(*)::INTEGER AS c FROM items WHERE n > 10',
      deleted: 'SELECT count(*)::INTEGER AS c FROM items WHERE deleted',
    };
    const insert = 'INSERT INTO items VALUES ($1, $2, $3)';
    await cache.all(queries.ordered); // prepared on an empty table
    await cache.run(insert, ['01JB0000000000000000000001', false, 5]);
    await cache.all(queries.big); // prepared while every n is 5 and nothing is deleted
    await cache.all(queries.deleted);
    await cache.run(insert, ['01JB0000000000000000000002-a-longer-one', true, 200]);
    expect(await cache.all(queries.ordered)).toEqual([{ id: '01JB0000000000000000000001' }, { id: '01JB0000000000000000000002-a-longer-one' }]);
    expect(await cache.all(queries.big)).toEqual([{ c: 1 }]);
    expect(await cache.all(queries.deleted)).toEqual([{ c: 1 }]);
  });

  it('reads rows exactly as getRowObjectsJS does, over several chunks', async () => {
    const connection = await connect();
    const cache = await StatementCache.open(connection);
    const sql = `SELECT range AS n, range::BIGINT * 1000000000000 AS big, range % 2 = 0 AS even, range / 4 AS ratio,
      CASE WHEN range % 3 = 0 THEN NULL ELSE 'text ' || range END AS label FROM range(5000)`;
    const expected = (await connection.runAndReadAll(sql)).getRowObjectsJS();
    const rows = await cache.all(sql);
    expect(rows).toHaveLength(5000);
    expect(rows).toEqual(expected);
  });

  it('runs SQL with several statements unprepared and reports errors of bad SQL', async () => {
    const connection = await connect();
    const cache = await StatementCache.open(connection);
    await cache.run("INSERT INTO t VALUES (1, 'a'); INSERT INTO t VALUES (2, 'b')");
    expect(await cache.all('SELECT count(*)::INTEGER AS n FROM t')).toEqual([{ n: 2 }]);
    await expect(cache.all('SELECT * FROM missing_table')).rejects.toThrow(/missing_table/);
    // A cached statement that fails at run time still reports it, and stays usable.
    await expect(cache.run('INSERT INTO t VALUES ($1, $2)', [1, 'again'])).rejects.toThrow(/constraint/i);
    await cache.run('INSERT INTO t VALUES ($1, $2)', [3, 'c']);
    await expect(cache.run('INSERT INTO t VALUES ($1, $2)', [4])).rejects.toThrow();
    expect(await cache.all('SELECT count(*)::INTEGER AS n FROM t')).toEqual([{ n: 3 }]);
  });
});

describe('store transactions with cached statements', () => {
  it('roll back on an error thrown by the callback or by a statement, then commit again', async () => {
    const store = await openStore(await fixture.tempDir());
    await store.run('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const insert = 'INSERT INTO t VALUES ($1)';
    await store.transaction((tx) => tx.run(insert, [1]));
    await expect(
      store.transaction(async (tx) => {
        await tx.run(insert, [2]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await expect(
      store.transaction(async (tx) => {
        await tx.run(insert, [3]);
        await tx.run(insert, [1]); // duplicate key: the statement fails, the transaction too
      }),
    ).rejects.toThrow(/constraint/i);
    await store.transaction((tx) => tx.run(insert, [4]));
    expect(await store.all('SELECT id FROM t ORDER BY id')).toEqual([{ id: 1 }, { id: 4 }]);
    await store.close();
  });
});

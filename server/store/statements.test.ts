import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFixture } from '../testing/harness';
import { SqliteStatements } from './statements';

const fixture = useFixture();
const open: Database.Database[] = [];

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function connect(): Promise<Database.Database> {
  const db = new Database(path.join(await fixture.tempDir(), 'cache.sqlite'));
  open.push(db);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR, flag BOOLEAN)');
  return db;
}

describe('SQLite statements', () => {
  it('prepares a SQL text once and reuses it with fresh parameters each time', async () => {
    const db = await connect();
    const prepare = vi.spyOn(db, 'prepare');
    const statements = new SqliteStatements(db);
    for (const [id, name] of [[1, 'one'], [2, 'two'], [3, 'three']] as const) {
      await statements.run('INSERT INTO t (id, name) VALUES ($1, $2)', [id, name]);
    }
    expect(await statements.all('SELECT name FROM t WHERE id = $1', [2])).toEqual([{ name: 'two' }]);
    expect(await statements.all('SELECT name FROM t WHERE id = $1', [3])).toEqual([{ name: 'three' }]);
    expect(await statements.all('SELECT name FROM t WHERE id = $id', { id: 1 })).toEqual([{ name: 'one' }]);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(statements.size).toBe(3);
  });

  it('binds booleans as 0 and 1, and a parameter used twice once', async () => {
    const statements = new SqliteStatements(await connect());
    await statements.run('INSERT INTO t VALUES ($1, $2, $3)', [1, 'yes', true]);
    await statements.run('INSERT INTO t VALUES ($1, $2, $3)', [2, 'no', false]);
    expect(await statements.all('SELECT id FROM t WHERE flag = $1 OR id = $2 - $2 + 9', [true, 5])).toEqual([{ id: 1 }]);
  });

  it('answers RETURNING rows from writes, and nothing from a write without them', async () => {
    const statements = new SqliteStatements(await connect());
    expect(await statements.all('INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id', [7, 'x'])).toEqual([{ id: 7 }]);
    expect(await statements.all('UPDATE t SET name = $1', ['y'])).toEqual([]);
  });

  it('runs a script of several statements without parameters', async () => {
    const statements = new SqliteStatements(await connect());
    await statements.run("INSERT INTO t (id) VALUES (1); INSERT INTO t (id) VALUES (2)");
    expect(await statements.all('SELECT count(*) AS n FROM t')).toEqual([{ n: 2 }]);
    await expect(statements.run('INSERT INTO t (id) VALUES ($1); SELECT 1', [3])).rejects.toThrow(/more than one statement/);
  });

  it('matches text with Unicode case folding (contains, starts_with, suffix, lower)', async () => {
    const statements = new SqliteStatements(await connect());
    const [row] = await statements.all<Record<string, number | string | null>>(
      "SELECT contains(lower('ÉTÉ Report'), lower('été')) AS c, starts_with('abc', 'ab') AS s, suffix('abc', 'bc') AS e, starts_with(NULL, 'a') AS n, lower('ÄÖ') AS l",
    );
    expect(row).toEqual({ c: 1, s: 1, e: 1, n: null, l: 'äö' });
  });
});

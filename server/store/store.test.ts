import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { MIGRATIONS } from './migrations';
import { STORE_DIALECTS, useStores } from './testing/stores';

const fixture = useFixture();
const stores = useStores(fixture);

// The Store contract, on every store the console can run on (see testing/stores.ts).
describe.each(STORE_DIALECTS)('the store on %s', (dialect) => {
  it('applies migrations once and records them; a new one is applied on the next start', async () => {
    const place = await stores.place(dialect);
    const first = await stores.open(place);
    const applied = await first.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    await first.close();
    const second = await stores.open(place, [...MIGRATIONS, { version: 999, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }]);
    const versions = await second.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual([...MIGRATIONS.map((m) => m.version), 999]);
    await second.close();
  });

  it('servers starting at once on one database apply each migration once (the advisory lock)', async () => {
    const place = await stores.place(dialect);
    // SQLite holds its file exclusively: one server per data directory, so one opens at a time there.
    const opened = dialect === 'postgres' ? await Promise.all([1, 2, 3, 4].map(() => stores.open(place))) : [await stores.open(place)];
    const versions = await opened[0].all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await Promise.all(opened.map((store) => store.close()));
  });

  it('rolls back a failing migration, naming what failed', async () => {
    const place = await stores.place(dialect);
    const broken = [...MIGRATIONS, { version: 50, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM missing_table' }];
    await expect(stores.open(place, broken)).rejects.toThrow(/missing_table/);
    const store = await stores.open(place);
    await expect(store.all('SELECT x FROM half')).rejects.toThrow(/half/);
    expect(await store.all('SELECT version FROM schema_migrations WHERE version = 50')).toEqual([]);
    await store.close();
  });

  it('binds $1 and $name parameters instead of splicing them into SQL', async () => {
    const store = await stores.fresh(dialect);
    await store.run('CREATE TABLE t (name VARCHAR, n BIGINT)');
    const hostile = "x'); DROP TABLE t; --";
    await store.run('INSERT INTO t VALUES ($1, $2)', [hostile, 1]);
    await store.run("INSERT INTO t VALUES ($name, $n), ('$n''s', $n) -- '$not'", { name: 'named', n: 4 });
    await store.run('INSERT INTO t VALUES ($1, $2)', ['$n', 2n ** 40n]);
    expect(await store.all('SELECT name, n FROM t ORDER BY n, name DESC')).toEqual([
      { name: hostile, n: 1 },
      { name: 'named', n: 4 },
      { name: "$n's", n: 4 },
      { name: '$n', n: 2 ** 40 },
    ]);
    await store.close();
  });

  it('a failed transaction rolls back, a failed statement does not stop the next; closed is closed', async () => {
    const store = await stores.fresh(dialect);
    await store.run('CREATE TABLE t (x INTEGER)');
    await expect(store.run('SELECT * FROM nope')).rejects.toThrow();
    await expect(
      store.transaction(async (tx) => {
        await tx.run('INSERT INTO t VALUES (1)');
        await tx.run('INSERT INTO nope VALUES (1)');
      }),
    ).rejects.toThrow(/nope/);
    const committed = await store.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (2)');
      return tx.all<{ c: number }>('SELECT count(*) AS c FROM t');
    });
    expect(committed).toEqual([{ c: 1 }]);
    expect(await store.all('SELECT x FROM t')).toEqual([{ x: 2 }]);
    await store.close();
    await expect(store.all('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('never hands out an id again after its row was deleted', async () => {
    const store = await stores.fresh(dialect);
    const insert = () => store.all<{ id: number }>("INSERT INTO bi_saved_query_favorites (username, saved_query_id, created_on) VALUES ('a', 1, 1) RETURNING saved_query_id AS id");
    expect(await insert()).toEqual([{ id: 1 }]);
    const saved = async () => {
      const [row] = await store.all<{ id: number }>(
        "INSERT INTO bi_saved_queries (owner, changed_by, db_id, database_name, label, sql, created_on, changed_on) VALUES ('a', 'a', 1, 'd', 'l', 's', 1, 1) RETURNING id",
      );
      return row.id;
    };
    const first = await saved();
    const second = await saved();
    await store.run('DELETE FROM bi_saved_queries WHERE id = $1', [second]);
    expect(await saved()).toBe(second + 1);
    expect(second).toBe(first + 1);
    await store.close();
  });

  it('reads booleans, JSON and text functions the same: contains, starts_with, suffix, lower', async () => {
    const store = await stores.fresh(dialect);
    await store.run(
      `INSERT INTO workspace_items (id, path, type, owner, created_at, updated_at, is_favorite, content_mtime)
       VALUES ($1, $2, 'notebook', 'a', 1, 2, $3, 1.5)`,
      ['i', 'Dir/Ärger.ipynb', true],
    );
    const rows = await store.all<Record<string, unknown>>(
      `SELECT contains(path, 'Ärg') AS c, contains(path, 'ärg') AS ci, starts_with(path, 'Dir/') AS s, suffix(path, '.ipynb') AS e,
              lower(path) AS l, content_mtime AS m FROM workspace_items WHERE is_favorite AND NOT is_deleted`,
    );
    expect(rows.map((row) => ({ ...row, c: Boolean(row.c), ci: Boolean(row.ci), s: Boolean(row.s), e: Boolean(row.e) }))).toEqual([
      { c: true, ci: false, s: true, e: true, l: 'dir/ärger.ipynb', m: 1.5 },
    ]);
    await store.run("INSERT INTO idempotency_keys VALUES ('u', 'k', 'f', 200, '{}', $1, 1)", ['{"a": [1]}']);
    expect(await store.all('SELECT headers FROM idempotency_keys')).toEqual([{ headers: '{"a": [1]}' }]);
    await store.close();
  });

  it('errors name the statement and never its values', async () => {
    const store = await stores.fresh(dialect);
    const secret = 'hunter2-secret';
    const error = await store.run('INSERT INTO users (username, id, password_hash, role, first_name, last_name, email, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      'u', 1, secret, 'root', 'f', 'l', 'e', 1,
    ]).then(() => null, (caught: Error) => caught);
    expect(error?.message).toMatch(/CHECK|check/);
    expect(error?.message).not.toContain(secret);
    await store.close();
  });
});

import { chmod, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { openStore } from './db';
import { MIGRATIONS } from './migrations';

const fixture = useFixture();

describe('store', () => {
  it('applies migrations once and records them', async () => {
    const dir = await fixture.tempDir();
    const first = await openStore(dir);
    const applied = await first.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    await first.close();

    const extra = [...MIGRATIONS, { version: 999, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }];
    const second = await openStore(dir, extra);
    const versions = await second.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual([...MIGRATIONS.map((m) => m.version), 999]);
    await second.close();
  });

  it('console.sqlite and its -wal and -shm are readable by the owner only (0600), old files fixed at start', async () => {
    const dir = await fixture.tempDir();
    const file = path.join(dir, 'console.sqlite');
    const modes = async (ends: string[]) => Promise.all(ends.map(async (end) => (await stat(`${file}${end}`)).mode & 0o777));
    const store = await openStore(dir);
    await store.run('CREATE TABLE t (x INTEGER)');
    await store.run('INSERT INTO t VALUES (1)');
    // The exclusive lock keeps the WAL index in memory: there is no -shm while it runs.
    expect(await modes(['', '-wal'])).toEqual([0o600, 0o600]);
    await store.close();

    // A data directory from before: the database 0644, a -wal and a -shm left behind 0644.
    await chmod(file, 0o644);
    for (const end of ['-wal', '-shm']) {
      await writeFile(`${file}${end}`, '');
      await chmod(`${file}${end}`, 0o644);
    }
    const reopened = await openStore(dir);
    expect(await modes(['', '-wal', '-shm'])).toEqual([0o600, 0o600, 0o600]);
    expect(await reopened.all('SELECT x FROM t')).toEqual([{ x: 1 }]);
    await reopened.close();
  });

  it('rolls back a failing migration', async () => {
    const dir = await fixture.tempDir();
    const broken = [...MIGRATIONS, { version: 50, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM missing_table' }];
    await expect(openStore(dir, broken)).rejects.toThrow(/missing_table/);
    const store = await openStore(dir);
    const tables = await store.all<{ name: string }>("SELECT name FROM sqlite_master WHERE name = 'half'");
    expect(tables).toEqual([]);
    await store.close();
  });

  it('binds parameters instead of splicing them into SQL', async () => {
    const store = await openStore(await fixture.tempDir());
    await store.run('CREATE TABLE t (name VARCHAR)');
    const hostile = "x'); DROP TABLE t; --";
    await store.run('INSERT INTO t VALUES ($1)', [hostile]);
    await store.run('INSERT INTO t VALUES ($name)', { name: 'named' });
    expect(await store.all<{ name: string }>('SELECT name FROM t ORDER BY name')).toEqual([{ name: 'named' }, { name: hostile }]);
    await store.close();
  });

  it('serialises concurrent calls and transactions on the one connection', async () => {
    const store = await openStore(await fixture.tempDir());
    await store.run('CREATE TABLE counter (n INTEGER)');
    await store.run('INSERT INTO counter VALUES (0)');
    const increments = Array.from({ length: 25 }, () =>
      store.transaction(async (tx) => {
        const [{ n }] = await tx.all<{ n: number }>('SELECT n FROM counter');
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.run('UPDATE counter SET n = $1', [n + 1]);
      }),
    );
    const reads = Array.from({ length: 25 }, () => store.all('SELECT n FROM counter'));
    await Promise.all([...increments, ...reads]);
    expect(await store.all('SELECT n FROM counter')).toEqual([{ n: 25 }]);
    await store.close();
  });

  it('a failed statement does not block the queue, and a failed transaction rolls back', async () => {
    const store = await openStore(await fixture.tempDir());
    await store.run('CREATE TABLE t (x INTEGER)');
    await expect(store.run('SELECT * FROM nope')).rejects.toThrow();
    await expect(
      store.transaction(async (tx) => {
        await tx.run('INSERT INTO t VALUES (1)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.all('SELECT count(*) AS c FROM t')).toEqual([{ c: 0 }]);
    await store.close();
    await expect(store.all('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('one server at a time: a second opening of the data directory fails while the first holds it', async () => {
    const dir = await fixture.tempDir();
    const first = await openStore(dir);
    await expect(openStore(dir)).rejects.toThrow(/locked|busy/i);
    await first.close();
    const second = await openStore(dir);
    await second.close();
  });
});

import { chmod, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixture } from '../testing/harness';
import { openStore } from './db';

const fixture = useFixture();

// The Store contract on both stores is in store.test.ts; this is the SQLite store's own.
describe('store', () => {
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

  it('one server at a time: a second opening of the data directory fails while the first holds it', async () => {
    const dir = await fixture.tempDir();
    const first = await openStore(dir);
    await expect(openStore(dir)).rejects.toThrow(/locked|busy/i);
    await first.close();
    const second = await openStore(dir);
    await second.close();
  });
});

import { afterEach } from 'vitest';
import { ConsoleDb } from '../schema';

/**
 * For tests: a function that opens a ConsoleDb under a fresh name; each one is deleted after
 * the test. Import 'fake-indexeddb/auto' first.
 */
export function freshDbs(prefix: string): () => ConsoleDb {
  const open: ConsoleDb[] = [];
  let n = 0;
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.delete()));
  });
  return () => {
    const db = new ConsoleDb(`${prefix}-${n++}-${Math.random().toString(36).slice(2)}`);
    open.push(db);
    return db;
  };
}

import type { ConsoleConfig } from '../../config';
import type { Fixture } from '../../testing/harness';
import { openStore, type Store } from '../db';
import { MIGRATIONS, type Dialect, type Migration } from '../migrations';
import { openPgStore } from '../pgStore';
import { TEST_DATABASE_URL, usePostgresDatabases } from './postgresDatabases';

if (!TEST_DATABASE_URL) console.warn('Store tests on PostgreSQL skipped: CONSOLE_TEST_DATABASE_URL is not set.');
/** The stores a store-level suite runs on: SQLite always, PostgreSQL when one can be had. */
export { TEST_DATABASE_URL };

export const STORE_DIALECTS: readonly Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Where a test's store lives: a fresh data dir, and on PostgreSQL a fresh database too. */
export type StorePlace = Pick<ConsoleConfig, 'dataDir' | 'database'>;

/** Fresh places for stores of either dialect, and the store opened at one (as the server opens it). */
export function useStores(fixture: Pick<Fixture, 'tempDir'>) {
  const databases = usePostgresDatabases();
  return {
    async place(dialect: Dialect): Promise<StorePlace> {
      return { dataDir: await fixture.tempDir(), database: dialect === 'postgres' ? await databases.create() : null };
    },
    open(place: StorePlace, migrations: readonly Migration[] = MIGRATIONS): Promise<Store> {
      return place.database ? openPgStore(place.database, migrations) : openStore(place.dataDir, migrations);
    },
    async fresh(dialect: Dialect): Promise<Store> {
      return this.open(await this.place(dialect));
    },
  };
}

import type { ConsoleConfig } from '../config';
import { openStore, type Store } from './db';
import { openPgStore } from './pgStore';

export type { Store } from './db';

/** The store the configuration names: PostgreSQL with CONSOLE_DATABASE_URL, else SQLite in the data dir. */
export function openConfiguredStore(config: Pick<ConsoleConfig, 'dataDir' | 'database'>): Promise<Store> {
  return config.database ? openPgStore(config.database) : openStore(config.dataDir);
}

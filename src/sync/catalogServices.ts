import { createCatalogCommands, type CatalogCommands } from '../db/catalogEdits';
import type { Identity } from '../db/identity';
import type { ConsoleDb } from '../db/schema';
import type { BiApi } from './api/bi.api';
import { createBiMetadata } from './biMetadata';
import { createCatalogLoader, readCache, type CatalogLoader } from './catalog';

/** The catalog browser's services for one signed-in session. */
export interface CatalogServices {
  loader: CatalogLoader;
  commands: CatalogCommands;
  api: BiApi;
}

export function createCatalogServices({ db, identity, username, email, api }: { db: ConsoleDb; identity: Identity; username: string; email?: string; api: BiApi }): CatalogServices {
  const loader = createCatalogLoader({ db, api, metadata: createBiMetadata(db, api) });
  return { loader, api, commands: createCatalogCommands({ db, identity, username, email, cache: () => readCache(db) }) };
}

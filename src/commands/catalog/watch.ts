import { childrenKeyOf, metadataKey, wantMetadata, type LoadTarget } from '../../db/metadataCache';
import type { ConsoleDb } from '../../db/schema';

export interface MetadataWatchDeps {
  db: ConsoleDb;
  /** Wakes the sync worker (in whichever tab leads): it fetches the keys wanted and writes the answers. */
  refresh: () => void;
  now?: () => number;
}

/**
 * How screens ask for BI metadata: they name keys, this notes them wanted in the cache and wakes
 * the sync worker, and the screens read the rows with live queries (so every browser tab shows
 * the answer, the failure and the refresh). No network here.
 */
export function createMetadataWatch({ db, refresh, now = Date.now }: MetadataWatchDeps) {
  // Keys this session asked for already: kept ones are not asked again while it lasts, and a
  // failed one waits for its Retry (a change elsewhere on the screen must not hammer the server).
  const asked = new Set<string>();

  async function watch(keys: string[], { force = false }: { force?: boolean } = {}): Promise<void> {
    const wanted = await wantMetadata(db, keys, now(), { force, skip: (key) => asked.has(key) });
    for (const key of keys) asked.add(key);
    if (wanted.length > 0) refresh();
  }

  return {
    /** Asks for these keys' answers unless this session has them; `force` asks again (a refresh, a Retry). */
    watch,
    /** watch() for catalog nodes: each node's children (the root: the catalogs). */
    watchNodes: (targets: Iterable<LoadTarget>, options?: { force?: boolean }) =>
      watch([...targets].flatMap((target) => childrenKeyOf(target) ?? []), options),
  };
}

/** The keys screens ask for: the databases, a database's schemas, a schema's tables, a table's columns. */
export const metadataKeys = {
  databases: () => metadataKey('databases'),
  schemas: (databaseId: number) => metadataKey('schemas', databaseId),
  tables: (databaseId: number, schema: string) => metadataKey('tables', databaseId, schema),
  table: (databaseId: number, schema: string, table: string) => metadataKey('table', databaseId, schema, table),
};

export type MetadataWatch = ReturnType<typeof createMetadataWatch>;

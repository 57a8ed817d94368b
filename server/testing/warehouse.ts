import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../paths';
import { installWarehouse, isCurrentSeed } from '../warehouse/install';
import { seedCacheEntry } from '../warehouse/layout';
import type { Warehouse } from '../warehouse/types';
import { openWarehouse, type WarehouseLogger } from '../warehouse/warehouse';

/** The seed cache of tests (vitest and the servers e2e tests spawn): seeded once per checkout. */
export const TEST_WAREHOUSE_SEED_CACHE = path.join(REPO_ROOT, 'node_modules/.cache/console-warehouse');

/**
 * Fills the seed cache if it lacks the current seed, so that apps built in tests copy the
 * warehouse instead of each starting a seed that closing the app would abort.
 */
export async function warmWarehouseSeedCache(cache: string = TEST_WAREHOUSE_SEED_CACHE): Promise<void> {
  if (await isCurrentSeed(seedCacheEntry(cache))) return;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-warehouse-seed-'));
  try {
    const outcome = await installWarehouse(dataDir, cache, new AbortController().signal);
    if (outcome.cacheError) throw outcome.cacheError;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A logger that records what the warehouse reported, for assertions. */
export function recordingLogger(): WarehouseLogger & { entries: { level: 'info' | 'error'; details: object; message: string }[] } {
  const entries: { level: 'info' | 'error'; details: object; message: string }[] = [];
  return {
    entries,
    info: (details, message) => entries.push({ level: 'info', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
}

export interface TestWarehouse {
  warehouse: Warehouse;
  dataDir: string;
  logger: ReturnType<typeof recordingLogger>;
  dispose(): Promise<void>;
}

/** A warehouse on a temp data dir, copied from the test seed cache (seeding it first if empty). */
export async function openTestWarehouse(): Promise<TestWarehouse> {
  await warmWarehouseSeedCache();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-warehouse-'));
  const logger = recordingLogger();
  const warehouse = openWarehouse({ dataDir, seedCache: TEST_WAREHOUSE_SEED_CACHE, logger });
  return {
    warehouse,
    dataDir,
    logger,
    async dispose() {
      await warehouse.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markerText, SEED_MARKER, seedCacheEntry, WAREHOUSE_DATABASES, warehouseDir } from './layout';
import { seedInto } from './seed/seed';
import type { WarehouseReady } from './types';

export interface InstallOutcome extends WarehouseReady {
  /** Set when the seed could not be stored in the cache (the warehouse itself is fine). */
  cacheError?: unknown;
}

/** Cache temp folders older than this are leftovers of a process that died while storing. */
const STALE_CACHE_TEMP_MS = 60 * 60 * 1000;

/**
 * Makes <dataDir>/warehouse hold a complete seed of the current version. The files are built in
 * a temp folder (seeded, or copied from the seed cache) and renamed into place with the marker
 * inside, so a crash leaves either no warehouse folder (seeded again next start) or a complete one.
 */
export async function installWarehouse(dataDir: string, seedCache: string | null, signal: AbortSignal): Promise<InstallOutcome> {
  const target = warehouseDir(dataDir);
  if (await isCurrentSeed(target)) return { source: 'existing', ms: 0 };
  const started = performance.now();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await removeLeftovers(dataDir, target);
  const cached = seedCache !== null && (await isCurrentSeed(seedCacheEntry(seedCache)));
  const temp = await mkdtemp(`${target}.seeding-`);
  try {
    if (cached) await copySeed(seedCacheEntry(seedCache), temp, signal);
    else await seedInto(temp, signal);
    await writeFile(path.join(temp, SEED_MARKER), markerText());
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const ms = performance.now() - started;
  if (cached) return { source: 'cache', ms };
  if (seedCache === null) return { source: 'seeded', ms };
  const cacheError = await storeInCache(target, seedCache).then(
    () => undefined,
    (error: unknown) => error ?? new Error('Storing the seed in the cache failed'),
  );
  return cacheError === undefined ? { source: 'seeded', ms } : { source: 'seeded', ms, cacheError };
}

/** True when `dir` holds every database file and the marker of the current seed version. */
export async function isCurrentSeed(dir: string): Promise<boolean> {
  const marker = await readFile(path.join(dir, SEED_MARKER), 'utf8').catch(() => null);
  if (marker !== markerText()) return false;
  const files = await Promise.all(WAREHOUSE_DATABASES.map((database) => stat(path.join(dir, database.file)).catch(() => null)));
  return files.every((file) => file?.isFile());
}

/** An old-version warehouse and the temp folders of seeds that never finished. */
async function removeLeftovers(dataDir: string, target: string): Promise<void> {
  const prefix = `${path.basename(target)}.seeding-`;
  const leftovers = (await readdir(dataDir)).filter((name) => name.startsWith(prefix)).map((name) => path.join(dataDir, name));
  await Promise.all([target, ...leftovers].map((dir) => rm(dir, { recursive: true, force: true })));
}

async function copySeed(from: string, to: string, signal: AbortSignal): Promise<void> {
  for (const database of WAREHOUSE_DATABASES) {
    signal.throwIfAborted();
    // A reflink where the file system offers one; a plain copy elsewhere.
    await copyFile(path.join(from, database.file), path.join(to, database.file), constants.COPYFILE_FICLONE);
  }
}

/**
 * Copies a finished seed into the cache: into a temp folder first, then renamed to the entry.
 * Processes seeding at the same time race for the rename; the losers just drop their copy.
 */
export async function storeInCache(source: string, seedCache: string): Promise<void> {
  await mkdir(seedCache, { recursive: true });
  const entry = seedCacheEntry(seedCache);
  await removeStaleTemps(seedCache, entry);
  const temp = await mkdtemp(`${entry}.tmp-`);
  try {
    await copySeed(source, temp, new AbortController().signal);
    await writeFile(path.join(temp, SEED_MARKER), markerText());
    await rename(temp, entry).catch(async (error: unknown) => {
      if (!(await isCurrentSeed(entry))) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function removeStaleTemps(seedCache: string, entry: string): Promise<void> {
  const prefix = `${path.basename(entry)}.tmp-`;
  for (const name of await readdir(seedCache)) {
    if (!name.startsWith(prefix)) continue;
    const dir = path.join(seedCache, name);
    const info = await stat(dir).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_CACHE_TEMP_MS) await rm(dir, { recursive: true, force: true });
  }
}

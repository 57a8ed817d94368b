import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { installWarehouse, isCurrentSeed, storeInCache, type InstallOutcome } from './install';
import { markerText, SEED_MARKER, seedCacheEntry, WAREHOUSE_DATABASES, warehouseDir } from './layout';

const never = new AbortController().signal;
const dirs: string[] = [];

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `warehouse-${name}-`));
  dirs.push(dir);
  return dir;
}

async function sizes(dir: string): Promise<number[]> {
  return Promise.all(WAREHOUSE_DATABASES.map(async (database) => (await stat(path.join(dir, database.file))).size));
}

/**
 * Hashes of every row of the bet report and of a small table, and of the catalog (names,
 * types and comments of every column). A change to the seed must bump SEED_VERSION and these.
 */
const PINNED_CHECKSUMS = { fact: '7338506697627510684', small: '4528617845859114802', catalog: '7094221146855473105' };

async function checksums(dir: string): Promise<Record<string, string>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    for (const { file, catalog } of WAREHOUSE_DATABASES) await connection.run(`ATTACH '${path.join(dir, file)}' AS ${catalog} (READ_ONLY)`);
    const result = await connection.run(`SELECT
      (SELECT bit_xor(hash(r)) FROM lakehouse.gaming.bet_report r)::VARCHAR AS fact,
      (SELECT bit_xor(hash(r)) FROM finance.ap.invoices r)::VARCHAR AS small,
      (SELECT hash(string_agg(concat_ws(':', database_name, schema_name, table_name, column_name, data_type, comment), '|'
        ORDER BY database_name, schema_name, table_name, column_index)) FROM duckdb_columns()
        WHERE database_name IN ('lakehouse', 'finance', 'marketing'))::VARCHAR AS catalog`);
    return (await result.getRowObjectsJS())[0] as Record<string, string>;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** One real seed for the whole file (about 5-10 s), into a fresh data dir and an empty cache. */
let seededDir: string;
let cache: string;
let seeded: InstallOutcome;

beforeAll(async () => {
  seededDir = await tempDir('seeded');
  cache = path.join(await tempDir('cache'), 'nested');
  seeded = await installWarehouse(seededDir, cache, never);
}, 120_000);

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('installWarehouse', () => {
  it('seeds on the first start, marks the folder complete and stores a copy in the cache', async () => {
    expect(seeded.source).toBe('seeded');
    expect(seeded.cacheError).toBeUndefined();
    console.info(`warehouse seed took ${Math.round(seeded.ms)} ms`);
    expect(await readFile(path.join(warehouseDir(seededDir), SEED_MARKER), 'utf8')).toBe(markerText());
    expect(await isCurrentSeed(seedCacheEntry(cache))).toBe(true);
    expect(await sizes(seedCacheEntry(cache))).toEqual(await sizes(warehouseDir(seededDir)));
    // Nothing half-done is left next to the result.
    expect(await readdir(seededDir)).toEqual(['warehouse']);
    expect((await readdir(cache)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('seeds the same data every time (checksums pinned)', async () => {
    expect(await checksums(warehouseDir(seededDir))).toEqual(PINNED_CHECKSUMS);
  });

  it('copies from the cache instead of seeding on a new data dir', async () => {
    const dataDir = await tempDir('copied');
    const copied = await installWarehouse(dataDir, cache, never);
    expect(copied.source).toBe('cache');
    // A copy is far cheaper than the seed it replaces.
    expect(copied.ms).toBeLessThan(seeded.ms / 3);
    expect(await sizes(warehouseDir(dataDir))).toEqual(await sizes(warehouseDir(seededDir)));
    expect(await isCurrentSeed(warehouseDir(dataDir))).toBe(true);
  });

  it('never redoes a finished seed', async () => {
    const file = path.join(warehouseDir(seededDir), WAREHOUSE_DATABASES[0].file);
    const before = (await stat(file)).mtimeMs;
    expect((await installWarehouse(seededDir, null, never)).source).toBe('existing');
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('starts over after a crash mid-seed: the temp folder is dropped, the warehouse rebuilt', async () => {
    const dataDir = await tempDir('crashed');
    const leftover = path.join(dataDir, 'warehouse.seeding-crashed');
    await mkdir(leftover);
    await writeFile(path.join(leftover, WAREHOUSE_DATABASES[0].file), 'half a database');
    expect(await isCurrentSeed(warehouseDir(dataDir))).toBe(false);
    expect((await installWarehouse(dataDir, cache, never)).source).toBe('cache');
    expect(await readdir(dataDir)).toEqual(['warehouse']);
    expect(await isCurrentSeed(warehouseDir(dataDir))).toBe(true);
  });

  it('replaces a warehouse folder whose marker is missing or of another version', async () => {
    const dataDir = await tempDir('stale');
    await mkdir(warehouseDir(dataDir));
    await writeFile(path.join(warehouseDir(dataDir), SEED_MARKER), '0\n');
    await writeFile(path.join(warehouseDir(dataDir), 'old.duckdb'), 'old');
    expect((await installWarehouse(dataDir, cache, never)).source).toBe('cache');
    expect((await readdir(warehouseDir(dataDir))).sort()).toEqual([SEED_MARKER, ...WAREHOUSE_DATABASES.map((d) => d.file)].sort());
  });

  it('leaves nothing behind when the seed is aborted', async () => {
    const dataDir = await tempDir('aborted');
    const stop = new AbortController();
    const install = installWarehouse(dataDir, null, stop.signal);
    setTimeout(() => stop.abort(), 300);
    await expect(install).rejects.toThrow();
    expect(await readdir(dataDir)).toEqual([]);
  }, 30_000);

  it('lets processes race to fill the cache: the loser keeps quiet', async () => {
    const raced = path.join(await tempDir('race'), 'cache');
    await Promise.all([storeInCache(warehouseDir(seededDir), raced), storeInCache(warehouseDir(seededDir), raced)]);
    expect(await isCurrentSeed(seedCacheEntry(raced))).toBe(true);
    expect(await readdir(raced)).toEqual([path.basename(seedCacheEntry(raced))]);
  });
});

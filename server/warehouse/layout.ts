import path from 'node:path';
import type { WarehouseDatabase } from './types';

/**
 * Bump whenever the seed's content changes: a data dir or seed cache holding another version
 * is seeded again (or copied again from a cache entry of this version).
 */
export const SEED_VERSION = 1;

/** Written last into a finished seed folder; its presence with SEED_VERSION marks the seed complete. */
export const SEED_MARKER = 'SEED_VERSION';

export interface DatabaseLayout extends WarehouseDatabase {
  /** The database file, inside the warehouse folder. */
  file: string;
  /**
   * DuckDB storage block size. Small tables each take at least a block, so the catalogs made
   * of a hundred small tables use 16 KB blocks (a tenth of the default's size on disk); the
   * one holding the million-row fact table keeps larger blocks, which compress it better.
   */
  blockSize: number;
  description: string;
}

export const WAREHOUSE_DATABASES: readonly DatabaseLayout[] = [
  {
    id: 1,
    name: 'lakehouse',
    allowDml: false,
    catalog: 'lakehouse',
    file: 'lakehouse.duckdb',
    blockSize: 65_536,
    description: 'Gaming platform lakehouse: raw landing, staging, core model, bet reports and marts',
  },
  {
    id: 2,
    name: 'finance',
    allowDml: false,
    catalog: 'finance',
    file: 'finance.duckdb',
    blockSize: 16_384,
    description: 'Finance: general ledger, payables, receivables, treasury, tax, payroll and reporting',
  },
  {
    id: 3,
    name: 'marketing',
    allowDml: false,
    catalog: 'marketing',
    file: 'marketing.duckdb',
    blockSize: 16_384,
    description: 'Marketing: CRM, campaigns, acquisition and web analytics',
  },
];

/**
 * SQL Lab's scratch database, the one that allows DML (Superset's allow_dml): not seeded, kept
 * across new seed versions, and the warehouse instance's own database file.
 */
export const SANDBOX_DATABASE: WarehouseDatabase = { id: 4, name: 'sandbox', catalog: 'sandbox', allowDml: true };

/** <dataDir>/sandbox/sandbox.duckdb: its file name gives DuckDB's catalog name. */
export function sandboxFile(dataDir: string): string {
  return path.join(dataDir, 'sandbox', `${SANDBOX_DATABASE.catalog}.duckdb`);
}

/** <dataDir>/warehouse: the seeded database files and the marker. */
export function warehouseDir(dataDir: string): string {
  return path.join(dataDir, 'warehouse');
}

/** Where DuckDB may spill large sorts and joins, inside the warehouse folder. */
export function spillDir(dataDir: string): string {
  return path.join(warehouseDir(dataDir), 'tmp');
}

/** The cache entry of this seed version inside a seed cache directory. */
export function seedCacheEntry(cacheDir: string): string {
  return path.join(cacheDir, `seed-v${SEED_VERSION}`);
}

export function markerText(): string {
  return `${SEED_VERSION}\n`;
}

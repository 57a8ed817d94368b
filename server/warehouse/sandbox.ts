import type { DuckDBConnection } from '@duckdb/node-api';
import { serial } from '../util/serial';
import { literal } from './sql';
import { WarehouseSqlError } from './types';

/** 256 MB of scratch tables: plenty for SQL Lab, little for the server's disk. */
export const DEFAULT_SANDBOX_QUOTA_BYTES = 256 * 2 ** 20;

/**
 * The sandbox's size quota. A run that writes there does so in one transaction, one such run at
 * a time; before it commits, the sandbox's stored blocks plus the rows not yet stored (DuckDB's
 * IN_MEMORY_TABLE memory: the uncommitted rows, uncompressed) are measured. When that passes the
 * quota and the run grew it, the run is rolled back. After a commit the sandbox is checkpointed,
 * so its blocks hold what it stores and the next measure starts from there.
 */
export class SandboxQuota {
  /** One writing run at a time, so the memory measured is that run's. */
  private readonly turns = serial();

  constructor(
    private readonly catalog: string,
    private readonly quotaBytes: number,
  ) {}

  /** Waits its turn, then begins the run's transaction on `connection`. */
  async begin(connection: DuckDBConnection): Promise<SandboxWrite> {
    const release = await this.turn();
    try {
      const before = await this.usage(connection);
      await connection.run('BEGIN TRANSACTION');
      return new SandboxWrite(connection, before, this, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Bytes the sandbox takes: its used blocks and the rows held in memory before they are stored. */
  async usage(connection: DuckDBConnection): Promise<number> {
    const reader = await connection.runAndReadAll(
      `SELECT coalesce((SELECT used_blocks * block_size FROM pragma_database_size() WHERE database_name = ${literal(this.catalog)}), 0)
        + coalesce((SELECT sum(memory_usage_bytes) FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'), 0) AS bytes`,
    );
    return Number(reader.getRowObjectsJS()[0]?.bytes ?? 0);
  }

  /** The message of a run that would take the sandbox to `bytes`, or null when it may commit. */
  excess(before: number, bytes: number): string | null {
    if (bytes <= this.quotaBytes || bytes <= before) return null;
    const mb = (value: number) => `${Math.round((value / 2 ** 20) * 10) / 10} MB`;
    return (
      `The sandbox quota of ${mb(this.quotaBytes)} (CONSOLE_SANDBOX_QUOTA_MB) would be exceeded: the run would take the sandbox to ` +
      `about ${mb(bytes)}. Nothing it did was kept; drop or shrink tables there, or write less at once.`
    );
  }

  async checkpoint(connection: DuckDBConnection): Promise<void> {
    await connection.run(`CHECKPOINT ${literal(this.catalog)}`).catch(() => undefined);
  }

  private turn(): Promise<() => void> {
    return new Promise((granted) => {
      void this.turns(() => new Promise<void>((release) => granted(release)));
    });
  }
}

/** One run's writes: committed within the quota, or rolled back. */
export class SandboxWrite {
  private open = true;

  constructor(
    private readonly connection: DuckDBConnection,
    private readonly before: number,
    private readonly quota: SandboxQuota,
    private readonly release: () => void,
  ) {}

  /** Commits when the sandbox stays within its quota; else rolls back and throws WarehouseSqlError. */
  async commit(): Promise<void> {
    try {
      const message = this.quota.excess(this.before, await this.quota.usage(this.connection));
      if (message) throw new WarehouseSqlError(message);
      await this.connection.run('COMMIT');
      this.open = false;
      await this.quota.checkpoint(this.connection);
    } finally {
      await this.abort();
    }
  }

  /** Rolls back what is not committed and lets the next run write; never throws. */
  async abort(): Promise<void> {
    if (this.open) {
      this.open = false;
      await this.connection.run('ROLLBACK').catch(() => undefined);
    }
    this.release();
  }
}

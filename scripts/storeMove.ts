/**
 * npm run store:move -- <dataDir> <postgres url>: moves a data directory's console store
 * (console.sqlite) into an empty PostgreSQL database and says what it moved. The data
 * directory is left as it was; point CONSOLE_DATABASE_URL at the database afterwards.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE_POOL, redactedUrl } from '../server/config';
import { DATABASE_FILE, openStore } from '../server/store/db';
import { moveStore } from '../server/store/move';
import { openPgStore } from '../server/store/pgStore';

async function main(args: string[]): Promise<void> {
  const [dataDir, url] = args;
  if (!dataDir || !url || !/^postgres(ql)?:\/\//.test(url)) throw new Error('usage: npm run store:move -- <dataDir> <postgres://user:password@host:port/database>');
  if (!existsSync(path.join(dataDir, DATABASE_FILE))) throw new Error(`${dataDir} holds no ${DATABASE_FILE}`);
  const from = await openStore(dataDir);
  try {
    const to = await openPgStore({ url, poolSize: DEFAULT_DATABASE_POOL });
    try {
      const counts = await moveStore(from, to);
      console.log(`Moved ${path.join(dataDir, DATABASE_FILE)} into ${redactedUrl(url)}:`);
      for (const [table, rows] of Object.entries(counts)) console.log(`  ${table}: ${rows} rows`);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`store:move: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

import type { ConsoleDb } from '../../../db/schema';
import { refreshWantedMetadata, type MetadataApi } from '../biMetadata';

/**
 * The sync worker's metadata task as a `wake` for tests: each wake runs the real task (fetch what
 * is wanted, write the answers) on the next turn, as the worker would after refreshNow.
 */
export function metadataWorker(db: ConsoleDb, api: MetadataApi, now: () => number = Date.now) {
  const runs: Promise<number>[] = [];
  const wake = () => {
    runs.push(Promise.resolve().then(() => refreshWantedMetadata(db, api, now, new AbortController().signal)));
  };
  return { wake, runs, settled: () => Promise.all(runs) };
}

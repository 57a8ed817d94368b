import { ConsoleDb } from '../../src/db/schema';

/**
 * The harness runs on its own origin (127.0.0.1:<port>), so it never touches a real console's
 * data; a separate name still makes that obvious in DevTools.
 */
export const HARNESS_DB = 'bench-console';

export function openDb(): ConsoleDb {
  return new ConsoleDb(HARNESS_DB);
}

/** High-resolution wall-clock time, comparable between pages of one browser. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

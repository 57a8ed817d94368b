/** What a write refused by the data directory's disk answers, instead of a bare 500. */
export interface StorageProblem {
  statusCode: 503 | 507;
  message: string;
}

export const DATA_DIR_FULL =
  'The data directory is full: nothing more can be saved until space is freed on its disk (emptying the trash frees what deleted items hold). Reading still works.';
export const DATA_DIR_READ_ONLY = 'The data directory is read-only: nothing can be saved until it is writable again. Reading still works.';
export const DATA_DIR_NO_ACCESS =
  "The console is not allowed to write in its data directory (permission denied): check the directory's owner and mode. Reading still works.";

/** Node's errno codes and better-sqlite3's SQLite codes (SQLITE_READONLY_* included). */
function problemOf(code: string): StorageProblem | null {
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return { statusCode: 507, message: DATA_DIR_FULL };
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) return { statusCode: 503, message: DATA_DIR_READ_ONLY };
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM') return { statusCode: 503, message: DATA_DIR_NO_ACCESS };
  return null;
}

/** The storage problem behind an error (or one of its causes), or null when it is something else. */
export function storageProblem(error: unknown): StorageProblem | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    const problem = typeof code === 'string' ? problemOf(code) : null;
    if (problem) return problem;
    current = cause;
  }
  return null;
}

import { chmod, open, stat } from 'node:fs/promises';

const OWNER_ONLY = 0o600;

/**
 * Makes the database file and its -wal and -shm readable by the server's user only: they hold
 * password hashes and query history. The file is created 0600 before SQLite opens it, since
 * SQLite creates it 0644 and gives its -wal and -shm the database file's mode; files from an
 * older start are fixed. Files already 0600 are left alone (a read-only data directory still opens).
 */
export async function makeOwnerOnly(file: string): Promise<void> {
  await (await open(file, 'a', OWNER_ONLY)).close();
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    const mode = await modeOf(path);
    if (mode !== null && mode !== OWNER_ONLY) await chmod(path, OWNER_ONLY);
  }
}

async function modeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

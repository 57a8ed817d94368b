import { execFileSync } from 'node:child_process';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR_FULL, DATA_DIR_READ_ONLY } from '../http/storageErrors';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import { TRASH_DIR, WORKSPACE_DIR } from './workspace';

/**
 * A data directory on a real tmpfs, read-only or filled up: root (CI) is not stopped
 * by file modes, so a mount is the honest way. Skipped where this process may not mount.
 */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const fixture = useFixture();
const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

async function onTmpfs(size: string, test: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = path.join(await fixture.tempDir(), 'data');
  await mkdir(dataDir);
  mount('-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dataDir);
  try {
    await test(dataDir);
  } finally {
    execFileSync('umount', ['-l', dataDir]);
  }
}

/** Writes until the disk is full: what is left is less than a notebook save needs. */
async function fill(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close();
  }
}

describe.skipIf(!canMount())('a data directory that cannot be written', () => {
  it('read-only: a save says the data directory is read-only (503); reading still works', async () => {
    // The notebooks' folders are the read-only mounts: a mount cannot turn read-only while the
    // database holds its file open for writing (EBUSY), and the database is not what is tested.
    const dataDir = await fixture.tempDir();
    const mounts = [WORKSPACE_DIR, TRASH_DIR].map((name) => path.join(dataDir, name));
    for (const dir of mounts) {
      await mkdir(dir);
      mount('-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir);
    }
    const { app } = await fixture.build({ dataDir });
    try {
      const client = await notebookClient(app);
      expect((await client.save('kept.ipynb', notebookJson('kept'))).statusCode).toBe(200);
      for (const dir of mounts) mount('-o', 'remount,ro', dir);
      const save = await client.save('new.ipynb');
      expect(save.statusCode).toBe(503);
      expect(save.json()).toEqual({ message: DATA_DIR_READ_ONLY });
      expect((await client.folder('f')).json()).toEqual({ message: DATA_DIR_READ_ONLY });
      const listing = await client.get('/workspace');
      expect(listing.statusCode).toBe(200);
      expect(listing.json().files.map((f: { path: string }) => f.path)).toEqual(['kept.ipynb']);
      const read = await client.get('/get-file-local?path=kept.ipynb');
      expect(read.statusCode).toBe(200);
      expect(read.body).toContain('kept');
    } finally {
      await fixture.close(app);
      for (const dir of mounts) execFileSync('umount', ['-l', dir]);
    }
  });

  it('full: a save says the data directory is full (507); reading works; emptying the trash frees the space', async () => {
    await onTmpfs('24m', async (dataDir) => {
      const { app } = await fixture.build({ dataDir });
      const client = await notebookClient(app);
      const big = notebookJson('x'.repeat(4 * 1024 * 1024));
      expect((await client.save('big.ipynb', big)).statusCode).toBe(200);
      expect((await client.del('/delete', { path: 'big.ipynb' })).statusCode).toBe(200);
      const filler = path.join(dataDir, 'filler');
      await fill(filler);
      try {
        const save = await client.save('new.ipynb', big);
        expect(save.statusCode).toBe(507);
        expect(save.json()).toEqual({ message: DATA_DIR_FULL });
        expect((await client.get('/trash')).json().files.map((f: { path: string }) => f.path)).toEqual(['big.ipynb']);
        expect((await client.get('/workspace')).statusCode).toBe(200);
        // Emptying the trash works on the full disk and frees what the deleted notebook held.
        expect((await client.del('/trash', { path: 'big.ipynb' })).statusCode).toBe(200);
        // The 4 MB it held now takes a 2 MB notebook (and its staged copy and database record).
        expect((await client.save('new.ipynb', notebookJson('y'.repeat(2 * 1024 * 1024)))).statusCode).toBe(200);
      } finally {
        await fixture.close(app);
        await rm(filler, { force: true });
      }
    });
  });
});

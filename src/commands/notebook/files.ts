import { keepNotebook, keptNotebook } from '../../db/notebookCache';
import { notebookContentInLog } from '../../db/notebookContent';
import { httpStatus, isNetworkError, serverMessage } from '../../sync/api/http';
import type { NotebookApi } from '../../sync/api/notebook.api';
import { refuse, type CommandContext, type Refusal } from '../core';

/**
 * A notebook's file: its bytes as stored, its name, whether they came from the server or this
 * device, and the server's version of them when known (what a save of them is checked against).
 */
export type NotebookFile = { ok: true; content: string; fileName: string; from: 'server' | 'device'; version?: string } | Refusal;

export const NOT_ON_DEVICE_MESSAGE = 'The server cannot be reached and this notebook is not kept on this device.';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function unavailable(path: string, error: unknown): Refusal {
  if (isNetworkError(error)) return refuse('offline', NOT_ON_DEVICE_MESSAGE);
  if (httpStatus(error) === 404) return refuse('not-found', `Notebook not found: ${path}`);
  return refuse('server', serverMessage(error) ?? `The notebook could not be read: ${(error as Error).message}`);
}

/**
 * Reading notebook files: from the server (the notebook API's get-file call, the bytes as stored,
 * kept here for reading offline), else — offline, or a notebook whose creation has not reached the
 * server yet — the copy the server last gave, or the content this browser's log holds for it (what
 * it created or imported there); the log first while its creation is still on its way.
 */
export function createNotebookFiles({
  db,
  notify,
  api,
  now = Date.now,
}: Pick<CommandContext, 'db' | 'notify'> & { api: Pick<NotebookApi, 'getLocalFile'>; now?: () => number }) {
  async function read(path: string): Promise<NotebookFile> {
    const fileName = nameOf(path);
    try {
      const { content, file } = await api.getLocalFile(path);
      await keepNotebook(db, { path, content, version: file.version }, now());
      return { ok: true, content, fileName, from: 'server', version: file.version };
    } catch (error) {
      const unsent = (await db.workspaceChanges.where('path').equals(path).filter((c) => c.state !== 'applied' && c.state !== 'discarded').count()) > 0;
      const kept = unsent ? null : await keptNotebook(db, path);
      if (kept) return { ok: true, content: kept.content, fileName, from: 'device', version: kept.version };
      const local = await notebookContentInLog(db, path);
      if (local !== null) return { ok: true, content: local, fileName, from: 'device' };
      return unavailable(path, error);
    }
  }
  return {
    read,
    /** read() for a download: when the file cannot be had, the user is told why. */
    async download(path: string): Promise<NotebookFile> {
      const file = await read(path);
      if (!file.ok) notify({ kind: 'error', message: `${nameOf(path)} could not be downloaded: ${file.message}` });
      return file;
    },
  };
}

export type NotebookFiles = ReturnType<typeof createNotebookFiles>;

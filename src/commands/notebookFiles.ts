import { notebookContentInLog } from '../db/notebookContent';
import { httpStatus, isNetworkError, serverMessage } from '../sync/api/http';
import type { NotebookApi } from '../sync/api/notebook.api';
import { refuse, type CommandContext, type Refusal } from './core';

/** A notebook's file: its bytes as stored, its name, and whether they came from the server or this device's log. */
export type NotebookFile = { ok: true; content: string; fileName: string; from: 'server' | 'device' } | Refusal;

export const NOT_ON_DEVICE_MESSAGE = 'The server cannot be reached and this notebook is not kept on this device.';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function unavailable(path: string, error: unknown): Refusal {
  if (isNetworkError(error)) return refuse('offline', NOT_ON_DEVICE_MESSAGE);
  if (httpStatus(error) === 404) return refuse('not-found', `Notebook not found: ${path}`);
  return refuse('server', serverMessage(error) ?? `The notebook could not be read: ${(error as Error).message}`);
}

/**
 * Reading notebook files: from the server (the notebook API's get-file call, the bytes as stored),
 * else — offline, or a notebook whose creation has not reached the server yet — the content this
 * browser's log holds for it (what it created or imported there).
 */
export function createNotebookFiles({ db, notify, api }: Pick<CommandContext, 'db' | 'notify'> & { api: Pick<NotebookApi, 'getLocalFile'> }) {
  async function read(path: string): Promise<NotebookFile> {
    const fileName = nameOf(path);
    try {
      const { content } = await api.getLocalFile(path);
      return { ok: true, content, fileName, from: 'server' };
    } catch (error) {
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

import { notebookContentInLog } from '../db/notebookContent';
import type { ConsoleDb } from '../db/schema';
import { httpStatus, isNetworkError, serverMessage } from '../sync/api/http';
import type { NotebookApi } from '../sync/api/notebook.api';
import { refuse, type Refusal } from './core';

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
export function createNotebookFiles({ db, api }: { db: ConsoleDb; api: Pick<NotebookApi, 'getLocalFile'> }) {
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
  return { read };
}

export type NotebookFiles = ReturnType<typeof createNotebookFiles>;

import { notebookFacts } from '../../../contracts/workspace';
import { notebookContentInLog } from '../../db/notebookContent';
import { readWorkspace } from '../../db/reads';
import type { ConsoleDb } from '../../db/schema';
import { isNetworkError, serverMessage } from '../../sync/api/http';
import type { NotebookApi } from '../../sync/api/notebook.api';

/** An item's details: bytes (a folder: its live notebooks'), a notebook's kernel and cell count, a folder's live items. Null: not known. */
export type DetailsAnswer = { ok: true; size: number | null; kernel: string | null; cellCount: number | null; items: number | null } | { ok: false; message: string };

const OFFLINE_MESSAGE = 'The server cannot be reached and this device does not know the details of this item.';

/** Offline: a notebook whose content the log holds, a folder's live items as the cached view shows them. */
async function fromDevice(db: ConsoleDb, path: string): Promise<DetailsAnswer> {
  const { items } = await readWorkspace(db);
  const item = items.find((one) => one.path === path);
  if (item?.type === 'folder') {
    const inside = items.filter((one) => !one.isDeleted && one.path.startsWith(`${path}/`)).length;
    return { ok: true, size: null, kernel: null, cellCount: null, items: inside };
  }
  const content = await notebookContentInLog(db, path);
  return content === null ? { ok: false, message: OFFLINE_MESSAGE } : { ok: true, size: new TextEncoder().encode(content).length, ...notebookFacts(content), items: null };
}

/** The server's details of an item; offline, what this device knows. */
export async function itemDetails(db: ConsoleDb, api: Pick<NotebookApi, 'getDetails'>, path: string): Promise<DetailsAnswer> {
  try {
    const { size, kernel, cellCount, items } = await api.getDetails(path);
    return { ok: true, size, kernel, cellCount, items };
  } catch (error) {
    if (isNetworkError(error)) return fromDevice(db, path);
    return { ok: false, message: serverMessage(error) ?? `The details could not be read: ${(error as Error).message}` };
  }
}

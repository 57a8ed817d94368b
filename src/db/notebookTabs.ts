import { docPath, workspaceHistory } from './notebookDocs';
import { lastActive, openInOrder } from '../model/notebookTab/rules';
import type { ConsoleDb } from './schema';
import type { NotebookDocRow, NotebookTabRow } from '../model/rows';

/** A tab as the strip shows it: its notebook's current path and name, and whether it holds unsaved edits. */
export interface NotebookTab {
  /** The tab's id: its doc's id. */
  id: string;
  docId: string;
  path: string;
  name: string;
  dirty: boolean;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Pure: the open tabs in strip order with their docs' current paths (followed through renames);
 * a tab whose doc is gone from this device, or whose notebook was deleted, is not shown.
 */
export function tabsOf(rows: readonly NotebookTabRow[], docs: readonly NotebookDocRow[], pathOf: (doc: NotebookDocRow) => string | null): NotebookTab[] {
  const byId = new Map(docs.map((doc) => [doc.docId, doc]));
  return openInOrder(rows).flatMap((row) => {
    const doc = byId.get(row.id);
    const path = doc ? pathOf(doc) : null;
    return doc && path !== null ? [{ id: row.id, docId: doc.docId, path, name: nameOf(path), dirty: doc.dirty }] : [];
  });
}

/** The strip as every browser tab of this device sees it (read-only: runs inside live queries). */
export async function readNotebookTabs(db: ConsoleDb): Promise<{ tabs: NotebookTab[]; lastActive: string | null }> {
  const [rows, { events, skip }] = await Promise.all([db.notebookTabs.toArray(), workspaceHistory(db)]);
  const docs = await db.notebookDocs.bulkGet(openInOrder(rows).map((row) => row.id));
  const tabs = tabsOf(
    rows,
    docs.filter((doc): doc is NotebookDocRow => doc !== undefined),
    (doc) => docPath(doc, events, skip),
  );
  return { tabs, lastActive: lastActive(rows) };
}

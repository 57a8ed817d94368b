import { isWorkspaceChangeEvent, WORKSPACE_AGGREGATE, type ConsoleEvent } from '../model/events';
import type { ConsoleDb } from './schema';

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * A notebook's content as this browser's log last wrote it (its creation, import or save), followed
 * through later renames and moves of it or a folder above it; null when the log never held it.
 * Pure: the events are the workspace's, in seq order.
 */
export function contentInLog(events: readonly ConsoleEvent[], path: string): string | null {
  const contents = new Map<string, string>();
  for (const event of events) {
    if (!isWorkspaceChangeEvent(event)) continue;
    if (event.type === 'WorkspaceNotebookCreated' || event.type === 'WorkspaceNotebookSaved') contents.set(event.payload.path, event.payload.content);
    if (event.type !== 'WorkspaceItemRenamed') continue;
    const { oldPath, newPath } = event.payload;
    for (const [at, content] of [...contents]) {
      if (!isUnder(at, oldPath)) continue;
      contents.delete(at);
      contents.set(newPath + at.slice(oldPath.length), content);
    }
  }
  return contents.get(path) ?? null;
}

/** contentInLog over this database's workspace events. */
export async function notebookContentInLog(db: ConsoleDb, path: string): Promise<string | null> {
  const events = await db.events.where('[aggregateId+seq]').between([WORKSPACE_AGGREGATE, 0], [WORKSPACE_AGGREGATE, Infinity]).toArray();
  return contentInLog(events, path);
}

import { isWorkspaceChangeEvent, type ConsoleEvent, type EventBody, type HistoryInvert, type WorkspaceChangeEvent } from '../events';

/**
 * What undoes a workspace change. The inverse is an ordinary change event, so it is saved to
 * the server like any other. Save lifecycle events are not undoable (null), nor is a permanent
 * delete. If-Match versions are left out: the item's version changed with the change being undone.
 */
export function workspaceInverse(event: ConsoleEvent): EventBody<Record<string, unknown>> | null {
  if (!isWorkspaceChangeEvent(event)) return null;
  switch (event.type) {
    case 'WorkspaceFolderCreated':
    case 'WorkspaceNotebookCreated':
      return { type: 'WorkspaceItemDeleted', payload: { path: event.payload.path } };
    case 'WorkspaceItemRenamed':
      return { type: 'WorkspaceItemRenamed', payload: { oldPath: event.payload.newPath, newPath: event.payload.oldPath } };
    case 'WorkspaceItemDeleted':
      return { type: 'WorkspaceItemRestored', payload: { path: event.payload.path } };
    case 'WorkspaceItemRestored':
      return { type: 'WorkspaceItemDeleted', payload: { path: event.payload.path } };
    case 'WorkspaceItemFavorited':
      return { type: 'WorkspaceItemFavorited', payload: { path: event.payload.path, isFavorite: !event.payload.isFavorite } };
    case 'WorkspaceItemPurged':
    case 'WorkspaceNotebookSaved': // the notebook's own history undoes its edits
      return null;
  }
}

const within = (root: string) => (path: string) => path === root || path.startsWith(`${root}/`);

/** The paths a change acted on (both ends of a rename). */
function pathsOf(event: WorkspaceChangeEvent): string[] {
  return event.type === 'WorkspaceItemRenamed' ? [event.payload.oldPath, event.payload.newPath] : [event.payload.path];
}

/** Where the items under `roots` were before a rename from `oldPath` to `newPath`. */
function beforeRename(roots: string[], oldPath: string, newPath: string): string[] {
  const moved = roots.filter(within(newPath)).map((root) => oldPath + root.slice(newPath.length));
  return roots.some((root) => within(root)(newPath)) ? [...moved, oldPath] : moved;
}

/**
 * The changes made to what was later deleted for good, found by walking the history back from
 * each purge and following the item through its renames, up to its creation.
 */
function changesToPurged(history: readonly ConsoleEvent[]): Set<string> {
  const gone = new Set<string>();
  let roots: string[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i];
    if (!isWorkspaceChangeEvent(event)) continue;
    if (event.type === 'WorkspaceItemPurged') {
      roots.push(event.payload.path);
      continue;
    }
    const paths = pathsOf(event);
    if (event.type === 'WorkspaceItemRenamed') roots = [...roots, ...beforeRename(roots, event.payload.oldPath, event.payload.newPath)];
    if (!roots.some((root) => paths.some(within(root)))) continue;
    gone.add(event.id);
    // Before its creation, the path named something else.
    if (event.type === 'WorkspaceFolderCreated' || event.type === 'WorkspaceNotebookCreated') roots = roots.filter((root) => root !== event.payload.path);
  }
  return gone;
}

/**
 * workspaceInverse over a history: once an item is deleted for good, the earlier changes to it (its
 * delete, a rename, its creation) cannot be undone either — the server no longer has it — so undo
 * skips them and goes to the action before, instead of sending a save bound to fail.
 */
export const workspaceInversion: HistoryInvert = {
  ofHistory(history) {
    const gone = changesToPurged(history);
    return gone.size === 0 ? workspaceInverse : (event) => (gone.has(event.id) ? null : workspaceInverse(event));
  },
};

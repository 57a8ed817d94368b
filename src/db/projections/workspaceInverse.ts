import { isWorkspaceChangeEvent, type ConsoleEvent, type EventBody } from '../events';

/**
 * What undoes a workspace change. The inverse is an ordinary change event, so it is saved to
 * the server like any other. Save lifecycle events are not undoable (null).
 * If-Match versions are left out: the item's version changed with the change being undone.
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
  }
}

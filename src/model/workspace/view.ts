import type { WorkspaceChangeRow } from '../rows';
import type { WorkspaceFileRow } from '../cacheRows';
import { addItem, buildTree, moveSubtree, nameOf, parentOf, removeSubtree, subtree, type Tree } from './tree';

/** One workspace item as the user should see it. */
export interface WorkspaceItem {
  path: string;
  name: string;
  /** '' at the workspace root. */
  parentPath: string;
  type: 'notebook' | 'folder';
  isDeleted: boolean;
  isFavorite: boolean;
  version?: string;
  /** '' for an item the server has not seen yet. */
  owner: string;
  createdAt: string;
  /** Last change the server knows of (for a trashed item: its deletion); the creation for items not yet saved. */
  updatedAt: string;
  /** Deleted items: when the server put them in the trash. */
  deletedAt?: string;
  /** A change to it is still on its way to the server (sending or queued). */
  pending: boolean;
  /** The server refused a change to it; the user decides (retry, discard). */
  conflict?: { status: number; message: string; changeId: string };
  /** Exists only in this browser so far. */
  local: boolean;
}

type ItemTree = Tree<WorkspaceItem>;

function fromFile(file: WorkspaceFileRow): WorkspaceItem {
  const { path, name, type, isDeleted, isFavorite, version, owner, createdAt, deletedAt } = file;
  const updatedAt = file.updatedAt ?? createdAt;
  return { path, name, parentPath: parentOf(path), type, isDeleted, isFavorite, version, owner, createdAt, updatedAt, deletedAt, pending: false, local: false };
}

function localItem(change: WorkspaceChangeRow): WorkspaceItem {
  return {
    path: change.path,
    name: nameOf(change.path),
    parentPath: parentOf(change.path),
    type: change.kind === 'folderCreated' ? 'folder' : 'notebook',
    isDeleted: false,
    isFavorite: false,
    owner: '',
    createdAt: new Date(change.at).toISOString(),
    updatedAt: new Date(change.at).toISOString(),
    pending: false,
    local: true,
  };
}

/** Changes the cache does not show yet. Applied ones are in the cache once it was fetched after them. */
function isOutstanding(change: WorkspaceChangeRow, fetchedAt: number | undefined): boolean {
  switch (change.state) {
    case 'sending':
    case 'queued':
    case 'failed':
      return true;
    case 'applied':
      return fetchedAt === undefined || change.at > fetchedAt;
    case 'discarded':
      return false;
  }
}

/** Lays one change over the tree; returns the items it touched. */
function applyChange(tree: ItemTree, change: WorkspaceChangeRow): WorkspaceItem[] {
  switch (change.kind) {
    case 'folderCreated':
    case 'notebookCreated':
    case 'notebookSaved': {
      const existing = tree.items.get(change.path);
      if (existing && !existing.isDeleted) return [existing];
      const item = localItem(change); // a new item where there was none, or only a deleted one
      addItem(tree, item);
      return [item];
    }
    case 'renamed':
      return change.newPath === undefined ? [] : moveSubtree(tree, change.path, change.newPath);
    case 'deleted':
    case 'restored': {
      const touched = subtree(tree, change.path);
      // Until the server answers, the trash shows when this browser deleted it.
      const deletedAt = change.kind === 'deleted' ? new Date(change.at).toISOString() : undefined;
      for (const item of touched) Object.assign(item, { isDeleted: change.kind === 'deleted', deletedAt });
      return touched;
    }
    case 'favorited': {
      const item = tree.items.get(change.path);
      if (!item) return [];
      item.isFavorite = change.isFavorite ?? false;
      return [item];
    }
    case 'purged': {
      // Only the trashed item goes (a live one made at the same path since stays); a refused purge
      // leaves it in the trash, flagged, for the user to decide.
      if (!tree.items.get(change.path)?.isDeleted) return [];
      return change.state === 'failed' ? subtree(tree, change.path) : (removeSubtree(tree, change.path), []);
    }
  }
}

function markTouched(items: WorkspaceItem[], change: WorkspaceChangeRow): void {
  const pending = change.state === 'sending' || change.state === 'queued';
  // One object for all items of a folder change: the view is read-only for its consumers.
  const conflict = change.state === 'failed' ? { status: change.status ?? 0, message: change.message ?? '', changeId: change.id } : undefined;
  for (const item of items) {
    if (pending) item.pending = true;
    if (conflict) item.conflict = conflict;
  }
}

function byFoldersThenPath(a: WorkspaceItem, b: WorkspaceItem): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The workspace as the user should see it: the server cache with the user's not-yet-confirmed
 * changes laid over it in seq order. Pure; inputs are not modified.
 */
export function workspaceView(
  files: readonly WorkspaceFileRow[],
  changes: readonly WorkspaceChangeRow[],
  fetchedAt: number | undefined,
): WorkspaceItem[] {
  const tree = buildTree(files.map(fromFile));
  const outstanding = changes.filter((c) => isOutstanding(c, fetchedAt)).sort((a, b) => a.seq - b.seq);
  for (const change of outstanding) markTouched(applyChange(tree, change), change);
  return [...tree.items.values()].sort(byFoldersThenPath);
}

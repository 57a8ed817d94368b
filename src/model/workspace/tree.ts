/**
 * A mutable, throw-away index of workspace items by path and by parent, used while building one
 * view (never kept). The parent index makes folder renames and deletes cost the size of the
 * folder, not of the whole workspace.
 */
export interface TreeItem {
  path: string;
  name: string;
  parentPath: string;
}

export interface Tree<T extends TreeItem> {
  items: Map<string, T>;
  children: Map<string, Set<string>>;
}

export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function buildTree<T extends TreeItem>(items: Iterable<T>): Tree<T> {
  const tree: Tree<T> = { items: new Map(), children: new Map() };
  for (const item of items) addItem(tree, item);
  return tree;
}

export function addItem<T extends TreeItem>(tree: Tree<T>, item: T): void {
  const replaced = tree.items.get(item.path);
  if (replaced) removeItem(tree, replaced.path);
  tree.items.set(item.path, item);
  const siblings = tree.children.get(item.parentPath);
  if (siblings) siblings.add(item.path);
  else tree.children.set(item.parentPath, new Set([item.path]));
}

function removeItem<T extends TreeItem>(tree: Tree<T>, path: string): void {
  const item = tree.items.get(path);
  if (!item) return;
  tree.items.delete(path);
  tree.children.get(item.parentPath)?.delete(path);
}

/** The item at `path` and everything below it, parents before children; empty when absent. */
export function subtree<T extends TreeItem>(tree: Tree<T>, path: string): T[] {
  const root = tree.items.get(path);
  if (!root) return [];
  const found: T[] = [root];
  for (let i = 0; i < found.length; i++) {
    for (const childPath of tree.children.get(found[i].path) ?? []) {
      const child = tree.items.get(childPath);
      if (child) found.push(child);
    }
  }
  return found;
}

/** Removes an item and everything below it. Returns the removed items. */
export function removeSubtree<T extends TreeItem>(tree: Tree<T>, path: string): T[] {
  const removed = subtree(tree, path);
  for (const item of removed) removeItem(tree, item.path);
  tree.children.delete(path);
  return removed;
}

/** Moves an item and everything below it from `from` to `to`. Returns the moved items. */
export function moveSubtree<T extends TreeItem>(tree: Tree<T>, from: string, to: string): T[] {
  const moved = subtree(tree, from);
  for (const item of moved) removeItem(tree, item.path);
  for (const item of moved) {
    item.path = to + item.path.slice(from.length);
    item.name = nameOf(item.path);
    item.parentPath = parentOf(item.path);
    addItem(tree, item);
  }
  return moved;
}

import type { WorkspaceFile } from '../../../contracts/workspace';
import type { WorkspaceItem } from '../../model/workspace/view';
import { notebookUrl } from '../workspace/names';
import type { SearchTarget } from './searchTargets';

/** How many notebooks and folders the dialog lists at most: enough to choose, few enough to stay quick. */
export const WORKSPACE_TARGET_LIMIT = 20;

/** Shorter texts find nothing (as the catalog's): one letter would match half the workspace. */
const MIN_TEXT = 2;

/** What a target needs of a cached item or of a server hit. */
type Findable = Pick<WorkspaceItem, 'path' | 'name' | 'type' | 'isDeleted'>;

/** The server stores names in NFC; a text typed in NFD must find them too. */
const folded = (text: string) => text.normalize('NFC').toLowerCase();

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** Folders first, then by name. */
function ordered<T extends Findable>(items: readonly T[], limit: number): T[] {
  const rank = (item: Findable) => (item.type === 'folder' ? 0 : 1);
  return [...items].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.path.localeCompare(b.path)).slice(0, limit);
}

function target(item: Findable, query: string): SearchTarget {
  const folder = item.type === 'folder';
  return {
    id: `workspace:${item.path}`,
    group: folder ? 'Folders' : 'Notebooks',
    label: item.name,
    hint: parentOf(item.path) || 'Workspace',
    icon: folder ? 'folder' : 'notebook',
    to: folder ? `/admin/workspace?folder=${encodeURIComponent(item.path)}` : notebookUrl(item.path),
    // Matched here or by the server already: the typed text keeps it through the dialog's own filter.
    keywords: [item.path, query],
  };
}

/**
 * The live notebooks and folders of the cached workspace whose name holds the query
 * (case-insensitive), folders first, at most `limit`; each opens its folder or its notebook.
 */
export function workspaceTargets(items: readonly Findable[], query: string, limit = WORKSPACE_TARGET_LIMIT): SearchTarget[] {
  const needle = folded(query.trim());
  if (needle.length < MIN_TEXT) return [];
  const found = items.filter((item) => !item.isDeleted && folded(item.name).includes(needle));
  return ordered(found, limit).map((item) => target(item, query.trim()));
}

/** The server's search hits (it matched them already) as targets, in the same order; deleted ones left out. */
export function workspaceHitTargets(files: readonly WorkspaceFile[], query: string, limit = WORKSPACE_TARGET_LIMIT): SearchTarget[] {
  return ordered(
    files.filter((file) => !file.isDeleted),
    limit,
  ).map((file) => target(file, query.trim()));
}

/**
 * What the cache finds for the text, and whether the server is to be asked: only once the cache
 * is read (undefined until then) and has no match for a text long enough to search.
 */
export function cachedWorkspaceSearch(items: readonly Findable[] | undefined, query: string): { targets: SearchTarget[]; askServer: boolean } {
  if (items === undefined) return { targets: [], askServer: false };
  const targets = workspaceTargets(items, query);
  return { targets, askServer: targets.length === 0 && folded(query.trim()).length >= MIN_TEXT };
}

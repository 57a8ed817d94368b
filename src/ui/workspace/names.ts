import { nameProblem as ruleProblem, normalizeName } from '../../../contracts/names';
import type { WorkspaceItem } from '../../model/workspace/view';
import { untitledName } from '../../model/nbformat/create';

export { normalizeName };

/**
 * Rules for names typed into the workspace, checked before anything is saved: the server's own
 * rule (contracts/names.ts) on the NFC form, so the dialog says what the server would answer.
 */
export function nameProblem(name: string, kind: 'folder' | 'notebook', taken: (name: string) => boolean): string | null {
  if (!name) return 'Enter a name.';
  const normal = normalizeName(name);
  const problem = ruleProblem(normal);
  if (problem) return `${problem}.`;
  if (kind === 'notebook' && !normal.endsWith('.ipynb')) return 'A notebook name ends in .ipynb.';
  if (taken(normal)) return `“${normal}” already exists here.`;
  return null;
}

export function joinPath(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

/** The name the New notebook dialog offers: "Untitled-{n}.ipynb" by the seed's rule (src/model/nbformat/create.ts), over the folder's live items. */
export function newNotebookName(items: readonly WorkspaceItem[], folder: string): string {
  const here = items.filter((item) => item.parentPath === folder && !item.isDeleted);
  const names = (type: WorkspaceItem['type']) => here.filter((item) => item.type === type).map((item) => item.name);
  return untitledName(names('notebook'), names('folder'));
}

/** A free "Untitled Folder", "Untitled Folder1", … in the folder, as JupyterLab names new folders. */
export function untitledFolderName(taken: (name: string) => boolean): string {
  for (let i = 0; ; i++) {
    const name = `Untitled Folder${i === 0 ? '' : i}`;
    if (!taken(name)) return name;
  }
}

/** The Workspace showing that folder ('' is the root). */
export function folderUrl(path: string): string {
  return path ? `/admin/workspace?folder=${encodeURIComponent(path)}` : '/admin/workspace';
}

/** Where a notebook opens: the editor, its path's segments each URL-encoded. */
export function notebookUrl(path: string): string {
  return `/admin/workspace/notebook/${path.split('/').map(encodeURIComponent).join('/')}`;
}

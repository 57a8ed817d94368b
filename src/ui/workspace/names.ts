import { nameProblem as ruleProblem, normalizeName } from '../../../contracts/names';

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

/** A free "Untitled.ipynb", "Untitled1.ipynb", … in the folder, as JupyterLab names new notebooks. */
export function untitledName(base: string, extension: string, taken: (name: string) => boolean): string {
  for (let i = 0; ; i++) {
    const name = `${base}${i === 0 ? '' : i}${extension}`;
    if (!taken(name)) return name;
  }
}

/** Rules for names typed into the workspace, checked before anything is saved. */
export function nameProblem(name: string, kind: 'folder' | 'notebook', taken: (name: string) => boolean): string | null {
  if (!name) return 'Enter a name.';
  if (name.includes('/') || name.includes('\\')) return 'A name cannot contain / or \\.';
  if (name.startsWith('.')) return 'A name cannot start with a dot.';
  if (name.length > 255) return 'That name is too long.';
  if ([...name].some((c) => c.charCodeAt(0) < 32)) return 'A name cannot contain control characters.';
  if (kind === 'notebook' && !name.endsWith('.ipynb')) return 'A notebook name ends in .ipynb.';
  if (taken(name)) return `“${name}” already exists here.`;
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

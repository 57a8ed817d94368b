import { nameProblem, normalizeName } from '../../contracts/names';
import { badRequest } from './errors';
import { saveNotebook } from './files';
import type { WorkspaceFile } from './model';
import { isNotebookPath, NOTEBOOK_EXTENSION } from './paths';
import { present } from './staging';
import type { Workspace, WriteContext } from './workspace';

/** Far more than anyone uploads under one name; it only bounds the search for a free name. */
const MAX_COPIES = 10_000;

/** Why an uploaded file's name is refused (the shared rule, then the notebook extension), or null. */
export function uploadNameProblem(filename: string): string | null {
  if (filename === '') return 'The file has no name';
  const problem = nameProblem(normalizeName(filename));
  if (problem) return `Refused file name "${filename}": ${problem}`;
  if (!isNotebookPath(filename)) return `Only ${NOTEBOOK_EXTENSION} notebooks can be uploaded, not "${filename}"`;
  return null;
}

/**
 * Stores an uploaded notebook in a folder ("" is the root) under its own name or, when that is
 * taken, the first free numbered copy "name (1).ipynb" (as the client's import names them).
 * Nothing existing is overwritten; the answer's path is where it went.
 */
export async function uploadNotebook(workspace: Workspace, context: WriteContext, folder: string, filename: string, data: Buffer): Promise<WorkspaceFile> {
  const problem = uploadNameProblem(filename);
  if (problem) throw badRequest(problem);
  const content = utf8(data);
  await workspace.requireFolder(folder);
  const relative = await freePath(workspace, folder, normalizeName(filename));
  return saveNotebook(workspace, context, relative, content, { ifNoneMatch: '*' });
}

async function freePath(workspace: Workspace, folder: string, name: string): Promise<string> {
  const stem = name.slice(0, -NOTEBOOK_EXTENSION.length);
  for (let copy = 0; copy <= MAX_COPIES; copy++) {
    const candidate = copy === 0 ? name : `${stem} (${copy})${NOTEBOOK_EXTENSION}`;
    const problem = nameProblem(candidate);
    if (problem) throw badRequest(`No free name for a copy of "${name}": ${problem}`);
    const relative = folder === '' ? candidate : `${folder}/${candidate}`;
    // Something the workspace does not list (say a folder named like a notebook's copy) may hold it.
    const { absolute, found } = await workspace.locate(relative);
    if (!found && !(await present(absolute))) return relative;
  }
  throw badRequest(`No free name for a copy of "${name}"`);
}

/** Stored byte for byte, so it must be text: invalid UTF-8 would not survive as a string. */
function utf8(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
  } catch {
    throw badRequest('The file is not UTF-8 text');
  }
}


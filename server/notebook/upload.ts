import { nameProblem, normalizeName } from '../../contracts/names';
import { parseNotebook } from '../../src/model/nbformat/parse';
import { serializeNotebook } from '../../src/model/nbformat/serialize';
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
 * It is checked and normalised as the client's Import does (src/model/nbformat: nbformat 4.5, cell ids
 * unique, written as Jupyter writes it), so nothing is listed as a notebook that cannot open.
 * Nothing existing is overwritten; the answer's path is where it went.
 */
export async function uploadNotebook(workspace: Workspace, context: WriteContext, folder: string, filename: string, data: Buffer): Promise<WorkspaceFile> {
  const problem = uploadNameProblem(filename);
  if (problem) throw badRequest(problem);
  const content = normalized(filename, data);
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

/** The notebook as Import would store it, or a 400 naming the file and why it is refused. */
function normalized(filename: string, data: Buffer): string {
  const parsed = parseNotebook(data, filename);
  if (!parsed.ok) throw badRequest(`"${filename}" is not a notebook this console can open: ${parsed.reason}`);
  return serializeNotebook(parsed.notebook);
}

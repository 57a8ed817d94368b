import { ulid } from 'ulid';
import { WORKSPACE_AGGREGATE, type NewEventSpec } from '../../model/events';
import { readWorkspace } from '../../db/reads';
import { parseNotebook, serializeNotebook } from '../../model/nbformat';
import { background, mutator, WAITING_NOTICE_ID, type CommandContext } from '../core';
import type { Sender } from '../../sync/outbox/sender';
import { nameProblem, normalizeName } from '../../../contracts/names';
import { MAX_IMPORT_BYTES } from './importLimit';

export { MAX_IMPORT_BYTES } from './importLimit';

export const importedMessage = (n: number) => (n === 1 ? '1 notebook imported successfully!' : `${n} notebooks imported successfully!`);
export const IMPORT_FAILED_MESSAGE = 'No notebook was imported: see Details for why.';

/** A file to import: a browser File, or anything with its name, size and bytes. */
export interface ImportSource {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ImportReport {
  /** Each imported file, with the path it got (a numbered copy after a name clash) and what was repaired. */
  imported: { file: string; path: string; warnings: string[] }[];
  /** Each refused file and why, in the order given. */
  failed: { file: string; reason: string }[];
}

export interface ImportDeps extends CommandContext {
  sender: Pick<Sender, 'wake' | 'settled'>;
  /** Said when the sender could not save an import yet (shared with the workspace's other saves). */
  waitingMessage: string;
  /** The largest file taken (importLimit); MAX_IMPORT_BYTES when not given. */
  maxBytes?: number;
}

/**
 * The name a file gets in a folder where `taken` names exist: its own when free, else a numbered
 * copy "name (1).ipynb", "name (2).ipynb", … as browsers name a download that clashes.
 */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let n = 1;
  while (taken.has(`${stem} (${n})${extension}`)) n++;
  return `${stem} (${n})${extension}`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Checked = { ok: true; file: string; name: string; content: string; warnings: string[] } | { ok: false; file: string; reason: string };

/** Reads and checks one file: a notebook normalised to nbformat 4.5 and written as Jupyter writes it, or the reason it is refused. */
async function check(source: ImportSource, maxBytes: number): Promise<Checked> {
  // The server stores names in NFC and refuses what contracts/names.ts refuses: said before anything is read.
  const file = normalizeName(source.name);
  const refused = (reason: string): Checked => ({ ok: false, file: source.name, reason });
  const problem = nameProblem(file);
  if (problem) return refused(`${problem}.`);
  if (!/\.ipynb$/i.test(file)) return refused('Only .ipynb notebooks can be imported.');
  if (source.size > maxBytes) return refused(`The file is too large (${megabytes(source.size)}; the limit is ${megabytes(maxBytes)}).`);
  let bytes: ArrayBuffer;
  try {
    bytes = await source.arrayBuffer();
  } catch (error) {
    return refused(`The file could not be read (${(error as Error).message}).`);
  }
  const parsed = parseNotebook(bytes, file);
  if (!parsed.ok) return refused(parsed.reason);
  // The server keeps notebooks under the lower-case extension only.
  return { ok: true, file, name: file.replace(/\.ipynb$/i, '.ipynb'), content: serializeNotebook(parsed.notebook), warnings: parsed.warnings };
}

/** Names of what lives in `folder` now ('' is the root): a new item must not take one. */
async function namesIn(ctx: CommandContext, folder: string): Promise<Set<string>> {
  const { items } = await readWorkspace(ctx.db);
  return new Set(items.filter((item) => item.parentPath === folder && !item.isDeleted).map((item) => item.name));
}

/**
 * Imports .ipynb files into a folder: each good file becomes a new notebook (an event in the log,
 * saved to the server by the sender like any other change), the bad ones are refused with their
 * reason, and nothing existing is overwritten (a clash gets a numbered copy). The user hears how
 * many were imported; `showDetails` (the toast's action) shows which were refused and why.
 * Answers once the notebooks are in the log; how their saves went is told when the sender knows.
 */
export function createNotebookImport(deps: ImportDeps) {
  const append = mutator(deps, (specs: NewEventSpec<object>[]) => ({ events: specs }));

  return async (folder: string, sources: readonly ImportSource[], showDetails?: () => void): Promise<ImportReport> => {
    const checked = await Promise.all(sources.map((source) => check(source, deps.maxBytes ?? MAX_IMPORT_BYTES)));
    const taken = await namesIn(deps, folder);
    const report: ImportReport = { imported: [], failed: [] };
    const specs: NewEventSpec<object>[] = [];
    // One group for the batch: undo takes back the whole import, not just its last notebook.
    const group = ulid();
    for (const item of checked) {
      if (!item.ok) {
        report.failed.push({ file: item.file, reason: item.reason });
        continue;
      }
      const name = copyName(item.name, taken);
      taken.add(name);
      const path = folder ? `${folder}/${name}` : name;
      report.imported.push({ file: item.file, path, warnings: item.warnings });
      specs.push({ type: 'WorkspaceNotebookCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path, content: item.content, group } });
    }
    const written = specs.length > 0 ? await append(specs) : null;
    const action = report.failed.length > 0 && showDetails ? { label: 'Details', onClick: showDetails } : undefined;
    if (report.imported.length > 0) deps.notify({ kind: 'success', message: importedMessage(report.imported.length), action });
    else deps.notify({ kind: 'error', message: IMPORT_FAILED_MESSAGE, action });
    if (written?.ok) background('Import saves', settle(deps, written.events.map((event) => event.id), report));
    return report;
  };
}

/** Wakes the sender and says, once the saves are settled, which were not saved or are still waiting. */
async function settle(deps: ImportDeps, changeIds: string[], report: ImportReport): Promise<void> {
  deps.sender.wake();
  const verdicts = await Promise.all(changeIds.map((id) => deps.sender.settled(id)));
  if (verdicts.some((v) => v.kind === 'waiting')) deps.notify({ kind: 'info', message: deps.waitingMessage, id: WAITING_NOTICE_ID });
  verdicts.forEach((verdict, i) => {
    if (verdict.kind !== 'failed') return;
    const name = report.imported[i].path.split('/').pop() ?? '';
    deps.notify({ kind: 'error', message: `Import of ${name} was not saved: ${verdict.message}` });
  });
}

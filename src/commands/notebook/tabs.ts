import { nameProblem, normalizeName } from '../../../contracts/names';
import { NOTEBOOK_TABS_AGGREGATE, type NewEventSpec } from '../../model/events';
import { readNotebookTabs } from '../../db/notebookTabs';
import {
  ACTIVE_TAB_NOT_FOUND_MESSAGE,
  CODE_MODE_ONLY_MESSAGE,
  LAST_NOTEBOOK_TAB_MESSAGE,
  NO_ACTIVE_TAB_MESSAGE,
  RENAME_FAILED_MESSAGE,
  canClose,
  lastActive,
  neighbourAfterClose,
  renameTarget,
  renamedMessage,
} from '../../model/notebookTab/rules';
import { readWorkspace } from '../../db/reads';
import { untitledName } from '../../model/nbformat/create';
import { announcedAll, mutator, refuse, type CommandContext, type Decision, type Refusal, type Result } from '../core';
import type { WorkspaceCommands } from '../workspace/workspace';

/** The editor's view: code (editable) or report (outputs and rendered markdown only). */
export type NotebookViewMode = 'code' | 'report';

export interface NotebookTabDeps extends CommandContext {
  /** Notebooks are created and renamed as every workspace change is: events first, then saves. */
  workspace: Pick<WorkspaceCommands, 'createNotebook' | 'rename'>;
}

const tabEvent = (type: string, docId: string): NewEventSpec<object> => ({ type, aggregateId: NOTEBOOK_TABS_AGGREGATE, payload: { docId } });
const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/**
 * The notebook editor's tabs on this device, as events (so every browser tab shows the same
 * strip and a reload keeps it), with the seed's rules: the last tab stays, a new tab only in code
 * mode, renames renaming the notebook's file. `shownId` is the tab the calling page shows.
 * Refusals are told (a toast) with the seed's words.
 */
export function createNotebookTabCommands(deps: NotebookTabDeps) {
  const { db, workspace, notify } = deps;

  /** A notebook route shown: its tab added at the end of the strip, or brought to the front. */
  const open = mutator(deps, async (docId: string): Promise<Decision> => {
    const rows = await db.notebookTabs.toArray();
    const row = rows.find((t) => t.id === docId);
    if (row && !row.isClosed && lastActive(rows) === docId) return { events: [] };
    return { events: [tabEvent(row && !row.isClosed ? 'NotebookTabActivated' : 'NotebookTabOpened', docId)] };
  });

  /** Closes a tab (never the last one); `next` is the tab to show when it was the one shown. */
  const close = mutator(deps, async (docId: string, shownId: string | null): Promise<Decision<{ next: string | null }> | Refusal> => {
    // Only the tabs the strip shows count (a deleted notebook's tab is not one to stay on).
    const shownIds = new Set((await readNotebookTabs(db)).tabs.map((tab) => tab.id));
    const rows = (await db.notebookTabs.toArray()).filter((t) => shownIds.has(t.id));
    const row = rows.find((t) => t.id === docId);
    if (!row || row.isClosed) return { events: [], next: null };
    if (!canClose(rows, docId)) return refuse('last-tab', LAST_NOTEBOOK_TAB_MESSAGE);
    const next = docId === shownId ? neighbourAfterClose(rows, docId) : null;
    return { events: [tabEvent('NotebookTabClosed', docId), ...(next ? [tabEvent('NotebookTabActivated', next)] : [])], next };
  });

  /** A new untitled notebook beside `folder`'s others (the workspace's naming rule); only in code mode. */
  async function newTab(folder: string, mode: NotebookViewMode): Promise<Result<{ path: string }>> {
    if (mode !== 'code') return refuse('code-mode', CODE_MODE_ONLY_MESSAGE);
    const here = (await readWorkspace(db)).items.filter((item) => item.parentPath === folder && !item.isDeleted);
    const name = untitledName(
      here.filter((item) => item.type === 'notebook').map((item) => item.name),
      here.filter((item) => item.type === 'folder').map((item) => item.name),
    );
    const path = joinPath(folder, name);
    const verdict = await workspace.createNotebook(path);
    if (verdict?.kind === 'failed') return refuse('create-failed', verdict.message);
    return { ok: true, events: [], path };
  }

  /** Renames the shown tab's notebook (its file in the workspace); empty or unchanged names are ignored. */
  async function rename(shownId: string | null, input: string): Promise<Result<{ path: string | null }>> {
    if (shownId === null) return refuse('no-active', NO_ACTIVE_TAB_MESSAGE);
    const tab = (await readNotebookTabs(db)).tabs.find((t) => t.id === shownId);
    if (!tab) return refuse('not-found', ACTIVE_TAB_NOT_FOUND_MESSAGE);
    const target = renameTarget(input, tab.name);
    if (target === null) return { ok: true, events: [], path: null };
    const name = normalizeName(target);
    const folder = parentOf(tab.path);
    const items = (await readWorkspace(db)).items;
    const taken = items.some((item) => item.parentPath === folder && item.name === name && !item.isDeleted);
    if (nameProblem(name) || taken) return refuse('invalid-name', RENAME_FAILED_MESSAGE);
    const version = items.find((item) => item.path === tab.path)?.version;
    const newPath = joinPath(folder, name);
    const verdict = await workspace.rename(tab.path, newPath, version);
    if (verdict?.kind === 'failed') return refuse('rename-failed', RENAME_FAILED_MESSAGE);
    notify({ kind: 'success', message: renamedMessage(name) });
    return { ok: true, events: [], path: newPath };
  }

  return announcedAll(deps, {
    open,
    close,
    newTab,
    rename,
  });
}

export type NotebookTabCommands = ReturnType<typeof createNotebookTabCommands>;

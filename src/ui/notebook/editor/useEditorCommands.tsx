import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import { NOTEBOOK_COMMANDS, notebookCommand, runNotebookCommand, type NotebookCommandId } from '../../../commands/notebook/registry/registry';
import { runSelected } from '../../../commands/notebook/registry/actions';
import { shortcutOf } from '../../../commands/notebook/registry/keymap';
import type { EditorPort, EditorSnapshot, NotebookCommandContext } from '../../../commands/notebook/registry/types';
import type { NotebookRun, RunView } from '../../../commands/notebook/run';
import type { Selection } from '../../../model/notebookDoc/selection';
import type { CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import type { Cell, Nbformat45 } from '../../../model/nbformat/types';
import { ConfirmDialog, type ConfirmQuestion } from '../../components/ConfirmDialog';
import type { PageCommand } from '../../layout/pageCommands';

export interface EditorState {
  docs: NotebookDocCommands | null;
  docId: string | null;
  notebook: Nbformat45 | null;
  run: NotebookRun | null;
  view: RunView | null;
  viewMode: 'code' | 'report';
  selection: Selection;
  setSelection: (selection: Selection) => void;
  setMode: (mode: 'command' | 'edit') => void;
  typing: { flush: () => Promise<void>; endGroup: () => void };
  /** The doc as stored now (the live one on screen may not show the last typing yet). */
  read: () => Promise<Nbformat45 | null>;
}

export type Perform = (id: NotebookCommandId, at?: { text: string; offset: number }) => void;

export function snapshotOf(state: EditorState, notebook: Nbformat45): EditorSnapshot {
  return { notebook, selection: state.selection, viewMode: state.viewMode, kernel: state.run && state.view ? state.view.kernel.state : null };
}

/** The context a registry command runs with: the page's view state as a port, read when the command runs. */
function contextOf(latest: { current: EditorState }, clipboard: { current: readonly Cell[] }, at?: { text: string; offset: number }): NotebookCommandContext | null {
  const state = latest.current;
  const { docs, docId, notebook, run } = state;
  if (!docs || !docId || !notebook) return null;
  const editor: EditorPort = {
    selection: () => latest.current.selection,
    select: state.setSelection,
    setMode: state.setMode,
    flush: state.typing.flush,
    endGroup: state.typing.endGroup,
    copied: () => clipboard.current,
    copy: (cells) => (clipboard.current = cells),
    read: state.read,
  };
  return { docId, docs, run, snapshot: snapshotOf(state, notebook), editor, ...(at ? { at } : {}) };
}

/**
 * The page's wiring to the notebook command registry (commands/notebook/registry): the view state
 * the commands act on, the dialog of those that ask first, and the palette's entries. What each
 * command does, its keys and when it can act are the registry's.
 */
export function useEditorCommands(state: EditorState, name: string) {
  const clipboard = useRef<readonly Cell[]>([]);
  // The commands run from the cell editor's key bindings and later awaits: they read the latest state here.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const [asking, setAsking] = useState<{ id: NotebookCommandId; question: ConfirmQuestion } | null>(null);
  const go = (id: NotebookCommandId, at?: { text: string; offset: number }) => {
    const ctx = contextOf(latest, clipboard, at);
    if (ctx) void runNotebookCommand(id, ctx);
  };
  const perform: Perform = (id, at) => {
    const question = notebookCommand(id).ask?.(name);
    if (question) setAsking({ id, question });
    else go(id, at);
  };
  const confirm = (id: NotebookCommandId) => {
    setAsking(null);
    go(id);
  };
  const dialog: ReactNode = asking && <ConfirmDialog question={asking.question} onCancel={() => setAsking(null)} onConfirm={() => confirm(asking.id)} />;
  const withContext = (act: (ctx: NotebookCommandContext) => Promise<unknown>) => {
    const ctx = contextOf(latest, clipboard);
    if (ctx) void act(ctx);
  };
  return {
    perform,
    dialog,
    /** The cell's own Run button: that cell only, whatever is selected. */
    runCell: (id: string) =>
      withContext(async (ctx) => {
        await ctx.editor.flush();
        await runSelected(ctx, 'stay', id);
      }),
    /** The cell's own Stop button: a queued cell leaves the queue, a running one is cancelled (and the kernel interrupted). */
    abortCell: (id: string) => latest.current.run?.abort(id),
    /** A SQL cell's database and schema (one undoable edit of its metadata). */
    placeCell: (id: string, place: CellSqlPlace) => withContext((ctx) => ctx.docs.placeSqlCell(ctx.docId, id, place)),
  };
}

/** The registry's commands for the Ctrl+K palette: those of the view, greyed while they cannot act. */
export function paletteCommands(snapshot: EditorSnapshot, perform: Perform): PageCommand[] {
  return NOTEBOOK_COMMANDS.filter((spec) => spec.palette && (spec.report || snapshot.viewMode === 'code')).map((spec) => ({
    id: `notebook:${spec.id}`,
    label: spec.label,
    shortcut: shortcutOf(spec.id),
    disabled: !spec.enabled(snapshot),
    run: () => perform(spec.id),
  }));
}

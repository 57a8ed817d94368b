import { useEffect, useRef } from 'react';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import type { NotebookRun, RunnableCell } from '../../../commands/notebook/run';
import { cellTypeOf, type CellEdit } from '../../../model/notebookDoc/edits';
import { randomCellId } from '../../../model/nbformat/ids';
import { sqlPlaceOf, withSqlPlace, type CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import type { Cell, Nbformat45 } from '../../../model/nbformat/types';
import type { NotebookCommand } from './keys';
import { clearOutputsEdits, deleteEdit, duplicateEdit, insertEdit, mergeEdit, moveEdit, pasteEdit, splitEdit, typeEdits } from '../../../model/notebookDoc/operations';
import { afterRemoval, extend, inOrder, selectOne, step, type Selection } from '../../../model/notebookDoc/selection';

export interface EditorState {
  docs: NotebookDocCommands | null;
  docId: string | null;
  notebook: Nbformat45 | null;
  run: NotebookRun | null;
  selection: Selection;
  setSelection: (selection: Selection) => void;
  setMode: (mode: 'command' | 'edit') => void;
  typing: { flush: () => Promise<void>; endGroup: () => void };
  /** The doc as stored now (the live one on screen may not show the last typing yet). */
  read: () => Promise<Nbformat45 | null>;
}

const TYPES = { toCode: 'code', toMarkdown: 'markdown', toRaw: 'raw', toSql: 'sql' } as const;

/** A code cell as the run queue takes it (markdown and raw cells do not run). */
export function runnable(cell: Cell): RunnableCell | null {
  if (cell.cell_type !== 'code') return null;
  if (cellTypeOf(cell) !== 'sql') return { id: cell.id, source: cell.source, language: 'python' };
  const place = sqlPlaceOf(cell);
  return { id: cell.id, source: cell.source, language: 'sql', ...(place ? { place } : {}) };
}

/**
 * What each notebook command does, given the editor's state: edits go through notebook.edit (one
 * undoable event each), runs through the notebook's run. Pending typing is written first, so a
 * run or a save takes what is on screen.
 */
export function useEditorCommands(state: EditorState) {
  const clipboard = useRef<Cell[]>([]);
  // The commands run from the cell editor's key bindings and later awaits: they read the latest state here.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  async function apply(edit: CellEdit | null, group?: string) {
    const { docs, docId } = latest.current;
    if (edit && docs && docId) await docs.edit(docId, edit, group === undefined ? {} : { group });
  }

  /** Several edits as one undo step. */
  async function applyAll(edits: CellEdit[], name: string) {
    const group = `${name}:${Date.now()}`;
    for (const edit of edits) await apply(edit, group);
  }

  async function runAll(restart: boolean) {
    const { run, read, notebook } = latest.current;
    const cells = ((await read()) ?? notebook)?.cells.flatMap((cell) => runnable(cell) ?? []) ?? [];
    if (!run) return;
    if (restart) return run.restartAndRunAll(cells);
    return run.run(cells);
  }

  async function runSelected(after: 'stay' | 'next' | 'insert', only?: string) {
    const { run, selection, setSelection, typing, read } = latest.current;
    await typing.flush();
    const fresh = await read();
    if (!fresh || !run) return;
    const order = fresh.cells.map((cell) => cell.id);
    const chosen = only ? [only] : inOrder(selection, order);
    void run.run(fresh.cells.filter((cell) => chosen.includes(cell.id)).flatMap((cell) => runnable(cell) ?? []));
    const last = chosen[chosen.length - 1] ?? null;
    if (after === 'next') {
      const next = order[order.indexOf(last ?? '') + 1];
      if (next) setSelection(selectOne(next));
      else await insert('below', last);
    }
    if (after === 'insert') await insert('below', last);
  }

  async function insert(where: 'above' | 'below', at: string | null) {
    const { notebook, setSelection } = latest.current;
    if (!notebook) return;
    const id = randomCellId();
    // Chosen before the edit lands, so keys pressed meanwhile (Enter, typing) go to the new cell.
    setSelection(selectOne(id));
    await apply(insertEdit(notebook, at, where, id));
  }

  /** A change that may take cells away (cut, delete, undo, redo): a cell stays active after it. */
  async function removing(change: () => Promise<unknown>) {
    const { notebook, selection } = latest.current;
    const before = notebook?.cells.map((cell) => cell.id) ?? [];
    await change();
    const after = (await latest.current.read())?.cells.map((cell) => cell.id);
    if (after) latest.current.setSelection(afterRemoval(selection, before, after));
  }

  async function perform(command: NotebookCommand, at?: { text: string; offset: number }) {
    // What was typed goes first: a command acts on the text on screen.
    if (command !== 'edit') await latest.current.typing.flush();
    const { notebook, docs, docId, selection, setSelection, setMode, typing } = latest.current;
    if (!notebook || !docs || !docId) return;
    const order = notebook.cells.map((cell) => cell.id);
    const chosen = inOrder(selection, order);
    const active = selection.active;
    switch (command) {
      case 'edit':
        return setMode('edit');
      case 'command':
        typing.endGroup();
        return setMode('command');
      case 'insertAbove':
        return insert('above', active);
      case 'insertBelow':
        return insert('below', active);
      case 'delete':
        return removing(() => apply(deleteEdit(notebook, chosen, randomCellId)));
      case 'toCode':
      case 'toMarkdown':
      case 'toRaw':
      case 'toSql':
        return applyAll(typeEdits(notebook, chosen, TYPES[command]), 'type');
      case 'duplicate':
        return apply(duplicateEdit(notebook, chosen, randomCellId));
      case 'moveUp':
      case 'moveDown':
        return apply(moveEdit(notebook, chosen, command === 'moveUp' ? -1 : 1));
      case 'clearOutputs':
        return applyAll(clearOutputsEdits(notebook), 'clear');
      case 'runAll':
      case 'restartAndRunAll':
        return runAll(command === 'restartAndRunAll');
      case 'shutdown':
        return latest.current.run?.shutdown();
      case 'copy':
      case 'cut':
        clipboard.current = notebook.cells.filter((cell) => chosen.includes(cell.id));
        if (command === 'cut') await removing(() => apply(deleteEdit(notebook, chosen, randomCellId)));
        return;
      case 'pasteAbove':
      case 'pasteBelow':
        return apply(pasteEdit(notebook, active, command === 'pasteAbove' ? 'above' : 'below', clipboard.current, randomCellId));
      case 'undo':
        return removing(() => docs.undo(docId));
      case 'redo':
        return removing(() => docs.redo(docId));
      case 'merge':
        return apply(mergeEdit(notebook, chosen.length > 1 ? chosen : order.slice(order.indexOf(active ?? ''), order.indexOf(active ?? '') + 2)));
      case 'split':
        await typing.flush();
        return apply(active && at ? splitEdit((await latest.current.read()) ?? notebook, active, [at.offset], randomCellId) : null);
      case 'run':
        return runSelected('stay');
      case 'runAndSelectNext':
        return runSelected('next');
      case 'runAndInsert':
        return runSelected('insert');
      case 'save':
        await typing.flush();
        return void docs.save(docId);
      case 'interrupt':
        return latest.current.run?.interrupt();
      case 'restart':
        return latest.current.run?.restart();
      case 'selectUp':
      case 'selectDown':
        return setSelection(step(selection, order, command === 'selectUp' ? -1 : 1));
      case 'extendUp':
      case 'extendDown':
        return setSelection(extend(selection, order, command === 'extendUp' ? -1 : 1));
    }
  }

  return {
    perform,
    /** The cell's own Run button: that cell only, whatever is selected. */
    runCell: (id: string) => runSelected('stay', id),
    /** The cell's own Stop button: a queued cell leaves the queue, a running one is cancelled (and the kernel interrupted). */
    abortCell: (id: string) => latest.current.run?.abort(id),
    /** A SQL cell's database and schema (one undoable edit of its metadata). */
    placeCell(id: string, place: CellSqlPlace) {
      const cell = latest.current.notebook?.cells.find((one) => one.id === id);
      return cell ? apply({ op: 'cellMetadata', id, metadata: withSqlPlace(cell.metadata, place) }) : Promise.resolve();
    },
  };
}

import { cellTypeOf } from '../../../model/notebookDoc/edits';
import { afterRemoval, inOrder, selectOne } from '../../../model/notebookDoc/selection';
import { sqlPlaceOf } from '../../../model/nbformat/sqlPlace';
import type { Cell } from '../../../model/nbformat/types';
import { randomCellId } from '../../../model/nbformat/ids';
import type { RunnableCell } from '../run';
import type { NotebookCommandContext } from './types';

/**
 * What several notebook commands share: the selected cells, inserting (the new cell selected at
 * once), removing (a cell stays active after), and running the selected cells or all of them.
 */

/** A code cell as the run queue takes it (markdown and raw cells do not run). */
export function runnable(cell: Cell): RunnableCell | null {
  if (cell.cell_type !== 'code') return null;
  if (cellTypeOf(cell) !== 'sql') return { id: cell.id, source: cell.source, language: 'python' };
  const place = sqlPlaceOf(cell);
  return { id: cell.id, source: cell.source, language: 'sql', ...(place ? { place } : {}) };
}

/** The selected cells' ids, in the order on screen (the intents keep the stored order). */
export function chosen({ snapshot }: NotebookCommandContext): string[] {
  return inOrder(snapshot.selection, snapshot.notebook.cells.map((cell) => cell.id));
}

export async function insert(ctx: NotebookCommandContext, where: 'above' | 'below', at: string | null) {
  const id = randomCellId();
  // Chosen before the edit lands, so keys pressed meanwhile (Enter, typing) go to the new cell.
  ctx.editor.select(selectOne(id));
  return ctx.docs.insertCell(ctx.docId, at, where, id);
}

/** A change that may take cells away (cut, delete, undo, redo): a cell stays active after it. */
export async function removing(ctx: NotebookCommandContext, change: () => Promise<unknown>) {
  const before = ctx.snapshot.notebook.cells.map((cell) => cell.id);
  await change();
  const after = (await ctx.editor.read())?.cells.map((cell) => cell.id);
  if (after) ctx.editor.select(afterRemoval(ctx.snapshot.selection, before, after));
}

/** Runs the selected cells (or `only` that one) as stored, then stays, selects the next cell or inserts one below. */
export async function runSelected(ctx: NotebookCommandContext, after: 'stay' | 'next' | 'insert', only?: string) {
  const fresh = await ctx.editor.read();
  if (!fresh || !ctx.run) return;
  const order = fresh.cells.map((cell) => cell.id);
  const ids = only ? [only] : inOrder(ctx.editor.selection(), order);
  void ctx.run.run(fresh.cells.filter((cell) => ids.includes(cell.id)).flatMap((cell) => runnable(cell) ?? []));
  const last = ids[ids.length - 1] ?? null;
  const next = order[order.indexOf(last ?? '') + 1];
  if (after === 'next' && next) ctx.editor.select(selectOne(next));
  else if (after !== 'stay') await insert(ctx, 'below', last);
}

export async function runAll(ctx: NotebookCommandContext, restart: boolean) {
  const cells = ((await ctx.editor.read()) ?? ctx.snapshot.notebook).cells.flatMap((cell) => runnable(cell) ?? []);
  if (!ctx.run) return;
  return restart ? ctx.run.restartAndRunAll(cells) : ctx.run.run(cells);
}

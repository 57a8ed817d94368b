import type { EditableType } from '../../../model/notebookDoc/edits';
import { extend, step } from '../../../model/notebookDoc/selection';
import { chosen, insert, removing, runAll, runSelected } from './actions';
import type { EditorSnapshot, KeySpec, NotebookCommandContext, NotebookCommandSpec } from './types';

type Spec = Omit<NotebookCommandSpec, 'id' | 'palette' | 'report' | 'enabled' | 'keys'> & Partial<Pick<NotebookCommandSpec, 'palette' | 'report' | 'enabled' | 'keys'>>;

const always = () => true;
const hasRun = (snapshot: EditorSnapshot) => snapshot.kernel !== null;
/** A kernel runs (or starts): interrupting, restarting or shutting it down means something. */
const kernelUp = (snapshot: EditorSnapshot) => snapshot.kernel !== null && !['none', 'shutDown'].includes(snapshot.kernel);

const key = (name: string, extra: Omit<KeySpec, 'key'> = {}): KeySpec => ({ key: name, ...extra });
const anyMode = (name: string, extra: Omit<KeySpec, 'key' | 'mode'> = {}) => key(name, { ...extra, mode: 'both' });
const lostVariables = (title: string, what: string, confirm: string) => (notebook: string) => ({ title, text: `Do you want to ${what.replace('{}', notebook)}? All variables will be lost.`, confirm });

const retype = (to: EditableType) => (ctx: NotebookCommandContext) => ctx.docs.changeType(ctx.docId, chosen(ctx), to);
const moving = (by: -1 | 1) => (ctx: NotebookCommandContext) => ctx.docs.moveCells(ctx.docId, chosen(ctx), by);
const pasting = (where: 'above' | 'below') => (ctx: NotebookCommandContext) => ctx.docs.pasteCells(ctx.docId, ctx.snapshot.selection.active, where, ctx.editor.copied());
const selecting = (move: typeof step, by: -1 | 1) => ({ snapshot, editor }: NotebookCommandContext) => editor.select(move(snapshot.selection, snapshot.notebook.cells.map((cell) => cell.id), by));

/**
 * Flushed again right before the save, as the editor always did: a save's transaction begun in the
 * same turn as the typing's last edit ended fails in the browser (Dexie: PrematureCommitError).
 */
async function save({ editor, docs, docId }: NotebookCommandContext) {
  await editor.flush();
  void docs.save(docId);
}

/** Ctrl+Shift+-: the active cell cut at the cursor of its editor. */
async function split({ at, snapshot, docs, docId }: NotebookCommandContext) {
  const active = snapshot.selection.active;
  if (at && active) await docs.splitCell(docId, active, [at.offset]);
}

/** Jupyter's notebook commands, in the palette's order (those it does not list last). */
const SPECS = {
  run: { label: 'Run cell', keys: [anyMode('enter', { mod: true })], report: true, enabled: hasRun, run: (ctx) => runSelected(ctx, 'stay') },
  runAndSelectNext: { label: 'Run cell and select below', tool: 'Run', keys: [anyMode('enter', { shift: true })], enabled: hasRun, run: (ctx) => runSelected(ctx, 'next') },
  runAndInsert: { label: 'Run cell and insert below', keys: [anyMode('enter', { alt: true })], enabled: hasRun, run: (ctx) => runSelected(ctx, 'insert') },
  runAll: { label: 'Run all', report: true, enabled: hasRun, run: (ctx) => runAll(ctx, false) },
  interrupt: { label: 'Interrupt kernel', tool: 'Interrupt', keys: [key('i', { twice: true })], report: true, enabled: kernelUp, run: (ctx) => ctx.run?.interrupt() },
  restart: {
    label: 'Restart kernel',
    tool: 'Restart',
    keys: [key('0', { twice: true })],
    report: true,
    enabled: kernelUp,
    ask: lostVariables('Restart Kernel?', 'restart the kernel of {}', 'Restart'),
    run: (ctx) => ctx.run?.restart(),
  },
  restartAndRunAll: {
    label: 'Restart and run all',
    tool: 'Restart & run all',
    report: true,
    enabled: kernelUp,
    ask: lostVariables('Restart Kernel?', 'restart the kernel of {} and run all cells', 'Restart and run all'),
    run: (ctx) => runAll(ctx, true),
  },
  shutdown: {
    label: 'Shut down kernel',
    tool: 'Shut down',
    report: true,
    enabled: kernelUp,
    ask: lostVariables('Shut Down Kernel?', 'shut down the kernel of {}', 'Shut Down'),
    run: (ctx) => ctx.run?.shutdown(),
  },
  insertAbove: { label: 'Insert cell above', keys: [key('a')], run: (ctx) => insert(ctx, 'above', ctx.snapshot.selection.active) },
  insertBelow: { label: 'Insert cell below', tool: 'Insert', keys: [key('b')], run: (ctx) => insert(ctx, 'below', ctx.snapshot.selection.active) },
  delete: { label: 'Delete cells', keys: [key('d', { twice: true })], run: (ctx) => removing(ctx, () => ctx.docs.deleteCells(ctx.docId, chosen(ctx))) },
  cut: {
    label: 'Cut cells',
    tool: 'Cut',
    keys: [key('x')],
    run: (ctx) =>
      removing(ctx, async () => {
        const cut = await ctx.docs.cutCells(ctx.docId, chosen(ctx));
        if (cut.ok) ctx.editor.copy(cut.cells);
      }),
  },
  copy: { label: 'Copy cells', tool: 'Copy', keys: [key('c')], run: async (ctx) => ctx.editor.copy(await ctx.docs.copyCells(ctx.docId, chosen(ctx))) },
  pasteBelow: { label: 'Paste cells below', tool: 'Paste', keys: [key('v')], run: pasting('below') },
  pasteAbove: { label: 'Paste cells above', keys: [key('v', { shift: true })], run: pasting('above') },
  duplicate: { label: 'Duplicate cells', tool: 'Duplicate', run: (ctx) => ctx.docs.duplicateCells(ctx.docId, chosen(ctx)) },
  moveUp: { label: 'Move cells up', tool: 'Move up', run: moving(-1) },
  moveDown: { label: 'Move cells down', tool: 'Move down', run: moving(1) },
  merge: { label: 'Merge cells', keys: [key('m', { shift: true })], run: (ctx) => ctx.docs.mergeCells(ctx.docId, chosen(ctx), ctx.snapshot.selection.active) },
  toCode: { label: 'Change to Code', keys: [key('y')], run: retype('code') },
  toSql: { label: 'Change to SQL', run: retype('sql') },
  toMarkdown: { label: 'Change to Markdown', keys: [key('m')], run: retype('markdown') },
  toRaw: { label: 'Change to Raw', keys: [key('r')], run: retype('raw') },
  clearOutputs: { label: 'Clear all outputs', tool: 'Clear all outputs', run: (ctx) => ctx.docs.clearOutputs(ctx.docId) },
  save: { label: 'Save', tool: 'Save', keys: [anyMode('s', { mod: true })], report: true, run: save },
  undo: { label: 'Undo', tool: 'Undo', keys: [key('z')], run: (ctx) => removing(ctx, () => ctx.docs.undo(ctx.docId)) },
  redo: { label: 'Redo', tool: 'Redo', keys: [key('z', { shift: true })], run: (ctx) => removing(ctx, () => ctx.docs.redo(ctx.docId)) },
  split: {
    label: 'Split cell',
    keys: [anyMode('-', { mod: true, shift: true }), anyMode('_', { mod: true, shift: true })],
    palette: false,
    run: split,
  },
  edit: { label: 'Edit cell', keys: [key('enter')], palette: false, run: (ctx) => ctx.editor.setMode('edit') },
  command: {
    label: 'Command mode',
    keys: [key('escape', { mode: 'edit' })],
    palette: false,
    run: ({ editor }) => {
      editor.endGroup();
      editor.setMode('command');
    },
  },
  selectUp: { label: 'Select cell above', keys: [key('arrowup'), key('k')], palette: false, report: true, run: selecting(step, -1) },
  selectDown: { label: 'Select cell below', keys: [key('arrowdown'), key('j')], palette: false, report: true, run: selecting(step, 1) },
  extendUp: { label: 'Extend selection above', keys: [key('arrowup', { shift: true }), key('k', { shift: true })], palette: false, run: selecting(extend, -1) },
  extendDown: { label: 'Extend selection below', keys: [key('arrowdown', { shift: true }), key('j', { shift: true })], palette: false, run: selecting(extend, 1) },
} satisfies Record<string, Spec>;

export type NotebookCommandId = keyof typeof SPECS;

/** Every notebook command, defaults filled in: in the palette, not in the report view, enabled, no keys. */
export const NOTEBOOK_COMMANDS: readonly NotebookCommandSpec<NotebookCommandId>[] = Object.entries(SPECS).map(([id, spec]: [string, Spec]) => {
  const own = spec.enabled ?? always;
  const report = spec.report ?? false;
  return { ...spec, id: id as NotebookCommandId, keys: spec.keys ?? [], palette: spec.palette ?? true, report, enabled: (snapshot) => (report || snapshot.viewMode === 'code') && own(snapshot) };
});

const BY_ID = new Map(NOTEBOOK_COMMANDS.map((spec) => [spec.id, spec]));

export function notebookCommand(id: NotebookCommandId): NotebookCommandSpec<NotebookCommandId> {
  return BY_ID.get(id)!;
}

/**
 * Runs the command when it can act: what was typed is written first (a command acts on the text
 * on screen), except for entering edit mode. Asking first (restart, shut down) is the page's.
 */
export async function runNotebookCommand(id: NotebookCommandId, ctx: NotebookCommandContext): Promise<void> {
  const spec = notebookCommand(id);
  if (!spec.enabled(ctx.snapshot)) return;
  if (id !== 'edit') await ctx.editor.flush();
  await spec.run(ctx);
}

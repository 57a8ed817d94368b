import { describe, expect, it, vi } from 'vitest';
import { selectOne } from '../../../model/notebookDoc/selection';
import type { Nbformat45 } from '../../../model/nbformat/types';
import { commandFor, editorBindings, keyText, shortcutOf } from './keymap';
import { NOTEBOOK_COMMANDS, notebookCommand, runNotebookCommand } from './registry';
import type { EditorSnapshot, KeySpec, NotebookCommandContext } from './types';

const notebook: Nbformat45 = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ id: 'a', cell_type: 'code', metadata: {}, source: '', outputs: [], execution_count: null }] };
const snapshot = (extra: Partial<EditorSnapshot> = {}): EditorSnapshot => ({ notebook, selection: selectOne('a'), viewMode: 'code', kernel: 'idle', ...extra });
const modes = (spec: KeySpec) => (spec.mode === 'both' ? (['command', 'edit'] as const) : ([spec.mode ?? 'command'] as const));

describe('the notebook command registry', () => {
  it('gives every command an id, a label and keys, ids and labels once each', () => {
    const ids = NOTEBOOK_COMMANDS.map((spec) => spec.id);
    const labels = NOTEBOOK_COMMANDS.map((spec) => spec.label);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(labels).size).toBe(labels.length);
    for (const spec of NOTEBOOK_COMMANDS) expect(spec.label.trim()).not.toBe('');
  });

  it('binds each key (with its modifiers, in each mode) to one command only', () => {
    const seen = new Map<string, string>();
    for (const spec of NOTEBOOK_COMMANDS)
      for (const key of spec.keys)
        for (const mode of modes(key)) {
          const name = `${mode}:${keyText(key)}`;
          expect(seen.get(name), name).toBeUndefined();
          seen.set(name, spec.id);
        }
  });

  it('the keymap answers every key the registry lists with its command (two-key ones on the second press)', () => {
    for (const spec of NOTEBOOK_COMMANDS)
      for (const key of spec.keys)
        for (const mode of modes(key)) {
          const press = { key: key.key, shift: !!key.shift, mod: !!key.mod, alt: !!key.alt };
          const first = commandFor(press, mode, null);
          const answer = key.twice ? commandFor(press, mode, first.pending) : first;
          expect(answer.command, `${spec.id} ${keyText(key)}`).toBe(spec.id);
        }
  });

  it('hints each command by its first key, and the cell editor binds the keys that count while typing', () => {
    expect(shortcutOf('run')).toBe('Ctrl+Enter');
    expect(shortcutOf('delete')).toBe('D, D');
    expect(shortcutOf('pasteAbove')).toBe('Shift+V');
    expect(shortcutOf('duplicate')).toBeUndefined();
    expect(editorBindings().map(({ key, id }) => `${key} ${id}`)).toEqual(
      expect.arrayContaining(['Mod-Enter run', 'Shift-Enter runAndSelectNext', 'Alt-Enter runAndInsert', 'Mod-s save', 'Mod-Shift-- split']),
    );
  });

  it('in the report view enables only what leaves the cells as they are', () => {
    const report = snapshot({ viewMode: 'report' });
    const enabled = NOTEBOOK_COMMANDS.filter((spec) => spec.enabled(report)).map((spec) => spec.id);
    expect(enabled).toEqual(['run', 'runAll', 'interrupt', 'restart', 'restartAndRunAll', 'shutdown', 'save', 'selectUp', 'selectDown']);
  });

  it('enables the kernel commands only while a kernel is up, runs once the notebook can run', () => {
    expect(notebookCommand('interrupt').enabled(snapshot({ kernel: 'none' }))).toBe(false);
    expect(notebookCommand('run').enabled(snapshot({ kernel: 'none' }))).toBe(true);
    expect(notebookCommand('run').enabled(snapshot({ kernel: null }))).toBe(false);
    expect(notebookCommand('shutdown').enabled(snapshot())).toBe(true);
  });

  it('asks first for what loses the kernel’s variables, naming the notebook', () => {
    expect(notebookCommand('restart').ask?.('sales.ipynb')).toEqual({
      title: 'Restart Kernel?',
      text: 'Do you want to restart the kernel of sales.ipynb? All variables will be lost.',
      confirm: 'Restart',
    });
    expect(notebookCommand('restartAndRunAll').ask?.('a.ipynb').text).toContain('and run all cells');
    expect(notebookCommand('shutdown').ask?.('a.ipynb')).toMatchObject({ title: 'Shut Down Kernel?', confirm: 'Shut Down' });
    const asking = NOTEBOOK_COMMANDS.filter((spec) => spec.ask).map((spec) => spec.id);
    expect(asking).toEqual(['restart', 'restartAndRunAll', 'shutdown']);
  });

  it('writes the typing first and calls the intent with the selected cells; a disabled command does nothing', async () => {
    const deleteCells = vi.fn(async () => ({ ok: true, events: [] }));
    const flush = vi.fn(async () => {});
    const ctx = {
      docId: 'd',
      docs: { deleteCells },
      run: null,
      snapshot: snapshot(),
      editor: { flush, read: async () => notebook, select: vi.fn(), selection: () => selectOne('a') },
    } as unknown as NotebookCommandContext;
    await runNotebookCommand('delete', ctx);
    expect(flush).toHaveBeenCalledOnce();
    expect(deleteCells).toHaveBeenCalledWith('d', ['a']);
    await runNotebookCommand('delete', { ...ctx, snapshot: snapshot({ viewMode: 'report' }) });
    expect(deleteCells).toHaveBeenCalledOnce();
  });
});

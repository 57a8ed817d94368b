import { describe, expect, it } from 'vitest';
import type { Nbformat45 } from '../nbformat/types';
import { applyEdit as apply, invertEdit } from './edits';
import { clearOutputsEdits, deleteEdit, duplicateEdit, emptyCode, insertEdit, moveEdit, pasteEdit } from './operations';

const notebook = (...ids: string[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: ids.map((id) => ({ ...emptyCode(id), source: id })) });
const order = (nb: Nbformat45) => nb.cells.map((cell) => cell.id);

describe('notebook operations', () => {
  it('inserts above and below the active cell', () => {
    const nb = notebook('a', 'b');
    expect(order(apply(nb, insertEdit(nb, 'b', 'above', 'n')))).toEqual(['a', 'n', 'b']);
    expect(order(apply(nb, insertEdit(nb, 'b', 'below', 'n')))).toEqual(['a', 'b', 'n']);
    expect(order(apply(nb, insertEdit(nb, null, 'below', 'n')))).toEqual(['a', 'b', 'n']);
  });

  it('deletes cells, leaving one empty cell when all go', () => {
    const nb = notebook('a', 'b', 'c');
    expect(order(apply(nb, deleteEdit(nb, ['b'], () => 'x')!))).toEqual(['a', 'c']);
    expect(order(apply(nb, deleteEdit(nb, ['a', 'b', 'c'], () => 'x')!))).toEqual(['x']);
    expect(deleteEdit(nb, ['nope'], () => 'x')).toBeNull();
  });

  it('moves cells together, not past either end', () => {
    const nb = notebook('a', 'b', 'c');
    expect(order(apply(nb, moveEdit(nb, ['b', 'c'], -1)!))).toEqual(['b', 'c', 'a']);
    expect(order(apply(nb, moveEdit(nb, ['a'], 1)!))).toEqual(['b', 'a', 'c']);
    expect(moveEdit(nb, ['a'], -1)).toBeNull();
    expect(moveEdit(nb, ['c'], 1)).toBeNull();
  });

  it('pastes copies with new ids', () => {
    const nb = notebook('a', 'b');
    let n = 0;
    const pasted = apply(nb, pasteEdit(nb, 'a', 'below', [nb.cells[1]], () => `p${n++}`)!);
    expect(order(pasted)).toEqual(['a', 'p0', 'b']);
    expect(pasted.cells[1].source).toBe('b');
  });

  it('duplicates the selected cells below the last of them, with new ids and their outputs; undo removes the copies', () => {
    const nb = notebook('a', 'b', 'c');
    nb.cells[0] = { id: 'a', cell_type: 'code', metadata: {}, source: 'a', execution_count: 1, outputs: [{ output_type: 'stream', name: 'stdout', text: '1' }] };
    let n = 0;
    const edit = duplicateEdit(nb, ['a', 'b'], () => `n${++n}`)!;
    const after = apply(nb, edit);
    expect(order(after)).toEqual(['a', 'b', 'n1', 'n2', 'c']);
    expect(after.cells[2]).toMatchObject({ source: 'a', execution_count: 1, outputs: [{ text: '1' }] });
    expect(order(apply(after, invertEdit(nb, edit)))).toEqual(['a', 'b', 'c']);
    expect(duplicateEdit(nb, ['gone'], () => 'x')).toBeNull();
  });

  it('clears the outputs and counts of the code cells that have any, and only those', () => {
    const nb = notebook('a', 'b');
    nb.cells[1] = { id: 'b', cell_type: 'code', metadata: {}, source: 'b', execution_count: 3, outputs: [{ output_type: 'stream', name: 'stdout', text: 'x' }] };
    const edits = clearOutputsEdits(nb);
    expect(edits).toEqual([{ op: 'outputs', id: 'b', outputs: [], executionCount: null }]);
    const cleared = edits.reduce(apply, nb);
    expect(cleared.cells[1]).toMatchObject({ outputs: [], execution_count: null });
    expect(clearOutputsEdits(cleared)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../notebook/edits';
import type { Nbformat45 } from '../../../notebook/types';
import { deleteEdit, emptyCode, insertEdit, moveEdit, pasteEdit } from './operations';

const notebook = (...ids: string[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: ids.map((id) => ({ ...emptyCode(id), source: id })) });
const order = (nb: Nbformat45) => nb.cells.map((cell) => cell.id);

describe('notebook operations', () => {
  it('inserts above and below the active cell', () => {
    const nb = notebook('a', 'b');
    expect(order(applyEdit(nb, insertEdit(nb, 'b', 'above', 'n')))).toEqual(['a', 'n', 'b']);
    expect(order(applyEdit(nb, insertEdit(nb, 'b', 'below', 'n')))).toEqual(['a', 'b', 'n']);
    expect(order(applyEdit(nb, insertEdit(nb, null, 'below', 'n')))).toEqual(['a', 'b', 'n']);
  });

  it('deletes cells, leaving one empty cell when all go', () => {
    const nb = notebook('a', 'b', 'c');
    expect(order(applyEdit(nb, deleteEdit(nb, ['b'], () => 'x')!))).toEqual(['a', 'c']);
    expect(order(applyEdit(nb, deleteEdit(nb, ['a', 'b', 'c'], () => 'x')!))).toEqual(['x']);
    expect(deleteEdit(nb, ['nope'], () => 'x')).toBeNull();
  });

  it('moves cells together, not past either end', () => {
    const nb = notebook('a', 'b', 'c');
    expect(order(applyEdit(nb, moveEdit(nb, ['b', 'c'], -1)!))).toEqual(['b', 'c', 'a']);
    expect(order(applyEdit(nb, moveEdit(nb, ['a'], 1)!))).toEqual(['b', 'a', 'c']);
    expect(moveEdit(nb, ['a'], -1)).toBeNull();
    expect(moveEdit(nb, ['c'], 1)).toBeNull();
  });

  it('pastes copies with new ids', () => {
    const nb = notebook('a', 'b');
    let n = 0;
    const pasted = applyEdit(nb, pasteEdit(nb, 'a', 'below', [nb.cells[1]], () => `p${n++}`)!);
    expect(order(pasted)).toEqual(['a', 'p0', 'b']);
    expect(pasted.cells[1].source).toBe('b');
  });
});

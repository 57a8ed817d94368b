import { describe, expect, it } from 'vitest';
import { applyEdit, cellTypeOf, invertEdit, type CellEdit } from './edits';
import { mergeEdit, splitEdit } from './operations';
import type { Cell, Nbformat45 } from '../nbformat/types';

const code = (id: string, source = id): Cell => ({
  id,
  cell_type: 'code',
  metadata: {},
  source,
  outputs: [{ output_type: 'stream', name: 'stdout', text: `${id}\n` }],
  execution_count: 1,
});
const markdown = (id: string, source = `# ${id}`): Cell => ({ id, cell_type: 'markdown', metadata: {}, source });
const notebook = (...cells: Cell[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3' } }, cells });
const ids = (nb: Nbformat45) => nb.cells.map((cell) => cell.id).join(' ');

/** Applying an edit and then its inverse gives the notebook back, exactly. */
function roundTrip(nb: Nbformat45, edit: CellEdit) {
  const after = applyEdit(nb, edit);
  expect(applyEdit(after, invertEdit(nb, edit))).toEqual(nb);
  return after;
}

const base = notebook(code('a'), markdown('b'), code('c'), code('d'));

describe('cell edits and their inverses', () => {
  it('inserts cells at positions of the result, and undoes it', () => {
    const after = roundTrip(base, { op: 'replace', remove: [], insert: [{ index: 0, cell: code('x') }, { index: 3, cell: code('y') }] });
    expect(ids(after)).toBe('x a b y c d');
  });

  it('deletes scattered cells and restores each where it was', () => {
    expect(ids(roundTrip(base, { op: 'replace', remove: ['a', 'c'], insert: [] }))).toBe('b d');
  });

  it('moves a block of cells, and a move is undone exactly even when the order was unusual', () => {
    expect(ids(roundTrip(base, { op: 'move', ids: ['c', 'd'], index: 0 }))).toBe('c d a b');
    expect(ids(roundTrip(base, { op: 'move', ids: ['a'], index: 3 }))).toBe('b c d a');
    expect(ids(roundTrip(base, { op: 'move', ids: ['b'], index: 99 }))).toBe('a c d b');
  });

  it('undoes a move without losing a cell another tab inserted meanwhile', () => {
    const movedNb = applyEdit(base, { op: 'move', ids: ['a'], index: 3 });
    const inverse = invertEdit(base, { op: 'move', ids: ['a'], index: 3 });
    const withNew = applyEdit(movedNb, { op: 'replace', remove: [], insert: [{ index: 1, cell: code('n') }] });
    expect(ids(withNew)).toBe('b n c d a');
    expect(ids(applyEdit(withNew, inverse))).toBe('a b n c d');
  });

  it('changes a source and undoes it', () => {
    expect(roundTrip(base, { op: 'source', id: 'b', source: '## new' }).cells[1].source).toBe('## new');
  });

  it('types as text operations on the cell’s text, and undoes them exactly', () => {
    const typed = roundTrip(base, { op: 'text', id: 'b', changes: [{ from: 0, to: 1, insert: '##' }, { from: 3, to: 3, insert: ' more' }] });
    expect(typed.cells[1].source).toBe('## b more');
    expect(applyEdit(base, { op: 'text', id: 'gone', changes: [{ from: 0, to: 0, insert: 'x' }] })).toBe(base);
  });

  it('changes a type (code, markdown, raw, sql) and undo brings back the outputs', () => {
    const toMarkdown = roundTrip(base, { op: 'type', id: 'a', to: 'markdown' });
    expect(toMarkdown.cells[0]).toEqual({ id: 'a', cell_type: 'markdown', metadata: {}, source: 'a' });
    const toSql = roundTrip(base, { op: 'type', id: 'c', to: 'sql' });
    expect(toSql.cells[2]).toMatchObject({ cell_type: 'code', metadata: { language: 'sql' }, outputs: [] });
    expect(cellTypeOf(toSql.cells[2])).toBe('sql');
    const backToCode = applyEdit(toSql, { op: 'type', id: 'c', to: 'code' });
    expect(backToCode.cells[2].metadata).toEqual({});
    expect(applyEdit(base, { op: 'type', id: 'c', to: 'code' })).toBe(base);
  });

  it('sets outputs with their count, and clears them', () => {
    const cleared = roundTrip(base, { op: 'outputs', id: 'a', outputs: [], executionCount: null });
    expect(cleared.cells[0]).toMatchObject({ outputs: [], execution_count: null });
    expect(applyEdit(base, { op: 'outputs', id: 'b', outputs: [], executionCount: 3 })).toEqual(base);
  });

  it('replaces the notebook metadata and undoes it', () => {
    expect(roundTrip(base, { op: 'metadata', metadata: { kernelspec: { name: 'ir' } } }).metadata).toEqual({ kernelspec: { name: 'ir' } });
  });

  it("replaces one cell's metadata (a SQL cell's place) and undoes it; a gone cell is left alone", () => {
    const after = roundTrip(base, { op: 'cellMetadata', id: 'c', metadata: { language: 'sql', sql: { database_id: 1, schema: 'gaming' } } });
    expect(after.cells[2].metadata).toEqual({ language: 'sql', sql: { database_id: 1, schema: 'gaming' } });
    expect(after.cells[0]).toBe(base.cells[0]);
    expect(applyEdit(base, { op: 'cellMetadata', id: 'gone', metadata: {} })).toBe(base);
  });

  it('leaves the notebook as it is for cells another tab deleted, and never inserts a cell twice', () => {
    expect(applyEdit(base, { op: 'source', id: 'gone', source: 'x' })).toBe(base);
    expect(ids(applyEdit(base, { op: 'replace', remove: ['gone'], insert: [] }))).toBe('a b c d');
    const twice: CellEdit = { op: 'replace', remove: [], insert: [{ index: 0, cell: code('x') }] };
    expect(ids(applyEdit(applyEdit(base, twice), twice))).toBe('x a b c d');
  });
});

describe('merge and split', () => {
  it('merges cells into the first, in notebook order, and undoes it', () => {
    const edit = mergeEdit(base, ['c', 'a'])!;
    const after = roundTrip(base, edit);
    expect(ids(after)).toBe('a b d');
    expect(after.cells[0]).toMatchObject({ id: 'a', source: 'a\nc', outputs: [], execution_count: null });
    expect(mergeEdit(base, ['a'])).toBeNull();
  });

  it('splits a cell at the cursor into cells of its type, the first keeping id and outputs', () => {
    const nb = notebook(code('a', 'x = 1\ny = 2\nz = 3'), markdown('b'));
    let n = 0;
    const edit = splitEdit(nb, 'a', [6, 12], () => `new${++n}`)!;
    const after = roundTrip(nb, edit);
    expect(after.cells.map((cell) => [cell.id, cell.source])).toEqual([
      ['a', 'x = 1'],
      ['new1', 'y = 2'],
      ['new2', 'z = 3'],
      ['b', '# b'],
    ]);
    expect(after.cells[0]).toMatchObject({ outputs: [{ text: 'a\n' }] });
    expect(after.cells[1]).toMatchObject({ outputs: [], execution_count: null });
    expect(splitEdit(nb, 'a', [0], () => 'z')).toBeNull();
    expect(splitEdit(nb, 'gone', [3], () => 'z')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { notebookDiff } from './diff';
import type { Cell, Nbformat45 } from './types';

const code = (id: string, source = id): Cell => ({ id, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
const markdown = (id: string, source = id): Cell => ({ id, cell_type: 'markdown', metadata: {}, source });
const nb = (...cells: Cell[]): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
const summary = (mine: Nbformat45, theirs: Nbformat45) =>
  notebookDiff(mine, theirs).cells.map((d) =>
    d.kind === 'changed' ? `${d.id}:${['source', 'type', 'outputs', 'moved'].filter((k) => d[k as 'source']).join('+')}` : `${d.id}:${d.kind}`,
  );

describe('the cell-by-cell diff of mine and theirs', () => {
  it('is empty for the same notebook', () => {
    const same = nb(code('a'), markdown('b'));
    expect(notebookDiff(same, structuredClone(same))).toEqual({ cells: [], metadata: false });
  });

  it('matches cells by id: added (theirs only), removed (mine only, kept in place), changed source, type and outputs', () => {
    const mine = nb(code('a', 'x = 1'), code('mine'), markdown('b'), code('c'), code('sql'));
    const ran = { ...code('c'), outputs: [{ output_type: 'stream' as const, name: 'stdout', text: '1' }], execution_count: 1 };
    const theirs = nb(code('a', 'x = 2'), code('new'), code('b'), ran, { ...code('sql'), metadata: { language: 'sql' } });
    expect(summary(mine, theirs)).toEqual(['a:source', 'mine:removed', 'new:added', 'b:type', 'c:outputs', 'sql:type']);
  });

  it('a moved cell is marked, not every cell it passed', () => {
    const mine = nb(code('a'), code('b'), code('c'), code('d'), code('e'));
    expect(summary(mine, nb(code('b'), code('c'), code('d'), code('e'), code('a')))).toEqual(['a:moved']);
    expect(summary(mine, nb(code('a'), code('d'), code('b'), code('c'), code('e')))).toEqual(['d:moved']);
  });

  it('says when the notebook metadata differs', () => {
    expect(notebookDiff(nb(), { ...nb(), metadata: { kernelspec: { name: 'ir' } } }).metadata).toBe(true);
  });
});

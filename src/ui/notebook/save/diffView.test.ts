import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../model/nbformat/types';
import { cellDiffView, cellLabel, compactLines, lineDiff } from './diffView';

const code = (id: string, source: string): Cell => ({ id, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
const markdown = (id: string, source: string): Cell => ({ id, cell_type: 'markdown', metadata: {}, source });

describe('lineDiff', () => {
  it('keeps the common lines and marks what only mine or only theirs has', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'theirs', text: 'B' },
      { kind: 'mine', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'theirs', text: 'd' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(lineDiff('', 'x')).toEqual([
      { kind: 'theirs', text: 'x' },
      { kind: 'mine', text: '' },
    ]);
  });

  it('a huge text is shown whole on both sides instead of compared (bounded work)', () => {
    const big = Array.from({ length: 600 }, (_, i) => `line ${i}`).join('\n');
    const lines = lineDiff(big, `${big}\nmore`);
    expect(lines).toHaveLength(1201);
    expect(lines.filter((line) => line.kind === 'same')).toEqual([]);
  });
});

describe('compactLines', () => {
  it('keeps one line of context around each change and folds the rest', () => {
    const lines = lineDiff(['1', '2', '3', '4', '5', '6', '7', '8'].join('\n'), ['1', '2', '3', 'four', '5', '6', '7', '8'].join('\n'));
    expect(compactLines(lines)).toEqual([
      { kind: 'skip', count: 2 },
      { kind: 'same', text: '3' },
      { kind: 'theirs', text: 'four' },
      { kind: 'mine', text: '4' },
      { kind: 'same', text: '5' },
      { kind: 'skip', count: 3 },
    ]);
  });
});

describe('cellDiffView', () => {
  it('says which side has a cell, and for a changed one what differs with its changed lines', () => {
    expect(cellDiffView({ kind: 'added', id: 't', cell: code('t', '\nprint("theirs")') })).toEqual({ id: 't', title: 'Only on the server', label: 'Code: print("theirs")', details: '', lines: [] });
    expect(cellDiffView({ kind: 'removed', id: 'm', cell: markdown('m', '') })).toMatchObject({ title: 'Only in yours', label: 'Markdown (empty)' });
    const view = cellDiffView({ kind: 'changed', id: 'a', mine: code('a', 'x = 1'), theirs: markdown('a', 'x = 2'), source: true, type: true, outputs: false, moved: true });
    expect(view).toMatchObject({ title: 'Changed', label: 'Code: x = 1', details: 'text, type (markdown on the server), place' });
    expect(view.lines).toEqual([
      { kind: 'theirs', text: 'x = 2' },
      { kind: 'mine', text: 'x = 1' },
    ]);
  });

  it('labels long first lines short', () => {
    expect(cellLabel(code('c', 'y'.repeat(100)))).toBe(`Code: ${'y'.repeat(59)}…`);
  });
});

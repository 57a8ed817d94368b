import { describe, expect, it } from 'vitest';
import { parseNotebook, schemaProblem, serializeNotebook } from '../../src/model/nbformat';
import { benchNotebook, runAllNotebook } from './notebookGen';

const outputTypes = (nb: ReturnType<typeof benchNotebook>) =>
  nb.cells.flatMap((cell) => (cell.cell_type === 'code' ? cell.outputs.map((o) => (o.output_type === 'display_data' ? Object.keys(o.data)[0] : o.output_type)) : []));

describe('bench notebooks', () => {
  it('the 1,000-cell notebook is valid nbformat 4.5 as written to its file', () => {
    const file = serializeNotebook(benchNotebook(1000));
    expect(schemaProblem(JSON.parse(file))).toBeNull();
    const parsed = parseNotebook(file, 'big.ipynb');
    expect(parsed.ok && parsed.warnings).toEqual([]);
    expect(parsed.ok && parsed.notebook.cells).toHaveLength(1000);
  });

  it('mixes markdown and code, with stream text, results, an HTML table and a PNG among the outputs', () => {
    const nb = benchNotebook(1000);
    const markdown = nb.cells.filter((cell) => cell.cell_type === 'markdown').length;
    expect(markdown).toBe(200);
    const kinds = outputTypes(nb);
    expect(new Set(kinds)).toEqual(new Set(['stream', 'execute_result', 'text/html', 'image/png']));
    expect(kinds.length).toBeGreaterThan(200);
    expect(new Set(nb.cells.map((cell) => cell.id)).size).toBe(1000);
  });

  it('is the same every time', () => {
    expect(serializeNotebook(benchNotebook(50))).toBe(serializeNotebook(benchNotebook(50)));
  });

  it('the run-all notebook: one-line cells, the last one printing', () => {
    const nb = runAllNotebook(100);
    expect(schemaProblem(JSON.parse(serializeNotebook(nb)))).toBeNull();
    expect(nb.cells.map((cell) => cell.source.split('\n').length)).toEqual([...Array<number>(99).fill(1), 2]);
    expect(nb.cells[99].source).toContain('print("done", x_99)');
  });
});

import { describe, expect, it } from 'vitest';
import { parseNotebook } from './parse';
import { serializeNotebook } from './serialize';
import type { CodeCell, JsonObject, Nbformat45, ParseResult } from './types';

const FILES = import.meta.glob<string>('./fixtures/upgrade/*.ipynb', { query: '?raw', import: 'default', eager: true });
const file = (name: string) => FILES[`./fixtures/upgrade/${name}`];

function counter(): () => string {
  let n = 0;
  return () => `new-${++n}`;
}

function read(name: string): { notebook: Nbformat45; warnings: string[] } {
  const result: ParseResult = parseNotebook(file(name), name, { newCellId: counter() });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('nbformat 4.0–4.4 are upgraded to 4.5', () => {
  it('4.0: ids added, minor raised, the rest kept', () => {
    const { notebook, warnings } = read('v4.0-no-ids.ipynb');
    const original = JSON.parse(file('v4.0-no-ids.ipynb')) as { metadata: JsonObject };
    expect(warnings).toEqual(['Upgraded from nbformat 4.0 to 4.5.']);
    expect([notebook.nbformat, notebook.nbformat_minor]).toEqual([4, 5]);
    expect(notebook.cells.map((c) => c.id)).toEqual(['new-1', 'new-2', 'new-3']);
    expect(notebook.metadata).toEqual(original.metadata);
    expect(notebook.cells[0].source).toBe('## Old notebook\nwritten by nbformat 4.0');
  });

  it('4.2: sources and stream text already written as strings stay whole', () => {
    const cell = read('v4.2-string-sources.ipynb').notebook.cells[0] as CodeCell;
    expect(cell.source).toBe('for i in range(2):\n    print(i)\n');
    expect(cell.outputs).toEqual([{ name: 'stdout', output_type: 'stream', text: '0\n1\n' }]);
  });

  it('4.4: attachments and tags kept', () => {
    const { notebook } = read('v4.4-attachments.ipynb');
    expect(notebook.cells[0].cell_type === 'markdown' && Object.keys(notebook.cells[0].attachments ?? {})).toEqual(['x.png']);
    expect(notebook.cells[1].metadata.tags).toEqual(['t']);
  });

  it('4.5 with repeated, invalid and too long ids: each cell gets a unique valid id', () => {
    const { notebook, warnings } = read('v4.5-duplicate-ids.ipynb');
    expect(notebook.cells.map((c) => c.id)).toEqual(['same', 'new-1', 'new-2', 'new-3', 'new-4']);
    expect(warnings).toEqual(['2 cells had an invalid id: new ids were given.', '2 cells repeated an id: new ids were given.']);
  });

  it('an upgraded notebook exports as 4.5 and imports again unchanged', () => {
    for (const name of Object.keys(FILES).map((k) => k.slice(k.lastIndexOf('/') + 1))) {
      const { notebook } = read(name);
      const again = parseNotebook(serializeNotebook(notebook), name);
      expect(again).toEqual({ ok: true, notebook, warnings: [] });
    }
  });
});

describe('nbformat 3 is converted as Jupyter converts it', () => {
  const { notebook, warnings } = read('v3-worksheets.ipynb');
  const [heading, markdown, code, raw, heading2, code2] = notebook.cells;

  it('merges the worksheets and says it converted', () => {
    expect(warnings).toEqual(['Converted from nbformat 3 to 4.5.']);
    expect([notebook.nbformat, notebook.nbformat_minor]).toEqual([4, 5]);
    expect(notebook.cells.map((c) => c.cell_type)).toEqual(['markdown', 'markdown', 'code', 'raw', 'markdown', 'code']);
    expect(notebook.cells.map((c) => c.id)).toEqual(['new-1', 'new-2', 'new-3', 'new-4', 'new-5', 'new-6']);
    expect(notebook).not.toHaveProperty('worksheets');
  });

  it('heading cells become markdown # headings on one line', () => {
    expect(heading.source).toBe('## Results for Q1');
    expect(heading2.source).toBe('# Second sheet');
    expect(heading).not.toHaveProperty('level');
  });

  it('keeps markdown and raw cells with their metadata', () => {
    expect(markdown).toEqual({ id: 'new-2', cell_type: 'markdown', metadata: { slideshow: { slide_type: 'slide' } }, source: 'Some *text*\non two lines' });
    expect(raw.source).toBe('raw stays raw');
  });

  it('code cells: input → source, prompt_number → execution_count, collapsed → metadata, language dropped', () => {
    expect(code).toMatchObject({ source: 'import json\nprint "hi"\n3', execution_count: 1, metadata: { collapsed: false } });
    expect(code).not.toHaveProperty('input');
    expect(code).not.toHaveProperty('language');
    expect(code2).toMatchObject({ source: 'x = 1', execution_count: null, metadata: { collapsed: true }, outputs: [] });
  });

  it('outputs: stream names, pyout/pyerr, short keys to mime types, JSON text parsed', () => {
    const v3 = JSON.parse(file('v3-worksheets.ipynb')) as { worksheets: { cells: { outputs?: JsonObject[] }[] }[] };
    const png = v3.worksheets[0].cells[2].outputs![2].png;
    expect((code as CodeCell).outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: 'hi\n' },
      { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': ['3'], 'text/html': ['<b>3</b>'] } },
      { output_type: 'display_data', metadata: { 'image/png': { width: 10 } }, data: { 'image/png': png, 'text/plain': ['<Figure>'], 'application/json': { k: [1, 2] } } },
      { output_type: 'error', ename: 'NameError', evalue: "name 'y' is not defined", traceback: ["\u001b[0;31mNameError\u001b[0m: name 'y' is not defined"] },
    ]);
  });

  it('keeps notebook metadata but the v3 name and signature, as Jupyter does', () => {
    expect(notebook.metadata).toEqual({
      kernelspec: { display_name: 'IPython (Python 2)', language: 'python', name: 'python2' },
      custom: { keep: 'me' },
    });
  });

  it('opens a v3 file with no cells as an empty notebook, as Jupyter does', () => {
    const v3 = (rest: JsonObject) => parseNotebook(JSON.stringify({ nbformat: 3, nbformat_minor: 0, metadata: {}, ...rest }), 'empty.ipynb');
    const files: JsonObject[] = [{ worksheets: [{}] }, { worksheets: [{ cells: [] }] }, { worksheets: [] }, {}];
    for (const rest of files) {
      const result = v3(rest);
      expect(result, JSON.stringify(rest)).toMatchObject({ ok: true, notebook: { nbformat: 4, nbformat_minor: 5, cells: [] } });
    }
    const [first, second] = [{ cell_type: 'markdown', source: 'a' }, { cell_type: 'markdown', source: 'b' }];
    const mixed = v3({ worksheets: [{ cells: [first] }, { metadata: {} }, { cells: [second] }] });
    expect(mixed.ok && mixed.notebook.cells.map((cell) => cell.source)).toEqual(['a', 'b']);
  });

  it('refuses a v3 file it cannot convert, with the reason', () => {
    const bad = (worksheets: unknown) => parseNotebook(JSON.stringify({ nbformat: 3, nbformat_minor: 0, metadata: {}, worksheets }), 'old.ipynb');
    expect(bad({})).toEqual({ ok: false, reason: 'nbformat 3: "worksheets" is not a list.' });
    expect(bad([{ cells: 3 }])).toEqual({ ok: false, reason: 'nbformat 3: worksheet 1 has no list of cells.' });
    expect(bad([{ cells: [{ cell_type: 'plaintext', source: 'x' }] }])).toMatchObject({ ok: false, reason: expect.stringContaining('cell 1 has an unknown cell type ("plaintext")') });
    expect(bad([{ cells: [{ cell_type: 'code', input: 'x', outputs: [{ output_type: 'pyout', text: 5 }] }] }])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('cell 1, output 1, data.text/plain: must be string,array'),
    });
  });
});

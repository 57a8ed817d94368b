import { describe, expect, it } from 'vitest';
import { parseNotebook } from './parse';
import { serializeNotebook } from './serialize';
import type { CodeCell, Json, JsonObject, Nbformat45, ParseResult } from './types';

/** Our corpus, as written by Jupyter (sorted keys, one-space indent, sources split into lines). */
const FILES = import.meta.glob<string>('./fixtures/*.ipynb', { query: '?raw', import: 'default', eager: true });
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function counter(): () => string {
  let n = 0;
  return () => `new-${++n}`;
}

function parsed(result: ParseResult): { notebook: Nbformat45; warnings: string[] } {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

const reason = (result: ParseResult) => (result.ok ? 'accepted' : result.reason);

const notebook = (cells: Json[], extra: Record<string, Json | undefined> = {}) =>
  JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells, ...extra });

describe('real-world notebooks', () => {
  it('the corpus holds the kernels users bring', () => {
    const kernels = Object.values(FILES).map((text) => (JSON.parse(text) as { metadata: { kernelspec: { name: string } } }).metadata.kernelspec.name);
    expect(kernels).toEqual(expect.arrayContaining(['ir', 'julia-1.10', 'scala213', 'rust', 'gonb', 'xcpp17', '.net-csharp', 'haskell', 'python3']));
  });

  it.each(Object.entries(FILES).map(([path, text]) => [fileName(path), text]))('%s imports without warnings and exports byte for byte', (name, text) => {
    const { notebook: nb, warnings } = parsed(parseNotebook(text, name));
    expect(warnings).toEqual([]);
    expect(serializeNotebook(nb)).toBe(text);
  });

  it.each(Object.entries(FILES).map(([path, text]) => [fileName(path), text]))('%s keeps every output and all metadata as read', (name, text) => {
    const file = JSON.parse(text) as { metadata: Json; cells: JsonObject[] };
    const { notebook: nb } = parsed(parseNotebook(new TextEncoder().encode(text), name));
    expect(nb.metadata).toEqual(file.metadata);
    nb.cells.forEach((cell, i) => {
      expect(cell.metadata).toEqual(file.cells[i].metadata);
      expect(cell.id).toBe(file.cells[i].id);
      expect(cell.source).toBe((file.cells[i].source as string[]).join(''));
      if (cell.cell_type !== 'code') return expect(cell.attachments).toEqual(file.cells[i].attachments);
      cell.outputs.forEach((output, o) => {
        const read = (file.cells[i].outputs as JsonObject[])[o];
        if (output.output_type === 'stream') expect(output.text).toBe((read.text as string[]).join(''));
        else expect(output).toEqual(read);
      });
    });
  });

  it('keeps widget state, raw cells with their format, attachments, tags and ANSI tracebacks', () => {
    const { notebook: nb } = parsed(parseNotebook(FILES['./fixtures/python-features.ipynb'], 'python-features.ipynb'));
    expect(Object.keys(nb.metadata.widgets as JsonObject)).toEqual(['application/vnd.jupyter.widget-state+json']);
    expect(nb.cells.filter((c) => c.cell_type === 'raw').map((c) => c.metadata.format)).toEqual(['text/latex', 'text/restructuredtext']);
    expect(nb.cells[0].cell_type === 'markdown' && Object.keys(nb.cells[0].attachments ?? {})).toEqual(['chart.png']);
    const boom = nb.cells.find((c) => c.id === 'boom') as CodeCell;
    expect(boom.metadata.tags).toEqual(['raises-exception']);
    expect(boom.outputs[0].output_type === 'error' && boom.outputs[0].traceback[0]).toBe(`\u001b[0;31m${'-'.repeat(75)}\u001b[0m`);
  });
});

describe('normalisation to 4.5', () => {
  it('joins source and stream text given as lists of lines; leaves output data as read', () => {
    const text = notebook([
      { id: 'a', cell_type: 'code', metadata: {}, execution_count: 1, source: ['x = 1\n', 'x'], outputs: [
        { output_type: 'stream', name: 'stdout', text: ['a\n', 'b\n'] },
        { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': ['1\n', '2'] } },
      ] },
    ]);
    const cell = parsed(parseNotebook(text, 'a.ipynb')).notebook.cells[0] as CodeCell;
    expect(cell.source).toBe('x = 1\nx');
    expect(cell.outputs[0]).toEqual({ output_type: 'stream', name: 'stdout', text: 'a\nb\n' });
    expect(cell.outputs[1]).toEqual({ output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': ['1\n', '2'] } });
  });

  it('keeps unknown notebook, cell and output metadata', () => {
    const text = notebook(
      [{ id: 'a', cell_type: 'code', metadata: { papermill: { duration: 1.5 }, trusted: true }, source: '', execution_count: null, outputs: [
        { output_type: 'display_data', data: { 'text/plain': 'x' }, metadata: { custom: { deep: [1, { x: null }] } } },
      ] }],
      { metadata: { vscode: { interpreter: { hash: 'h' } }, celltoolbar: 'Tags' } },
    );
    const nb = parsed(parseNotebook(text, 'a.ipynb')).notebook;
    expect(nb.metadata).toEqual({ vscode: { interpreter: { hash: 'h' } }, celltoolbar: 'Tags' });
    expect(nb.cells[0].metadata).toEqual({ papermill: { duration: 1.5 }, trusted: true });
    expect((nb.cells[0] as CodeCell).outputs[0]).toMatchObject({ metadata: { custom: { deep: [1, { x: null }] } } });
  });

  it('keeps a newer 4.x minor and says so', () => {
    const result = parsed(parseNotebook(notebook([], { nbformat_minor: 6 }), 'a.ipynb'));
    expect(result.notebook.nbformat_minor).toBe(6);
    expect(result.warnings).toEqual(['nbformat 4.6 is newer than 4.5: it was read as 4.5 and kept as 4.6.']);
  });

  it('reads bytes with a byte order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(notebook([]))]);
    expect(parsed(parseNotebook(bytes.buffer, 'a.ipynb')).notebook.cells).toEqual([]);
    expect(parsed(parseNotebook(`\uFEFF${notebook([])}`, 'a.ipynb')).notebook.cells).toEqual([]);
  });
});

describe('cell ids', () => {
  it('keeps valid ids and replaces missing, invalid and repeated ones with ids no cell has', () => {
    const md = (id?: Json) => ({ ...(id === undefined ? {} : { id }), cell_type: 'markdown', metadata: {}, source: '' });
    const ids = ['same', 'same', 'new-1', 'bad id!', 'x'.repeat(65), 7, undefined];
    const result = parsed(parseNotebook(notebook(ids.map(md)), 'a.ipynb', { newCellId: counter() }));
    expect(result.notebook.cells.map((c) => c.id)).toEqual(['same', 'new-2', 'new-1', 'new-3', 'new-4', 'new-5', 'new-6']);
    expect(result.warnings).toEqual([
      '1 cell had no id: new ids were added.',
      '3 cells had an invalid id: new ids were given.',
      '1 cell repeated an id: new ids were given.',
    ]);
  });

  it('makes ids Jupyter-like by default: 8 hex digits, unique', () => {
    const cells = Array.from({ length: 50 }, () => ({ cell_type: 'raw', metadata: {}, source: '' }));
    const ids = parsed(parseNotebook(notebook(cells, { nbformat_minor: 4 }), 'a.ipynb')).notebook.cells.map((c) => c.id);
    expect(ids.every((id) => /^[0-9a-f]{8}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(50);
  });
});

describe('bad files are refused with the reason', () => {
  const cell = (fields: Record<string, Json | undefined>) => notebook([{ id: 'a', cell_type: 'code', metadata: {}, source: '', outputs: [], execution_count: null, ...fields }]);
  it.each([
    ['a.txt', notebook([]), 'Only .ipynb notebooks can be imported.'],
    ['a.ipynb', '', 'The file is empty.'],
    ['a.ipynb', '{"cells": [', 'The file is not JSON ('],
    ['a.ipynb', '[1, 2]', 'The file holds a JSON array, not a notebook object.'],
    ['a.ipynb', '"notebook"', 'The file holds a JSON string, not a notebook object.'],
    ['a.ipynb', '42', 'The file holds a JSON number, not a notebook object.'],
    ['a.ipynb', 'null', 'The file holds a JSON null, not a notebook object.'],
    ['a.ipynb', '{"cells": []}', 'No "nbformat" version: this is not a Jupyter notebook.'],
    ['a.ipynb', '{"nbformat": "4", "cells": []}', '"nbformat" is "4", not a version number.'],
    ['a.ipynb', notebook([], { nbformat: 5, nbformat_minor: 0 }), 'nbformat 5 is not supported: this console reads nbformat 3 and 4.'],
    ['a.ipynb', notebook([], { nbformat: 2 }), 'nbformat 2 is too old to import'],
    ['a.ipynb', notebook([], { nbformat_minor: undefined }), '"nbformat_minor" is missing or not a version number.'],
    ['a.ipynb', '{"nbformat": 4, "nbformat_minor": 5, "metadata": {}}', 'The notebook has no "cells" list.'],
    ['a.ipynb', notebook([], { cells: {} }), '"cells" is not a list.'],
    ['a.ipynb', notebook([3]), 'cell 1 is a number, not a cell object.'],
    ['a.ipynb', cell({ cell_type: 'heading' }), 'cell 1 has an unknown cell type ("heading"); a cell is code, markdown or raw.'],
    ['a.ipynb', cell({ cell_type: undefined }), 'cell 1 has an unknown cell type (missing)'],
    ['a.ipynb', cell({ source: 42 }), 'cell 1: source is a number, not text or a list of lines.'],
    ['a.ipynb', cell({ source: ['a', 1] }), 'cell 1: source is a list of non-text items, not text or a list of lines.'],
    ['a.ipynb', cell({ outputs: [{ output_type: 'stream', name: 'stdout', text: 5 }] }), 'cell 1, output 1: stream text is a number, not text.'],
    ['a.ipynb', cell({ outputs: [{ output_type: 'pyout' }] }), 'Not a valid nbformat 4.5 notebook: cell 1, output 1: unknown output_type "pyout".'],
    ['a.ipynb', cell({ execution_count: -1 }), 'Not a valid nbformat 4.5 notebook: cell 1, execution_count: must be >= 0.'],
    ['a.ipynb', cell({ outputs: [{ output_type: 'display_data', metadata: {}, data: { 'text/plain': 3 } }] }), 'Not a valid nbformat 4.5 notebook: cell 1, output 1, data.text/plain: must be string,array.'],
    ['a.ipynb', cell({ metadata: { tags: ['a', 'a'] } }), 'Not a valid nbformat 4.5 notebook: cell 1, metadata.tags: must NOT have duplicate items (items ## 1 and 0 are identical).'],
    ['a.ipynb', notebook([], { extra: true }), 'Not a valid nbformat 4.5 notebook: unexpected field "extra".'],
    ['a.ipynb', notebook([], { metadata: { kernelspec: { name: 'x' } } }), "Not a valid nbformat 4.5 notebook: metadata.kernelspec: must have required property 'display_name'."],
  ])('%s %s', (name, text, expected) => {
    expect(reason(parseNotebook(text, name))).toContain(expected);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(reason(parseNotebook(new Uint8Array([0x7b, 0xff, 0x7d]), 'a.ipynb'))).toBe('The file is not UTF-8 text.');
  });
});

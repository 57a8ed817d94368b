import { describe, expect, it } from 'vitest';
import { splitLines } from './lines';
import { parseNotebook } from './parse';
import { serializeNotebook } from './serialize';
import type { Nbformat45 } from './types';

const nb = (cells: Nbformat45['cells'], metadata: Nbformat45['metadata'] = {}): Nbformat45 => ({ nbformat: 4, nbformat_minor: 5, metadata, cells });

describe('serializeNotebook', () => {
  it('writes as Jupyter does: sorted keys, one-space indent, sources as lines, non-ASCII as is, a final newline', () => {
    const text = serializeNotebook(nb([{ id: 'a', cell_type: 'markdown', metadata: {}, source: 'é\n日本' }], { z: 1, a: [] }));
    expect(text).toBe(
      '{\n "cells": [\n  {\n   "cell_type": "markdown",\n   "id": "a",\n   "metadata": {},\n   "source": [\n    "é\\n",\n    "日本"\n   ]\n  }\n ],\n' +
        ' "metadata": {\n  "a": [],\n  "z": 1\n },\n "nbformat": 4,\n "nbformat_minor": 5\n}\n',
    );
  });

  it('splits stream text into lines but leaves output data and attachments as they are', () => {
    const data = { 'text/plain': 'one\ntwo', 'text/html': ['<b>\n', 'x</b>'] };
    const text = serializeNotebook(nb([{ id: 'a', cell_type: 'code', metadata: {}, source: '', execution_count: 1, outputs: [
      { output_type: 'stream', name: 'stdout', text: 'a\nb\n' },
      { output_type: 'execute_result', execution_count: 1, metadata: {}, data },
    ] }]));
    const cell = (JSON.parse(text) as { cells: { source: unknown; outputs: { text?: unknown; data?: unknown }[] }[] }).cells[0];
    expect(cell.source).toEqual([]);
    expect(cell.outputs[0].text).toEqual(['a\n', 'b\n']);
    expect(cell.outputs[1].data).toEqual(data);
  });

  it('sorts keys by code point, as Python does, and keeps a "__proto__" key', () => {
    const metadata = JSON.parse('{"\uFF21": 1, "\uD83D\uDE00": 2, "b": 3, "B": 4, "__proto__": {"x": 1}}') as Nbformat45['metadata'];
    const text = serializeNotebook(nb([], metadata));
    expect(Object.keys((JSON.parse(text) as Nbformat45).metadata)).toEqual(['B', '__proto__', 'b', '\uFF21', '\uD83D\uDE00']);
    expect(text).toContain('"__proto__": {\n   "x": 1\n  }');
  });

  it('export then import gives back the same notebook', () => {
    const notebook = nb([
      { id: 'a', cell_type: 'code', metadata: { tags: ['x'] }, source: 'a\r\nb\rc\n\n', execution_count: null, outputs: [{ output_type: 'stream', name: 'stderr', text: 'w\u2028x' }] },
      { id: 'b', cell_type: 'raw', metadata: { format: 'text/html' }, source: '' },
    ]);
    expect(parseNotebook(serializeNotebook(notebook), 'a.ipynb')).toEqual({ ok: true, notebook, warnings: [] });
  });
});

describe('splitLines (Python str.splitlines with ends kept)', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a\n', ['a\n']],
    ['a\nb', ['a\n', 'b']],
    ['a\r\nb\rc', ['a\r\n', 'b\r', 'c']],
    ['\n\n', ['\n', '\n']],
    ['a\u2028b\u0085c\fd\u000be\u001cf', ['a\u2028', 'b\u0085', 'c\f', 'd\u000b', 'e\u001c', 'f']],
  ])('%j', (text, lines) => {
    expect(splitLines(text)).toEqual(lines);
    expect(splitLines(text).join('')).toBe(text);
  });
});

import { splitLines } from './lines';
import type { Cell, Json, Nbformat45, Output } from './types';

/**
 * The file bytes of a notebook as Jupyter writes them: keys sorted, one-space indent, non-ASCII
 * written as is, a trailing newline, and `source` and stream text split into lines. Output data
 * and attachments are written exactly as they were read. Numbers are written as JavaScript writes
 * them (a float 1.0 as 1, 1e-07 as 1e-7): JSON.parse keeps no number's original text.
 */
export function serializeNotebook(notebook: Nbformat45): string {
  const file = { ...notebook, cells: notebook.cells.map(cellForFile) };
  return `${JSON.stringify(sortKeys(file as unknown as Json), null, 1)}\n`;
}

function cellForFile(cell: Cell): Json {
  const source = splitLines(cell.source);
  if (cell.cell_type !== 'code') return { ...cell, source } as unknown as Json;
  return { ...cell, source, outputs: cell.outputs.map(outputForFile) } as unknown as Json;
}

function outputForFile(output: Output): Json {
  return (output.output_type === 'stream' ? { ...output, text: splitLines(output.text) } : output) as unknown as Json;
}

/** Keys in code point order, as Python's sort_keys orders them (not UTF-16 order). */
function byCodePoint(a: string, b: string): number {
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

// Object.fromEntries defines "__proto__" as an own key, as JSON.parse does.
function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort(byCodePoint);
  return Object.fromEntries(keys.map((key) => [key, sortKeys(value[key])]));
}

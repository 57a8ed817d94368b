import { isObject } from './json';
import type { Json, JsonObject } from './types';

/** A text that nbformat allows as one string or as a list of lines, joined; null when it is neither. */
export function joinLines(value: Json | undefined): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) return value.join('');
  return null;
}

const CELL_TYPES = new Set(['code', 'markdown', 'raw']);

function kind(value: Json | undefined): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'a list of non-text items' : `a ${typeof value}`;
}

/**
 * One cell with `source` (and stream `text`) joined into strings; a reason when the cell cannot be
 * a notebook cell at all. Everything else is kept as read and left to the schema to judge.
 */
export function normalizeCell(cell: Json, index: number): { cell: JsonObject } | { reason: string } {
  const at = `cell ${index + 1}`;
  if (!isObject(cell)) return { reason: `${at} is ${kind(cell)}, not a cell object.` };
  const type = cell.cell_type;
  if (typeof type !== 'string' || !CELL_TYPES.has(type)) {
    const what = typeof type === 'string' ? `"${type}"` : kind(type);
    return { reason: `${at} has an unknown cell type (${what}); a cell is code, markdown or raw.` };
  }
  const source = joinLines(cell.source);
  if (source === null) return { reason: `${at}: source is ${kind(cell.source)}, not text or a list of lines.` };
  if (type !== 'code' || !Array.isArray(cell.outputs)) return { cell: { ...cell, source } };
  const outputs: Json[] = [];
  for (const [o, output] of cell.outputs.entries()) {
    if (!isObject(output) || output.output_type !== 'stream') {
      outputs.push(output);
      continue;
    }
    const text = joinLines(output.text);
    if (text === null) return { reason: `${at}, output ${o + 1}: stream text is ${kind(output.text)}, not text.` };
    outputs.push({ ...output, text });
  }
  return { cell: { ...cell, source, outputs } };
}

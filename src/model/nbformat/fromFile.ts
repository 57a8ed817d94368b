import { isObject } from './json';
import { normalizeCell } from './normalize';
import type { Json, JsonObject, Nbformat45 } from './types';

/**
 * A notebook file the console wrote itself (serializeNotebook of a parsed notebook) read back: its
 * lines joined, nothing else judged. For the projections, which must stay pure and light: no cell
 * ids invented, no schema check (the 60 KB validator stays out of the log's chunk). Null when the
 * text is not such a file.
 */
export function notebookFromFile(content: string): Nbformat45 | null {
  let json: Json;
  try {
    json = JSON.parse(content) as Json;
  } catch {
    return null;
  }
  if (!isObject(json) || json.nbformat !== 4 || !Array.isArray(json.cells) || !isObject(json.metadata ?? null)) return null;
  const cells: JsonObject[] = [];
  for (const [i, raw] of json.cells.entries()) {
    const result = normalizeCell(raw, i);
    if ('reason' in result || typeof result.cell.id !== 'string') return null;
    cells.push(result.cell);
  }
  return { ...json, cells } as unknown as Nbformat45;
}

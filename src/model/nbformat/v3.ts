import { isObject } from './json';
import { linesOf } from './lines';
import type { Json, JsonObject } from './types';

/**
 * nbformat 3 → 4, as nbformat's own v3→v4 upgrade does it: worksheets merged into one cell list,
 * heading cells become markdown '#' cells, input/prompt_number become source/execution_count,
 * pyout/pyerr become execute_result/error and output keys like png become mime types. Cell ids
 * and the joining of lines are left to the 4.x normalisation that follows.
 */
export function upgradeV3(nb: JsonObject): { ok: true; notebook: JsonObject } | { ok: false; reason: string } {
  const worksheets = nb.worksheets ?? [];
  if (!Array.isArray(worksheets)) return { ok: false, reason: 'nbformat 3: "worksheets" is not a list.' };
  const cells: Json[] = [];
  for (const [w, sheet] of worksheets.entries()) {
    // A worksheet without cells is an empty one, as nbformat's upgrade reads it (ws.get("cells", [])).
    const sheetCells = isObject(sheet) ? (sheet.cells ?? []) : null;
    if (!Array.isArray(sheetCells)) return { ok: false, reason: `nbformat 3: worksheet ${w + 1} has no list of cells.` };
    for (const cell of sheetCells) cells.push(isObject(cell) ? upgradeCell(cell) : cell);
  }
  const metadata = isObject(nb.metadata) ? { ...nb.metadata } : {};
  // Jupyter drops these on upgrade: the v3 name is the file's name, the signature no longer matches.
  delete metadata.name;
  delete metadata.signature;
  const rest = Object.fromEntries(Object.entries(nb).filter(([k]) => !V3_TOP_LEVEL.has(k)));
  return { ok: true, notebook: { ...rest, metadata, nbformat: 4, nbformat_minor: 5, cells } };
}

const V3_TOP_LEVEL = new Set(['worksheets', 'metadata', 'nbformat', 'nbformat_minor', 'orig_nbformat', 'orig_nbformat_minor']);

/** Joins a v3 text that may be a list of lines. */
const text = (value: Json | undefined): string =>
  Array.isArray(value) ? value.join('') : typeof value === 'string' ? value : '';

function upgradeCell(cell: JsonObject): JsonObject {
  const { cell_type: type, ...rest } = cell;
  const metadata = isObject(rest.metadata) ? rest.metadata : {};
  if (type === 'code') {
    const { language: _language, collapsed, input, prompt_number, outputs, ...kept } = rest;
    return {
      ...kept,
      cell_type: 'code',
      metadata: collapsed === undefined ? metadata : { ...metadata, collapsed },
      source: input ?? '',
      execution_count: prompt_number ?? null,
      outputs: Array.isArray(outputs) ? outputs.map((o) => (isObject(o) ? upgradeOutput(o) : o)) : (outputs ?? []),
    };
  }
  if (type === 'heading') {
    const { level, source, ...kept } = rest;
    const hashes = '#'.repeat(typeof level === 'number' && level >= 1 ? level : 1);
    const line = linesOf(text(source)).join(' ');
    return { ...kept, cell_type: 'markdown', metadata, source: `${hashes} ${line}` };
  }
  // v3 html cells never occur in practice; Jupyter turns them into markdown.
  return { ...rest, cell_type: type === 'html' ? 'markdown' : (type ?? null), metadata };
}

const MIME_KEYS: Record<string, string> = {
  text: 'text/plain',
  html: 'text/html',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  latex: 'text/latex',
  json: 'application/json',
  javascript: 'application/javascript',
};

const mimeKeys = (bundle: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(bundle).map(([k, v]) => [MIME_KEYS[k] ?? k, v]));

function upgradeOutput(output: JsonObject): JsonObject {
  const type = output.output_type;
  if (type === 'pyout' || type === 'display_data') return upgradeDataOutput(output);
  if (type === 'pyerr') return { ...output, output_type: 'error' };
  if (type === 'stream') {
    const { stream, ...rest } = output;
    return { ...rest, name: stream ?? 'stdout' };
  }
  return output;
}

/** pyout and display_data: every key but the output's own goes into `data`, under its mime type. */
function upgradeDataOutput(output: JsonObject): JsonObject {
  const { output_type, prompt_number, metadata, ...data } = output;
  const bundle = mimeKeys(data);
  const json = bundle['application/json'];
  if (typeof json === 'string') bundle['application/json'] = parseJsonText(json);
  const upgraded: JsonObject = {
    output_type: output_type === 'pyout' ? 'execute_result' : 'display_data',
    data: bundle,
    metadata: isObject(metadata) ? mimeKeys(metadata) : {},
  };
  if (output_type === 'pyout') upgraded.execution_count = prompt_number ?? null;
  return upgraded;
}

/** v3 kept JSON output as text; v4 holds the value (left as text when it is not JSON). */
function parseJsonText(value: string): Json {
  try {
    return JSON.parse(value) as Json;
  } catch {
    return value;
  }
}

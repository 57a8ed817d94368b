import { MAX_JSON_DEPTH, nestedDeeperThan } from './depth';
import { assignCellIds, idWarnings, randomCellId } from './ids';
import { isObject } from './json';
import { normalizeCell } from './normalize';
import type { Json, JsonObject, Nbformat45, ParseOptions, ParseResult } from './types';
import { upgradeV3 } from './v3';
import { schemaProblem } from './validate';

type Failure = { ok: false; reason: string };
const fail = (reason: string): Failure => ({ ok: false, reason });

/**
 * Reads an .ipynb file into an nbformat 4.5 notebook: 4.0–4.4 upgraded, 3 converted, cell ids made
 * valid and unique, `source` and stream text joined, everything else kept as read; then checked
 * against the 4.5 schema. A file that cannot be a notebook gets the reason, in words.
 */
export function parseNotebook(input: string | Uint8Array | ArrayBuffer, fileName: string, options: ParseOptions = {}): ParseResult {
  if (!/\.ipynb$/i.test(fileName)) return fail('Only .ipynb notebooks can be imported.');
  const text = decode(input);
  if (text === null) return fail('The file is not UTF-8 text.');
  if (text.trim() === '') return fail('The file is empty.');
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch (error) {
    return fail(`The file is not JSON (${(error as Error).message}).`);
  }
  // Checked first: every step below walks the JSON recursively.
  if (nestedDeeperThan(json, MAX_JSON_DEPTH)) return fail(`The file is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  if (!isObject(json)) return fail(`The file holds ${Array.isArray(json) ? 'a JSON array' : `a JSON ${json === null ? 'null' : typeof json}`}, not a notebook object.`);
  const upgraded = toVersion4(json);
  if (!upgraded.ok) return upgraded;
  return normalize(upgraded, options.newCellId ?? randomCellId);
}

function decode(input: string | Uint8Array | ArrayBuffer): string | null {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return null;
  }
}

type Upgraded = { ok: true; notebook: JsonObject; warnings: string[]; minor: number } | Failure;

/** Brings nbformat 3 and 4.x to the 4.x shape; refuses other versions with the reason. */
function toVersion4(json: JsonObject): Upgraded {
  const { nbformat: major, nbformat_minor: minor } = json;
  if (major === undefined) return fail('No "nbformat" version: this is not a Jupyter notebook.');
  if (!Number.isInteger(major)) return fail(`"nbformat" is ${JSON.stringify(major)}, not a version number.`);
  if ((major as number) > 4) return fail(`nbformat ${String(major)} is not supported: this console reads nbformat 3 and 4.`);
  if ((major as number) < 3) {
    return fail(`nbformat ${String(major)} is too old to import: open and save it in Jupyter to upgrade it to nbformat 4.`);
  }
  if (major === 3) {
    const converted = upgradeV3(json);
    if (!converted.ok) return converted;
    return { ok: true, notebook: converted.notebook, warnings: ['Converted from nbformat 3 to 4.5.'], minor: 0 };
  }
  if (!Number.isInteger(minor) || (minor as number) < 0) return fail('"nbformat_minor" is missing or not a version number.');
  const warnings: string[] = [];
  if ((minor as number) < 5) warnings.push(`Upgraded from nbformat 4.${String(minor)} to 4.5.`);
  if ((minor as number) > 5) warnings.push(`nbformat 4.${String(minor)} is newer than 4.5: it was read as 4.5 and kept as 4.${String(minor)}.`);
  return { ok: true, notebook: json, warnings, minor: minor as number };
}

function normalize(upgraded: Extract<Upgraded, { ok: true }>, newCellId: () => string): ParseResult {
  const { notebook: json, warnings, minor } = upgraded;
  if (!('cells' in json)) return fail('The notebook has no "cells" list.');
  if (!Array.isArray(json.cells)) return fail('"cells" is not a list.');
  const cells: JsonObject[] = [];
  for (const [i, raw] of json.cells.entries()) {
    const result = normalizeCell(raw, i);
    if ('reason' in result) return fail(result.reason);
    cells.push(result.cell);
  }
  const ids = assignCellIds(cells, newCellId);
  const notebook = { ...json, nbformat: 4, nbformat_minor: Math.max(minor, 5), cells: ids.cells };
  const problem = schemaProblem(notebook);
  if (problem !== null) return fail(`Not a valid nbformat 4.5 notebook: ${problem}.`);
  return { ok: true, notebook: notebook as unknown as Nbformat45, warnings: [...warnings, ...idWarnings(ids.counts, minor >= 5)] };
}

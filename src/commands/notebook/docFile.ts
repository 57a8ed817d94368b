import { parseNotebook } from '../../model/nbformat/parse';
import { serializeNotebook } from '../../model/nbformat/serialize';
import type { Nbformat45 } from '../../model/nbformat/types';
import { schemaProblem } from '../../model/nbformat/validate';
import { refuse, type Refusal } from '../core';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A file's content as the console writes it (cell ids fixed, lines as Jupyter splits them), or why it cannot be opened. */
export function normalizedFile(content: string, path: string): { ok: true; content: string; notebook: Nbformat45 } | Refusal {
  const parsed = parseNotebook(content, path);
  if (!parsed.ok) return refuse('invalid', `${nameOf(path)} cannot be opened: ${parsed.reason}`);
  return { ok: true, content: serializeNotebook(parsed.notebook), notebook: parsed.notebook };
}

/** The doc's file as it would be saved, checked against nbformat 4.5 first: an invalid one is refused with the reason. */
export function checkedFile(notebook: Nbformat45): { ok: true; content: string } | Refusal {
  const content = serializeNotebook(notebook);
  const problem = schemaProblem(JSON.parse(content));
  return problem === null ? { ok: true, content } : refuse('invalid', `The notebook is not valid nbformat 4.5 (${problem}); it was not saved.`);
}

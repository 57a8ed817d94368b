import type { CellDiff } from '../../../model/nbformat/diff';
import { cellTypeOf } from '../../../model/notebookDoc/edits';
import type { Cell } from '../../../model/nbformat/types';

/** One line of a changed cell's text: in both, only in mine (yours), only in theirs (the server's); or a run of unchanged lines left out. */
export type DiffLine = { kind: 'same' | 'mine' | 'theirs'; text: string } | { kind: 'skip'; count: number };

/** Beyond this many line pairs a cell's text is shown whole on both sides rather than compared line by line. */
const MAX_PAIRS = 250_000;

/** Mine against theirs line by line (a longest common subsequence), theirs' lines before mine's where both changed. Pure. */
export function lineDiff(mine: string, theirs: string): DiffLine[] {
  const a = mine.split('\n');
  const b = theirs.split('\n');
  if (a.length * b.length > MAX_PAIRS) return [...b.map((text) => ({ kind: 'theirs' as const, text })), ...a.map((text) => ({ kind: 'mine' as const, text }))];
  // common[i][j]: the longest common run of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const lines: DiffLine[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) lines.push({ kind: 'theirs', text: b[j++] });
    else lines.push({ kind: 'mine', text: a[i++] });
  }
  return lines;
}

/** The changed lines with `context` unchanged lines around each run; longer unchanged runs become one `skip`. Pure. */
export function compactLines(lines: readonly DiffLine[], context = 1): DiffLine[] {
  const near = lines.map((_, at) => lines.slice(Math.max(0, at - context), at + context + 1).some((line) => line.kind === 'mine' || line.kind === 'theirs'));
  const out: DiffLine[] = [];
  lines.forEach((line, at) => {
    if (near[at]) return out.push(line);
    const last = out.at(-1);
    if (last?.kind === 'skip') last.count++;
    else out.push({ kind: 'skip', count: 1 });
  });
  return out;
}

/** What a cell is, in a few words: its type and its first line. */
export function cellLabel(cell: Cell): string {
  const first = cell.source.split('\n').find((line) => line.trim() !== '') ?? '';
  const type = cellTypeOf(cell);
  const kind = type === 'sql' ? 'SQL' : type === 'code' ? 'Code' : type === 'markdown' ? 'Markdown' : 'Raw';
  return first ? `${kind}: ${first.length > 60 ? `${first.slice(0, 59)}…` : first}` : `${kind} (empty)`;
}

/** How one cell differs, as the conflict dialog says it. */
export interface CellDiffView {
  id: string;
  /** "Only on the server", "Only in yours", "Changed". */
  title: string;
  label: string;
  /** For a changed cell: what differs ("text, outputs"). */
  details: string;
  /** For a changed text: the compact line diff. */
  lines: DiffLine[];
}

/** The dialog's view of one cell's difference. Pure. */
export function cellDiffView(diff: CellDiff): CellDiffView {
  if (diff.kind === 'added') return { id: diff.id, title: 'Only on the server', label: cellLabel(diff.cell), details: '', lines: [] };
  if (diff.kind === 'removed') return { id: diff.id, title: 'Only in yours', label: cellLabel(diff.cell), details: '', lines: [] };
  const what = [diff.source && 'text', diff.type && `type (${cellTypeOf(diff.theirs)} on the server)`, diff.outputs && 'outputs', diff.moved && 'place'].filter(Boolean);
  return {
    id: diff.id,
    title: 'Changed',
    label: cellLabel(diff.mine),
    details: what.join(', '),
    lines: diff.source ? compactLines(lineDiff(diff.mine.source, diff.theirs.source)) : [],
  };
}

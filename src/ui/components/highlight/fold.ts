/**
 * How much of one line a cell shows without its editor. Past it the line is folded: a browser lays
 * out a 5 MB line as one text run (wider than it can draw: it shows blank) and colouring it takes
 * seconds. VS Code stops colouring lines at 20,000 characters for the same reason.
 */
export const SHOWN_LINE_CHARS = 10_000;

/** The text shown, and for each folded line (by index) how many of its characters are not. */
export interface Folded {
  text: string;
  hidden: ReadonlyMap<number, number>;
}

/** `source` with every line longer than `limit` cut at `limit` characters. */
export function foldLongLines(source: string, limit = SHOWN_LINE_CHARS): Folded {
  const hidden = new Map<number, number>();
  if (source.length <= limit) return { text: source, hidden };
  const lines = source.split('\n').map((line, index) => {
    if (line.length <= limit) return line;
    hidden.set(index, line.length - limit);
    return line.slice(0, limit);
  });
  return hidden.size === 0 ? { text: source, hidden } : { text: lines.join('\n'), hidden };
}

/** Whether some line of `text` is longer than `limit` characters (found without splitting the text). */
export function hasLineOver(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    if (end - start > limit) return true;
    start = end + 1;
  }
  return text.length - start > limit;
}

/** "4.9 MB", "12,345 characters": how much of a line is folded away, in the unit that reads best. */
export function foldedSize(chars: number): string {
  if (chars < 100_000) return `${chars.toLocaleString('en-US')} characters`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

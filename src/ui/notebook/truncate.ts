/** Text outputs longer than this are cut, with a "Show more" (JupyterLab-like limits). */
export const MAX_LINES = 200;
export const MAX_CHARS = 50_000;

export type Cut = { head: string; hiddenLines: number; hiddenChars: number };

/** Where the first MAX_LINES lines end (the newline after the last of them), or the text's length. */
function linesEnd(text: string): number {
  let at = -1;
  for (let n = 0; n < MAX_LINES; n++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return text.length;
  }
  return at;
}

/**
 * The first MAX_LINES lines of a text, at most MAX_CHARS characters (cut at a line end when there is
 * one, so no ANSI colour code or word is split), and how much is left out; null when it all fits.
 */
export function cutText(text: string): Cut | null {
  let cut = linesEnd(text);
  if (cut > MAX_CHARS) {
    const lineEnd = text.lastIndexOf('\n', MAX_CHARS);
    cut = lineEnd > 0 ? lineEnd : MAX_CHARS;
  }
  const rest = text.slice(cut);
  if (rest.trim() === '') return null;
  const restLines = rest.replace(/^\n/, '').replace(/\n$/, '').split('\n').length;
  return { head: text.slice(0, cut), hiddenLines: restLines, hiddenChars: rest.length };
}

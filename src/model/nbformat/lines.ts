/**
 * The line breaks of Python's str.splitlines, which Jupyter uses to split a text into lines
 * (\r\n, \n, \r, \v, \f, \x1c–\x1e, \x85, \u2028, \u2029), so our lines are the ones Jupyter writes.
 */
const BREAK = '\\r\\n|[\\n\\r\\v\\f\\x1c-\\x1e\\x85\\u2028\\u2029]';
const LINE = new RegExp(`(?:(?!${BREAK}).)*?(?:${BREAK}|$)`, 'gs');

/** Python's str.splitlines(keepends=True): each line with its break; no empty last line. */
export function splitLines(text: string): string[] {
  return (text.match(LINE) ?? []).filter((line) => line !== '');
}

/** Python's str.splitlines(): the lines without their breaks. */
export function linesOf(text: string): string[] {
  return splitLines(text).map((line) => line.replace(new RegExp(`(?:${BREAK})$`), ''));
}

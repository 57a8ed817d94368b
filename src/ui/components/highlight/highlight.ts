import { classHighlighter, highlightTree } from '@lezer/highlight';
import { parserOf } from '../../notebook/editor/languages';

/** One run of text and the classes of its token ('' for plain text). */
export interface TokenRun {
  text: string;
  kind: string;
}

/**
 * The source as lines of coloured runs, by the editor's own grammar and class names (tok-keyword,
 * tok-string, …): the editor's colours, without an editor.
 */
export function highlightLines(source: string, language: string): TokenRun[][] {
  const lines: TokenRun[][] = [[]];
  let at = 0;
  const take = (to: number, kind: string) => {
    const parts = source.slice(at, to).split('\n');
    parts.forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text) lines[lines.length - 1].push({ text, kind });
    });
    at = to;
  };
  const parser = parserOf(language);
  if (parser) {
    highlightTree(parser.parse(source), classHighlighter, (from, to, classes) => {
      if (from > at) take(from, '');
      take(to, classes);
    });
  }
  take(source.length, '');
  return lines;
}

import { monaco } from './cellMonaco';

/** One run of text and the kind of token it is ('' for plain text). */
export interface TokenRun {
  text: string;
  kind: string;
}

/** The token kinds the cells colour (Monaco's token types are "keyword.python", "string.sql", …). */
const KINDS = new Set(['keyword', 'string', 'number', 'comment', 'type', 'predefined', 'operator', 'tag', 'variable', 'regexp', 'attribute']);

/** Waits until Monaco has the language's grammar (grammars load lazily on first use). */
export async function grammarReady(language: string): Promise<void> {
  await monaco.editor.colorize('', language, {});
}

/** The source as lines of coloured runs, by Monaco's own grammar for the language (the editor's colours, without an editor). */
export function highlightLines(source: string, language: string): TokenRun[][] {
  const lines = source.split('\n');
  const tokens = monaco.editor.tokenize(source, language);
  return lines.map((line, row) => {
    const marks = tokens[row] ?? [];
    return marks.flatMap((token, i) => {
      const text = line.slice(token.offset, marks[i + 1]?.offset ?? line.length);
      const kind = token.type.split('.')[0];
      return text ? [{ text, kind: KINDS.has(kind) ? kind : '' }] : [];
    });
  });
}

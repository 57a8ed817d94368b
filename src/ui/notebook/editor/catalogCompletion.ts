import { startCompletion, type Completion, type CompletionSource } from '@codemirror/autocomplete';
import type { Complete } from '../../sql/editor/completionSource';
import { qualifierBefore, type Suggestion, type SuggestionKind } from '../../sql/editor/completions';

/** CodeMirror's completion types (they name the list's icons and classes). */
const TYPES: Record<SuggestionKind, string> = { catalog: 'namespace', schema: 'namespace', table: 'class', column: 'property', keyword: 'keyword' };

/** SQL Lab's order (columns of the statement's tables, tables, schemas, keywords) among equally good matches. */
const boostOf = (suggestion: Suggestion) => {
  const rank = Number(suggestion.sortText[0]);
  return Number.isInteger(rank) ? 50 - rank * 10 : 0;
};

const WORD = /[\w$]*$/;

/**
 * A SQL cell's completion from SQL Lab's: the warehouse's catalogs, schemas, tables and columns (the
 * metadata cache first, the server for what it lacks) and keywords, while typing a word or after
 * "schema.", and on Ctrl+Space.
 */
export function catalogCompletion(complete: Complete): CompletionSource {
  return async (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const word = WORD.exec(before)?.[0] ?? '';
    const from = context.pos - word.length;
    const qualifier = qualifierBefore(before.slice(0, before.length - word.length));
    if (!context.explicit && !word && qualifier === null) return null;
    const { suggestions, incomplete, late } = await complete({ sql: context.state.doc.toString(), word, qualifier, invoked: context.explicit });
    const view = context.view;
    // Asked for with Ctrl+Space and the server was too slow: its answer is shown where it was asked.
    if (late && context.explicit && view) {
      void late.then(() => {
        if (view.hasFocus && view.state.selection.main.head === context.pos) startCompletion(view);
      });
    }
    const options: Completion[] = suggestions.map((s) => ({ label: s.label, detail: s.detail, type: TYPES[s.kind], apply: s.insertText, boost: boostOf(s) }));
    // An incomplete list is asked for again as the word grows (the server may have more).
    return { from, options, validFor: incomplete ? undefined : /^[\w$]*$/ };
  };
}

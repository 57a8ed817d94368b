import {
  closeCompletion,
  completionStatus,
  insertCompletionText,
  selectedCompletion,
  startCompletion,
  type Completion,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { Complete } from '../../components/completion/completionSource';
import { qualifierBefore, type Suggestion, type SuggestionKind } from '../../components/completion/completions';

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

/**
 * Enter and Tab take the suggestion shown while the list is asked for again (a word of an incomplete
 * list, up to 250 ms for the server): CodeMirror greys the list out then, and Enter would be a newline
 * under a list that showed the wanted name, as SQL Lab's Monaco never does.
 */
export function acceptShownCompletion(): Extension {
  let shown: Completion | null = null;
  const accept = (view: EditorView) => {
    if (!shown || completionStatus(view.state) !== 'pending') return false;
    const at = view.state.selection.main.head;
    const line = view.state.doc.lineAt(at);
    const word = WORD.exec(line.text.slice(0, at - line.from))?.[0] ?? '';
    // Only while the word typed still leads to it (a list filtered as CodeMirror would).
    if (!word || !shown.label.toLowerCase().startsWith(word.toLowerCase())) return false;
    const text = typeof shown.apply === 'string' ? shown.apply : shown.label;
    view.dispatch(insertCompletionText(view.state, text, at - word.length, at));
    closeCompletion(view);
    return true;
  };
  return [
    EditorView.updateListener.of((update) => {
      const status = completionStatus(update.state);
      if (status === 'active') shown = selectedCompletion(update.state);
      else if (status === null) shown = null;
    }),
    Prec.high(keymap.of([{ key: 'Enter', run: accept }, { key: 'Tab', run: accept }])),
  ];
}

import { acceptCompletion, autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, completionStatus } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { search, searchKeymap, searchPanelOpen } from '@codemirror/search';
import { Compartment, EditorState, Prec, Transaction, type Extension } from '@codemirror/state';
import { EditorView, keymap, tooltips, type KeyBinding } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { useEffect, useMemo, useRef } from 'react';
import type { Complete } from '../../components/completion/completionSource';
import { acceptShownCompletion, catalogCompletion } from './catalogCompletion';
import { editorBindings } from '../../../commands/notebook/registry/keymap';
import type { NotebookCommandId } from '../../../commands/notebook/registry/registry';
import { languageSupport, type CellLanguage } from './languages';
import { CellText, type TypedCell } from './cellText';
import { textChanges } from '../../../model/notebookDoc/textMerge';
import { hasLineOver } from '../../components/highlight/fold';

/**
 * A cell with a line longer than this is edited without its grammar, as VS Code stops colouring such
 * lines: the parser would re-read the whole line at every key (measured: ~80 ms a key on a 5 MB line).
 */
const GRAMMAR_LINE_CHARS = 20_000;

export interface CellEditorProps {
  value: string;
  /** The document's version that gives `value` (its lastEditSeq). */
  version: number;
  language: CellLanguage;
  /** Every change typed here (the page coalesces them into edits). */
  onTyped: (typed: TypedCell) => void;
  /** Keys the notebook answers while typing: run, save, split, leave to command mode. */
  onCommand: (command: NotebookCommandId, editor: { text: string; offset: number }) => void;
  focused: boolean;
  label: string;
  /** Where the cell's text was clicked before the editor was there, if it was (the text lies where the editor's will). */
  takeClick?: () => { x: number; y: number } | null;
  /** A SQL cell's catalog completion (SQL Lab's), once the warehouse's metadata is at hand. */
  complete?: Complete | null;
}

/** Marks text written in from the document: not typing, and not for the editor's own undo. */
const fromDocument = (view: EditorView, text: string) => {
  // Only the parts that differ, so the cursor keeps its place around them.
  view.dispatch({ changes: textChanges(view.state.doc.toString(), text), annotations: [Transaction.addToHistory.of(false), Transaction.remote.of(true)] });
};

/**
 * The language's grammar and completions. As in JupyterLab, completions on Ctrl+Space, not at every
 * key, except in SQL cells: SQL Lab shows its list while typing.
 */
function languageExtensions(language: CellLanguage, complete: Complete | null): Extension {
  const sql = language === 'sql';
  const catalog = sql && complete;
  return [
    languageSupport(language) ?? [],
    autocompletion({ activateOnTyping: sql, defaultKeymap: false, icons: false, override: catalog ? [catalogCompletion(complete)] : undefined }),
    catalog ? acceptShownCompletion() : [],
  ];
}

/** The notebook's keys while typing: Jupyter's edit-mode keys from the registry (run, save, split), and Escape. */
function notebookKeys(onCommand: CellEditorProps['onCommand']): KeyBinding[] {
  const where = (view: EditorView) => ({ text: view.state.doc.toString(), offset: view.state.selection.main.head });
  const command = (name: NotebookCommandId) => (view: EditorView) => {
    onCommand(name, where(view));
    return true;
  };
  return [
    ...editorBindings().map(({ key, id }) => ({ key, run: command(id), preventDefault: true })),
    // Escape closes the completion list or the find panel first; with neither open it leaves for command mode.
    { key: 'Escape', run: (view) => completionStatus(view.state) === null && !searchPanelOpen(view.state) && command('command')(view) },
  ];
}

/** What every cell's editor has, after the notebook's keys. */
const EDITING: Extension[] = [
  history(),
  indentOnInput(),
  bracketMatching(),
  closeBrackets(),
  search({ top: true }),
  // The completion list fits in the notebook's scroller (which clips it), above the cursor when there is no room below.
  tooltips({ tooltipSpace: (view) => (view.dom.closest('.nb-scroller') ?? document.documentElement).getBoundingClientRect() }),
  indentUnit.of('    '),
  EditorState.tabSize.of(4),
  syntaxHighlighting(classHighlighter),
  keymap.of([...closeBracketsKeymap, ...completionKeymap, { key: 'Tab', run: acceptCompletion }, indentWithTab, ...defaultKeymap, ...historyKeymap, ...searchKeymap]),
];

/**
 * One cell's CodeMirror, as tall as its text. Text from outside (undo, another tab) is merged with
 * what is typed here (cellText.ts): both tabs' typing stays.
 */
export default function CellEditor({ value, version, language, onTyped, onCommand, focused, label, takeClick, complete = null }: CellEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const latest = useRef({ onTyped, onCommand });
  const cellText = useRef<CellText | null>(null);
  const plain = useMemo(() => hasLineOver(value, GRAMMAR_LINE_CHARS), [value]);
  const grammar = plain ? 'plaintext' : language;
  useEffect(() => {
    latest.current = { onTyped, onCommand };
  });

  useEffect(() => {
    if (!host.current) return;
    // A write answered after the editor is gone (the user left the cell) shows nothing.
    const typing = new CellText({ text: value, version }, (text) => editor.current === view && fromDocument(view, text));
    cellText.current = typing;
    // No drawSelection(): the browser's own caret and selection, as a textarea has; the drawn ones
    // cost a measure and a redraw of their layer at every key (measured: slow keys 26% → 6%).
    const extensions: Extension[] = [
      Prec.highest(keymap.of(notebookKeys((name, at) => latest.current.onCommand(name, at)))),
      ...EDITING,
      languageSlot.current.of(languageExtensions(grammar, complete)),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged || update.transactions.every((t) => t.annotation(Transaction.remote))) return;
        const doc = update.state.doc;
        typing.typed(doc.length, () => doc.toString());
        latest.current.onTyped(typing);
      }),
    ];
    const view = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions }) });
    editor.current = view;
    // The cursor where the click was, as if the editor had been there all along.
    const point = takeClick?.();
    const clicked = point ? view.posAtCoords(point) : null;
    if (clicked !== null) view.dispatch({ selection: { anchor: clicked } });
    return () => {
      view.destroy();
      editor.current = null;
    };
    // Made once per cell: later values and languages come through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => cellText.current?.fromDocument(value, version), [value, version]);

  useEffect(() => {
    editor.current?.dispatch({ effects: languageSlot.current.reconfigure(languageExtensions(grammar, complete)) });
  }, [grammar, complete]);

  useEffect(() => {
    if (focused) editor.current?.focus();
  }, [focused]);

  return (
    <>
      <div ref={host} className="nb-code-editor" />
      {plain && <p className="nb-fold">Colours are off in this cell: a line is longer than {GRAMMAR_LINE_CHARS.toLocaleString('en-US')} characters.</p>}
    </>
  );
}

import { acceptCompletion, autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, completionStatus } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { search, searchKeymap, searchPanelOpen } from '@codemirror/search';
import { Compartment, EditorState, Prec, Transaction, type Extension } from '@codemirror/state';
import { EditorView, keymap, tooltips, type KeyBinding } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { Complete } from '../../components/completion/completionSource';
import { acceptShownCompletion, catalogCompletion } from './catalogCompletion';
import { editorBindings } from '../../../commands/notebook/registry/keymap';
import type { NotebookCommandId } from '../../../commands/notebook/registry/registry';
import { languageSupport, type CellLanguage } from './languages';

export interface CellEditorProps {
  value: string;
  language: CellLanguage;
  /** Every change typed here (the page coalesces them into edits). */
  onText: (text: string) => void;
  /** Keys the notebook answers while typing: run, save, split, leave to command mode. */
  onCommand: (command: NotebookCommandId, editor: { text: string; offset: number }) => void;
  focused: boolean;
  label: string;
  /** Where the cell's text was clicked before the editor was there, if it was (the text lies where the editor's will). */
  takeClick?: () => { x: number; y: number } | null;
  /** A SQL cell's catalog completion (SQL Lab's), once the warehouse's metadata is at hand. */
  complete?: Complete | null;
}

/** Typing is written within a pause (400 ms) of its last key; past this, nothing typed here is on its way. */
const AHEAD_MS = 1500;

/** Marks text written in from the document: not typing, and not for the editor's own undo. */
const fromDocument = (view: EditorView, text: string) => {
  const old = view.state.doc.toString();
  // Only the part that differs, so the cursor keeps its place around it.
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
  view.dispatch({
    changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) },
    annotations: [Transaction.addToHistory.of(false), Transaction.remote.of(true)],
  });
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

/** What was typed here against what the document holds. */
interface Track {
  /** The text last typed here. */
  typed: string | null;
  /** The document's text of the cell, as last given. */
  doc: string;
  /** Typing here that the document does not show yet, and when its last key was pressed. */
  ahead: boolean;
  typedAt: number;
  recheck: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The document's text into the editor, unless typing here is still on its way (then once it is
 * surely in: a live query may skip our own write's value when another's follows it closely).
 */
function syncFromDocument(editor: { current: EditorView | null }, track: Track) {
  const view = editor.current;
  if (!view) return;
  if (track.doc === track.typed) track.ahead = false; // the last typing is in
  if (view.state.doc.toString() === track.doc) return;
  clearTimeout(track.recheck);
  if (track.ahead && Date.now() - track.typedAt < AHEAD_MS) {
    track.recheck = setTimeout(() => syncFromDocument(editor, track), AHEAD_MS);
    return;
  }
  track.ahead = false;
  track.typed = null;
  fromDocument(view, track.doc);
}

/**
 * One cell's CodeMirror, as tall as its text. Text from outside (undo, another tab) is written in,
 * except while what was typed here is on its way to the document: that write comes later, so it is
 * the cell's last edit (another tab's text arriving meanwhile would only be overwritten by it, and
 * writing it in would mix it into the typing).
 */
export default function CellEditor({ value, language, onText, onCommand, focused, label, takeClick, complete = null }: CellEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const latest = useRef({ onText, onCommand });
  const track = useRef<Track>({ typed: null, doc: value, ahead: false, typedAt: 0, recheck: undefined });
  useEffect(() => {
    latest.current = { onText, onCommand };
  });

  useEffect(() => {
    if (!host.current) return;
    const tracked = track.current;
    // No drawSelection(): the browser's own caret and selection, as a textarea has; the drawn ones
    // cost a measure and a redraw of their layer at every key (measured: slow keys 26% → 6%).
    const extensions: Extension[] = [
      Prec.highest(keymap.of(notebookKeys((name, at) => latest.current.onCommand(name, at)))),
      ...EDITING,
      languageSlot.current.of(languageExtensions(language, complete)),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged || update.transactions.every((t) => t.annotation(Transaction.remote))) return;
        const text = update.state.doc.toString();
        // Typing back to the document's text writes nothing: nothing is on its way then.
        Object.assign(track.current, { typed: text, ahead: text !== track.current.doc, typedAt: Date.now() });
        latest.current.onText(text);
      }),
    ];
    const view = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions }) });
    editor.current = view;
    // The cursor where the click was, as if the editor had been there all along.
    const point = takeClick?.();
    const clicked = point ? view.posAtCoords(point) : null;
    if (clicked !== null) view.dispatch({ selection: { anchor: clicked } });
    return () => {
      clearTimeout(tracked.recheck);
      view.destroy();
      editor.current = null;
    };
    // Made once per cell: later values and languages come through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The document's text into the editor, unless typing here is still on its way (then once it is
  // surely in: a live query may skip our own write's value when another's follows it closely).
  useEffect(() => {
    track.current.doc = value;
    syncFromDocument(editor, track.current);
  }, [value]);

  useEffect(() => {
    editor.current?.dispatch({ effects: languageSlot.current.reconfigure(languageExtensions(language, complete)) });
  }, [language, complete]);

  useEffect(() => {
    if (focused) editor.current?.focus();
  }, [focused]);

  return <div ref={host} className="nb-code-editor" />;
}

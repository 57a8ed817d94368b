import { useEffect, useRef } from 'react';
import { CELL_LINE_HEIGHT, monaco } from './cellMonaco';
import type { NotebookCommand } from './keys';

export interface CellEditorProps {
  value: string;
  language: 'python' | 'sql' | 'markdown' | 'plaintext';
  /** Every change typed here (the page coalesces them into edits). */
  onText: (text: string) => void;
  /** Keys the notebook answers while typing: run, save, split, leave to command mode. */
  onCommand: (command: NotebookCommand, editor: { text: string; offset: number }) => void;
  focused: boolean;
  label: string;
}

const KEYS: [number, NotebookCommand][] = [
  [monaco.KeyMod.Shift | monaco.KeyCode.Enter, 'runAndSelectNext'],
  [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, 'run'],
  [monaco.KeyMod.Alt | monaco.KeyCode.Enter, 'runAndInsert'],
  [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, 'save'],
  [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Minus, 'split'],
];

/** Typing is written within a pause (400 ms) of its last key; past this, nothing typed here is on its way. */
const AHEAD_MS = 1500;

/**
 * One cell's Monaco, as tall as its text. Text from outside (undo, another tab) is written in,
 * except while what was typed here is on its way to the document: that write comes later, so it is
 * the cell's last edit (another tab's text arriving meanwhile would only be overwritten by it, and
 * writing it in would mix it into the typing).
 */
export default function CellEditor({ value, language, onText, onCommand, focused, label }: CellEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const latest = useRef({ onText, onCommand });
  /** The text last typed here. */
  const typed = useRef<string | null>(null);
  /** The document's text of the cell, as last given. */
  const doc = useRef(value);
  /** Typing here that the document does not show yet, and when its last key was pressed. */
  const ahead = useRef(false);
  const typedAt = useRef(0);
  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = { onText, onCommand };
  });

  useEffect(() => {
    if (!host.current) return;
    const instance = monaco.editor.create(host.current, {
      value,
      language,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineHeight: CELL_LINE_HEIGHT,
      fontFamily: "Menlo, Monaco, 'Courier New', monospace",
      lineNumbers: 'off',
      glyphMargin: false,
      folding: false,
      lineDecorationsWidth: 0,
      overviewRulerLanes: 0,
      renderLineHighlight: 'none',
      scrollBeyondLastLine: false,
      scrollbar: { vertical: 'hidden', alwaysConsumeMouseWheel: false },
      wordWrap: 'off',
      tabSize: 4,
      fixedOverflowWidgets: true,
      ariaLabel: label,
      // Neither is JupyterLab's, and each is redrawn at every key.
      guides: { indentation: false },
      occurrencesHighlight: 'off',
    });
    editor.current = instance;
    const fit = () => {
      if (host.current) host.current.style.height = `${instance.getContentHeight()}px`;
    };
    fit();
    const sized = instance.onDidContentSizeChange(fit);
    const where = () => ({ text: instance.getValue(), offset: instance.getModel()?.getOffsetAt(instance.getPosition() ?? { lineNumber: 1, column: 1 }) ?? 0 });
    for (const [keys, command] of KEYS) instance.addCommand(keys, () => latest.current.onCommand(command, where()));
    instance.addCommand(monaco.KeyCode.Escape, () => latest.current.onCommand('command', where()), '!suggestWidgetVisible && !findWidgetVisible');
    const changed = instance.onDidChangeModelContent((event) => {
      if (event.isFlush) return;
      const text = instance.getValue();
      typed.current = text;
      // Typing back to the document's text writes nothing: nothing is on its way then.
      ahead.current = text !== doc.current;
      typedAt.current = Date.now();
      latest.current.onText(text);
    });
    return () => {
      clearTimeout(recheck.current);
      sized.dispose();
      changed.dispose();
      instance.dispose();
      editor.current = null;
    };
    // Made once per cell: later values and languages come through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The document's text into the editor, unless typing here is still on its way (then once it is
  // surely in: a live query may skip our own write's value when another's follows it closely).
  useEffect(() => {
    doc.current = value;
    const sync = () => {
      const instance = editor.current;
      if (!instance) return;
      if (doc.current === typed.current) ahead.current = false; // the last typing is in
      if (instance.getValue() === doc.current) return;
      clearTimeout(recheck.current);
      if (ahead.current && Date.now() - typedAt.current < AHEAD_MS) {
        recheck.current = setTimeout(sync, AHEAD_MS);
        return;
      }
      ahead.current = false;
      typed.current = null;
      instance.setValue(doc.current);
    };
    sync();
  }, [value]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model) monaco.editor.setModelLanguage(model, language);
    // As in JupyterLab: suggestions on Ctrl+Space, not at every key, except in SQL cells, whose
    // catalog completions are SQL Lab's (the widget's search and redraw at each key cost a frame).
    // Set here, on mount too (this effect runs after the one that makes the editor).
    editor.current?.updateOptions({ quickSuggestions: language === 'sql' });
  }, [language]);

  useEffect(() => {
    if (focused) editor.current?.focus();
  }, [focused]);

  return <div ref={host} className="nb-monaco" />;
}

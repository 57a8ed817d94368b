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

/** One cell's Monaco, as tall as its text; text from outside (undo, another tab) is written in unless it is what was typed here. */
export default function CellEditor({ value, language, onText, onCommand, focused, label }: CellEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const latest = useRef({ onText, onCommand });
  const typed = useRef<string[]>([]);
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
      typed.current = [...typed.current.slice(-20), text];
      latest.current.onText(text);
    });
    return () => {
      sized.dispose();
      changed.dispose();
      instance.dispose();
      editor.current = null;
    };
    // Made once per cell: later values and languages come through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = editor.current;
    if (!instance) return;
    // The document caught up with the editor: what was typed before is no longer an echo to skip.
    if (instance.getValue() === value) typed.current = [];
    else if (!typed.current.includes(value)) instance.setValue(value);
  }, [value]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model) monaco.editor.setModelLanguage(model, language);
  }, [language]);

  useEffect(() => {
    if (focused) editor.current?.focus();
  }, [focused]);

  return <div ref={host} className="nb-monaco" />;
}

import { useEffect, useImperativeHandle, useRef, type Ref, type RefObject } from 'react';
import { monaco } from './monaco';
import { attachPlaceholder } from './placeholder';
import type { Complete } from '../../components/completion/completionSource';
import { qualifierBefore, type SuggestionKind } from '../../components/completion/completions';

export interface SqlEditorHandle {
  /** The selected text ('' when nothing is selected). */
  selectedText(): string;
  /** The text as typed so far (the tab row gets it after a pause). */
  text(): string;
  focus(): void;
}

export interface SqlEditorProps {
  /** One model (text, undo stack, cursor) per tab, so switching tabs keeps each tab's history. */
  tabId: string;
  value: string;
  onChange: (sql: string) => void;
  onExecute: () => void;
  onExecuteSelection: (selected: string) => void;
  onFormat: () => void;
  /** Suggestions for the word at the cursor. */
  complete: Complete;
  ref?: Ref<SqlEditorHandle>;
}

const KINDS: Record<SuggestionKind, monaco.languages.CompletionItemKind> = {
  catalog: monaco.languages.CompletionItemKind.Module,
  schema: monaco.languages.CompletionItemKind.Folder,
  table: monaco.languages.CompletionItemKind.Class,
  column: monaco.languages.CompletionItemKind.Field,
  keyword: monaco.languages.CompletionItemKind.Keyword,
};

/** Monaco for SQL: Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter runs the selection, Ctrl+Shift+F formats. */
export default function SqlEditor({ tabId, value, onChange, onExecute, onExecuteSelection, onFormat, complete, ref }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const models = useRef(new Map<string, monaco.editor.ITextModel>());
  /** Set while text from outside is written into a model, so it is not reported back as typing. */
  const applying = useRef(false);
  /**
   * Texts this editor reported per tab, most recent last. The saved text comes back through the
   * log a little later (debounced), when the user may have typed on: it must not overwrite that.
   */
  const reported = useRef(new Map<string, string[]>());
  // Commands and the completion provider are registered once; they read the latest props here.
  const latest = useRef({ tabId, onChange, onExecute, onExecuteSelection, onFormat, complete });
  useEffect(() => {
    latest.current = { tabId, onChange, onExecute, onExecuteSelection, onFormat, complete };
  });

  useImperativeHandle(ref, () => ({
    selectedText: () => selectedText(editor.current),
    text: () => editor.current?.getModel()?.getValue() ?? value,
    focus: () => editor.current?.focus(),
  }));

  useEffect(() => {
    if (!host.current) return;
    const instance = monaco.editor.create(host.current, EDITOR_OPTIONS);
    editor.current = instance;
    const dispose = wireEditor(instance, latest, (text) => {
      if (applying.current) return;
      remember(reported.current, latest.current.tabId, text);
      latest.current.onChange(text);
    });
    const owned = models.current;
    return () => {
      dispose();
      instance.dispose();
      for (const model of owned.values()) model.dispose();
      owned.clear();
      editor.current = null;
    };
  }, []);

  // Show this tab's model; text changed elsewhere (another browser tab, format) replaces it as one undoable edit.
  useEffect(() => {
    const instance = editor.current;
    if (!instance) return;
    let model = models.current.get(tabId);
    if (!model) {
      model = monaco.editor.createModel(value, 'sql');
      models.current.set(tabId, model);
    } else if (model.getValue() !== value && !reported.current.get(tabId)?.includes(value)) {
      applying.current = true;
      try {
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
      } finally {
        applying.current = false;
      }
    }
    if (instance.getModel() !== model) instance.setModel(model);
  }, [tabId, value]);

  return <div className="sql-editor" ref={host} data-testid="sql-editor" />;
}

const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  language: 'sql',
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  scrollBeyondLastLine: false,
  wordWrap: 'on',
  tabSize: 2,
  fixedOverflowWidgets: true,
};

type Latest = RefObject<Pick<SqlEditorProps, 'onExecute' | 'onExecuteSelection' | 'onFormat' | 'complete'>>;

/** The placeholder, the keys, typing and completion on a new editor; returns what undoes them. */
function wireEditor(instance: monaco.editor.IStandaloneCodeEditor, latest: Latest, onTyped: (text: string) => void): () => void {
  const placeholder = attachPlaceholder(instance, 'SELECT ...');
  const { KeyMod, KeyCode } = monaco;
  // A run closes the completion popup: it would otherwise stay open over the editor.
  const closingSuggestions = (run: () => void) => () => {
    instance.trigger('run', 'hideSuggestWidget', null);
    run();
  };
  instance.addCommand(KeyMod.CtrlCmd | KeyCode.Enter, closingSuggestions(() => latest.current.onExecute()));
  instance.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.Enter, closingSuggestions(() => latest.current.onExecuteSelection(selectedText(instance))));
  instance.addCommand(KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyF, () => latest.current.onFormat());
  instance.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyF, () => latest.current.onFormat());
  const typed = instance.onDidChangeModelContent((event) => {
    if (!event.isFlush) onTyped(instance.getValue());
  });
  const completions = monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    provideCompletionItems: (model, position, context) => provideCompletions(instance, model, position, context, latest.current.complete),
  });
  return () => {
    typed.dispose();
    placeholder.dispose();
    completions.dispose();
  };
}

/**
 * Monaco's completion items for the word at `position`, from `complete`.
 */
async function provideCompletions(
  instance: monaco.editor.ICodeEditor,
  model: monaco.editor.ITextModel,
  position: monaco.Position,
  context: monaco.languages.CompletionContext,
  complete: Complete,
): Promise<monaco.languages.CompletionList> {
  const word = model.getWordUntilPosition(position);
  const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
  const before = model.getValueInRange(new monaco.Range(position.lineNumber, 1, position.lineNumber, word.startColumn));
  const invoked = context.triggerKind === monaco.languages.CompletionTriggerKind.Invoke;
  const { suggestions, incomplete, late } = await complete({ sql: model.getValue(), word: word.word, qualifier: qualifierBefore(before), invoked });
  // Asked for with Ctrl+Space and the server was too slow: show its answer where it was asked.
  // (While typing, Monaco asks again on the next keystroke of an incomplete list.)
  void late?.then(() => {
    if (invoked && instance.hasTextFocus() && instance.getModel() === model && instance.getPosition()?.equals(position)) {
      instance.trigger('completion', 'editor.action.triggerSuggest', { auto: false });
    }
  });
  return {
    incomplete,
    suggestions: suggestions.map((s) => ({ label: s.label, kind: KINDS[s.kind], detail: s.detail, sortText: s.sortText, insertText: s.insertText, range })),
  };
}

const REMEMBERED = 100;

function remember(reported: Map<string, string[]>, tabId: string, text: string): void {
  const texts = reported.get(tabId) ?? [];
  texts.push(text);
  if (texts.length > REMEMBERED) texts.shift();
  reported.set(tabId, texts);
}

function selectedText(instance: monaco.editor.IStandaloneCodeEditor | null): string {
  const model = instance?.getModel();
  const selection = instance?.getSelection();
  if (!model || !selection || selection.isEmpty()) return '';
  return model.getValueInRange(selection);
}

import type { Selection } from '../../../model/notebookDoc/selection';
import type { Cell, Nbformat45 } from '../../../model/nbformat/types';
import type { NotebookDocCommands } from '../doc';
import type { NotebookRun } from '../run';

/** A key that runs a command: its name as KeyboardEvent.key says it (lower case), its modifiers, and where it counts. */
export interface KeySpec {
  key: string;
  shift?: true;
  /** Ctrl, or Cmd on a Mac. */
  mod?: true;
  alt?: true;
  /** Pressed twice in a row (D D, I I, 0 0). */
  twice?: true;
  /** Command mode (the list has the keys) unless said; `both`: also while typing in a cell. */
  mode?: 'command' | 'edit' | 'both';
}

/** What the editor shows when a command is asked for: enough to say whether it can act. */
export interface EditorSnapshot {
  /** The notebook as on screen (the intents themselves decide on the stored doc). */
  notebook: Nbformat45;
  selection: Selection;
  viewMode: 'code' | 'report';
  /** The kernel machine's state; null while the notebook's run is not ready. */
  kernel: string | null;
}

/** The editor's view state, which stays in the page: the selection, the mode, the clipboard, typing not yet written. */
export interface EditorPort {
  /** The selection now (it may have changed while a command awaited). */
  selection: () => Selection;
  select: (selection: Selection) => void;
  setMode: (mode: 'command' | 'edit') => void;
  /** Writes what was typed (a command acts on the text on screen). */
  flush: () => Promise<void>;
  /** The next typing is a new undo step. */
  endGroup: () => void;
  copied: () => readonly Cell[];
  copy: (cells: readonly Cell[]) => void;
  /** The doc as stored now. */
  read: () => Promise<Nbformat45 | null>;
}

export interface NotebookCommandContext {
  docId: string;
  docs: NotebookDocCommands;
  run: NotebookRun | null;
  snapshot: EditorSnapshot;
  editor: EditorPort;
  /** Split: the text and cursor of the cell's editor. */
  at?: { text: string; offset: number };
}

/** A dialog's question (ConfirmDialog's shape). */
export interface Question {
  title: string;
  text: string;
  confirm: string;
}

/** One notebook command, all of it in one place (Excalidraw's actions): the keymap, the toolbar and Ctrl+K read it. */
export interface NotebookCommandSpec<Id extends string = string> {
  id: Id;
  /** Its name in the palette (and the toolbar's tooltip when `tool` is not set). */
  label: string;
  /** Its toolbar button's name, when it has one. */
  tool?: string;
  keys: KeySpec[];
  /** Listed in the Ctrl+K palette (moving the selection and the mode keys are not). */
  palette: boolean;
  /** Offered in the report view (it leaves the cells as they are). */
  report: boolean;
  /** Whether it can act now (a disabled button, an ignored key, a greyed palette entry). */
  enabled: (snapshot: EditorSnapshot) => boolean;
  /** Asked first (it loses the kernel's variables), naming the notebook. */
  ask?: (notebook: string) => Question;
  run: (ctx: NotebookCommandContext) => Promise<unknown> | void;
}

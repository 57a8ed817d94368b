import type { PageCommand } from '../../layout/pageCommands';
import type { NotebookCommand } from './keys';

/** What the palette can do to the notebook in front: its key commands and the toolbar's actions. */
export interface EditorActions {
  perform: (command: NotebookCommand) => void;
  runAll: () => void;
  restartAndRunAll: () => void;
  shutdown: () => void;
  redo: () => void;
}

/** The key commands as the palette lists them: label and Jupyter's shortcut (command mode unless it says Ctrl). */
const KEYED: [NotebookCommand, string, string | undefined][] = [
  ['run', 'Run cell', 'Ctrl+Enter'],
  ['runAndSelectNext', 'Run cell and select below', 'Shift+Enter'],
  ['runAndInsert', 'Run cell and insert below', 'Alt+Enter'],
  ['interrupt', 'Interrupt kernel', 'I, I'],
  ['restart', 'Restart kernel', '0, 0'],
  ['insertAbove', 'Insert cell above', 'A'],
  ['insertBelow', 'Insert cell below', 'B'],
  ['delete', 'Delete cells', 'D, D'],
  ['cut', 'Cut cells', 'X'],
  ['copy', 'Copy cells', 'C'],
  ['pasteBelow', 'Paste cells below', 'V'],
  ['pasteAbove', 'Paste cells above', 'Shift+V'],
  ['merge', 'Merge cells', 'Shift+M'],
  ['toCode', 'Change to Code', 'Y'],
  ['toMarkdown', 'Change to Markdown', 'M'],
  ['toRaw', 'Change to Raw', 'R'],
  ['save', 'Save', 'Ctrl+S'],
  ['undo', 'Undo', 'Z'],
];

/** What the report view offers: runs, the kernel and saving; nothing that edits cells. */
const IN_REPORT = new Set(['run', 'runAll', 'interrupt', 'restart', 'restartAndRunAll', 'shutdown', 'save'].map((id) => `notebook:${id}`));

/**
 * The notebook's commands for the Ctrl+K palette, each running on the notebook (its selection)
 * when picked; in report view only those that leave the cells as they are.
 */
export function notebookPaletteCommands(actions: EditorActions, view: 'code' | 'report' = 'code'): PageCommand[] {
  return ordered(actions).filter((command) => view === 'code' || IN_REPORT.has(command.id));
}

function ordered(actions: EditorActions): PageCommand[] {
  const keyed = KEYED.map(([command, label, shortcut]): PageCommand => ({ id: `notebook:${command}`, label, shortcut, run: () => actions.perform(command) }));
  const toolbar: PageCommand[] = [
    { id: 'notebook:runAll', label: 'Run all', run: actions.runAll },
    { id: 'notebook:restartAndRunAll', label: 'Restart and run all', run: actions.restartAndRunAll },
    { id: 'notebook:shutdown', label: 'Shut down kernel', run: actions.shutdown },
    { id: 'notebook:redo', label: 'Redo', run: actions.redo },
  ];
  return [...keyed.slice(0, 3), toolbar[0], ...keyed.slice(3, 5), toolbar[1], toolbar[2], ...keyed.slice(5), toolbar[3]];
}

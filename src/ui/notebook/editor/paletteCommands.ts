import type { PageCommand } from '../../layout/pageCommands';
import type { NotebookCommand } from './keys';

/** The notebook's commands as the palette lists them, in its order: label and shortcut (command mode unless it says Ctrl). */
const LISTED: [NotebookCommand, string, string | undefined][] = [
  ['run', 'Run cell', 'Ctrl+Enter'],
  ['runAndSelectNext', 'Run cell and select below', 'Shift+Enter'],
  ['runAndInsert', 'Run cell and insert below', 'Alt+Enter'],
  ['runAll', 'Run all', undefined],
  ['interrupt', 'Interrupt kernel', 'I, I'],
  ['restart', 'Restart kernel', '0, 0'],
  ['restartAndRunAll', 'Restart and run all', undefined],
  ['shutdown', 'Shut down kernel', undefined],
  ['insertAbove', 'Insert cell above', 'A'],
  ['insertBelow', 'Insert cell below', 'B'],
  ['delete', 'Delete cells', 'D, D'],
  ['cut', 'Cut cells', 'X'],
  ['copy', 'Copy cells', 'C'],
  ['pasteBelow', 'Paste cells below', 'V'],
  ['pasteAbove', 'Paste cells above', 'Shift+V'],
  ['duplicate', 'Duplicate cells', undefined],
  ['moveUp', 'Move cells up', undefined],
  ['moveDown', 'Move cells down', undefined],
  ['merge', 'Merge cells', 'Shift+M'],
  ['toCode', 'Change to Code', 'Y'],
  ['toSql', 'Change to SQL', undefined],
  ['toMarkdown', 'Change to Markdown', 'M'],
  ['toRaw', 'Change to Raw', 'R'],
  ['clearOutputs', 'Clear all outputs', undefined],
  ['save', 'Save', 'Ctrl+S'],
  ['undo', 'Undo', 'Z'],
  ['redo', 'Redo', 'Shift+Z'],
];

/** What the report view offers: runs, the kernel and saving; nothing that edits cells. */
const IN_REPORT = new Set<NotebookCommand>(['run', 'runAll', 'interrupt', 'restart', 'restartAndRunAll', 'shutdown', 'save']);

/**
 * The notebook's commands for the Ctrl+K palette, each running on the notebook (its selection)
 * when picked; in report view only those that leave the cells as they are.
 */
export function notebookPaletteCommands(perform: (command: NotebookCommand) => void, view: 'code' | 'report' = 'code'): PageCommand[] {
  return LISTED.filter(([command]) => view === 'code' || IN_REPORT.has(command)).map(([command, label, shortcut]) => ({
    id: `notebook:${command}`,
    label,
    shortcut,
    run: () => perform(command),
  }));
}

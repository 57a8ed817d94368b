/**
 * Jupyter's command-mode keys as a pure map: a key press (and the key pressed just before, for
 * the two-key D D and I I) to the notebook command it means. Edit-mode keys live in the cell
 * editor (CodeMirror has them), except those this map also answers with `mode: 'edit'`.
 */
export type NotebookCommand =
  | 'edit'
  | 'command'
  | 'insertAbove'
  | 'insertBelow'
  | 'delete'
  | 'toCode'
  | 'toMarkdown'
  | 'toRaw'
  | 'cut'
  | 'copy'
  | 'pasteBelow'
  | 'pasteAbove'
  | 'undo'
  | 'merge'
  | 'split'
  | 'runAndSelectNext'
  | 'run'
  | 'runAndInsert'
  | 'save'
  | 'interrupt'
  | 'restart'
  | 'selectUp'
  | 'selectDown'
  | 'extendUp'
  | 'extendDown'
  | 'redo'
  | 'duplicate'
  | 'toSql'
  | 'moveUp'
  | 'moveDown'
  | 'clearOutputs'
  | 'runAll'
  | 'restartAndRunAll'
  | 'shutdown';

export interface KeyPress {
  key: string;
  shift: boolean;
  /** Ctrl or Cmd. */
  mod: boolean;
  alt: boolean;
}

export interface KeyAnswer {
  command: NotebookCommand | null;
  /** The key to remember for a two-key command (D D, I I, 0 0), else null. */
  pending: string | null;
}

const PLAIN: Record<string, NotebookCommand> = {
  a: 'insertAbove',
  b: 'insertBelow',
  y: 'toCode',
  m: 'toMarkdown',
  r: 'toRaw',
  x: 'cut',
  c: 'copy',
  v: 'pasteBelow',
  z: 'undo',
  enter: 'edit',
  arrowup: 'selectUp',
  k: 'selectUp',
  arrowdown: 'selectDown',
  j: 'selectDown',
};

const SHIFTED: Record<string, NotebookCommand> = { v: 'pasteAbove', m: 'merge', z: 'redo', arrowup: 'extendUp', k: 'extendUp', arrowdown: 'extendDown', j: 'extendDown' };

const TWICE: Record<string, NotebookCommand> = { d: 'delete', i: 'interrupt', '0': 'restart' };

/** Keys that mean the same in both modes (run, save, split). */
function anyMode(press: KeyPress, key: string): NotebookCommand | null {
  if (key === 'enter' && press.shift && !press.mod) return 'runAndSelectNext';
  if (key === 'enter' && press.mod) return 'run';
  if (key === 'enter' && press.alt) return 'runAndInsert';
  if (key === 's' && press.mod && !press.shift) return 'save';
  if ((key === '-' || key === '_') && press.mod && press.shift) return 'split';
  return null;
}

export function commandFor(press: KeyPress, mode: 'command' | 'edit', pending: string | null): KeyAnswer {
  const key = press.key.toLowerCase();
  const both = anyMode(press, key);
  if (both) return { command: both, pending: null };
  if (mode === 'edit') return { command: key === 'escape' ? 'command' : null, pending: null };
  if (press.mod || press.alt) return { command: null, pending: null };
  if (!press.shift && TWICE[key]) return pending === key ? { command: TWICE[key], pending: null } : { command: null, pending: key };
  const command = (press.shift ? SHIFTED : PLAIN)[key] ?? null;
  return { command, pending: null };
}

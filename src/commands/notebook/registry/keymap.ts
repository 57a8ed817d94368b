import { NOTEBOOK_COMMANDS, type NotebookCommandId } from './registry';
import type { KeySpec } from './types';

/**
 * The notebook's keys, read from the registry (one manager owns the keys, as in Excalidraw): a key
 * press (and the key pressed just before, for the two-key D D, I I, 0 0) to the command it means,
 * the hint the palette and the toolbar show, and the keys a cell's editor answers while typing.
 */

export interface KeyPress {
  key: string;
  shift: boolean;
  /** Ctrl or Cmd. */
  mod: boolean;
  alt: boolean;
}

export interface KeyAnswer {
  command: NotebookCommandId | null;
  /** The key to remember for a two-key command (D D, I I, 0 0), else null. */
  pending: string | null;
}

const BOUND = NOTEBOOK_COMMANDS.flatMap((spec) => spec.keys.map((key) => ({ id: spec.id, key })));

function counts(spec: KeySpec, mode: 'command' | 'edit'): boolean {
  const where = spec.mode ?? 'command';
  return where === 'both' || where === mode;
}

function matches(spec: KeySpec, press: KeyPress, mode: 'command' | 'edit'): boolean {
  return counts(spec, mode) && spec.key === press.key.toLowerCase() && !!spec.shift === press.shift && !!spec.mod === press.mod && !!spec.alt === press.alt;
}

export function commandFor(press: KeyPress, mode: 'command' | 'edit', pending: string | null): KeyAnswer {
  const found = BOUND.find(({ key }) => matches(key, press, mode));
  if (!found) return { command: null, pending: null };
  const name = found.key.key;
  if (found.key.twice && pending !== name) return { command: null, pending: name };
  return { command: found.id, pending: null };
}

const NAMES: Record<string, string> = { enter: 'Enter', escape: 'Escape', arrowup: '↑', arrowdown: '↓' };

/** "Ctrl+Enter", "Shift+V", "D, D": how a key is written in hints. */
export function keyText(spec: KeySpec): string {
  const name = NAMES[spec.key] ?? spec.key.toUpperCase();
  const modifiers = [spec.mod && 'Ctrl', spec.shift && 'Shift', spec.alt && 'Alt'].filter(Boolean);
  const once = [...modifiers, name].join('+');
  return spec.twice ? `${once}, ${once}` : once;
}

/** The command's first key as a hint, or undefined when it has none. */
export function shortcutOf(id: NotebookCommandId): string | undefined {
  const first = NOTEBOOK_COMMANDS.find((spec) => spec.id === id)?.keys[0];
  return first && keyText(first);
}

/** The keys a cell's editor answers ahead of its own while typing, in CodeMirror's names ("Mod-Shift--"); Escape is the editor's own. */
export function editorBindings(): { key: string; id: NotebookCommandId }[] {
  return BOUND.filter(({ key }) => key.mode === 'both').map(({ id, key }) => {
    const modifiers = [key.mod && 'Mod', key.alt && 'Alt', key.shift && 'Shift'].filter(Boolean);
    return { key: [...modifiers, NAMES[key.key] ?? key.key].join('-'), id };
  });
}

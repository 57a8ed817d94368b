import { describe, expect, it, vi } from 'vitest';
import { commandFor } from './keys';
import { notebookPaletteCommands } from './paletteCommands';

function setup() {
  const perform = vi.fn();
  const commands = notebookPaletteCommands(perform);
  const byLabel = (label: string) => {
    const found = commands.find((command) => command.label === label);
    if (!found) throw new Error(`no palette command "${label}"`);
    return found;
  };
  return { perform, commands, byLabel };
}

describe('the notebook’s palette commands', () => {
  it('list the brief’s commands, each id once', () => {
    const { commands } = setup();
    const labels = commands.map((command) => command.label);
    for (const label of ['Run cell', 'Run all', 'Restart kernel', 'Restart and run all', 'Interrupt kernel', 'Shut down kernel', 'Insert cell below', 'Change to Markdown', 'Save', 'Undo'])
      expect(labels).toContain(label);
    expect(new Set(commands.map((command) => command.id)).size).toBe(commands.length);
  });

  it('run the notebook command they name', () => {
    const { perform, byLabel } = setup();
    for (const label of ['Run cell', 'Insert cell below', 'Change to Markdown', 'Run all', 'Restart and run all', 'Shut down kernel', 'Redo']) byLabel(label).run();
    expect(perform.mock.calls).toEqual([['run'], ['insertBelow'], ['toMarkdown'], ['runAll'], ['restartAndRunAll'], ['shutdown'], ['redo']]);
  });

  it('hint the shortcuts the editor answers (single command-mode keys as keys.ts maps them)', () => {
    const { commands } = setup();
    for (const command of commands) {
      const key = command.shortcut;
      if (!key || key.includes(',') || key.includes('+')) continue;
      const answer = commandFor({ key: key.toLowerCase(), shift: false, mod: false, alt: false }, 'command', null);
      expect(`notebook:${answer.command}`).toBe(command.id);
    }
    const ctrlEnter = commandFor({ key: 'Enter', shift: false, mod: true, alt: false }, 'command', null);
    expect(ctrlEnter.command).toBe('run');
  });

  it('in report view offer only what leaves the cells as they are', () => {
    const labels = notebookPaletteCommands(vi.fn(), 'report').map((command) => command.label);
    expect(labels).toEqual(['Run cell', 'Run all', 'Interrupt kernel', 'Restart kernel', 'Restart and run all', 'Shut down kernel', 'Save']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { commandFor } from './keys';
import { notebookPaletteCommands } from './paletteCommands';

function setup() {
  const actions = { perform: vi.fn(), runAll: vi.fn(), restartAndRunAll: vi.fn(), shutdown: vi.fn(), redo: vi.fn() };
  const commands = notebookPaletteCommands(actions);
  const byLabel = (label: string) => {
    const found = commands.find((command) => command.label === label);
    if (!found) throw new Error(`no palette command "${label}"`);
    return found;
  };
  return { actions, commands, byLabel };
}

describe('the notebook’s palette commands', () => {
  it('list the brief’s commands, each id once', () => {
    const { commands } = setup();
    const labels = commands.map((command) => command.label);
    for (const label of ['Run cell', 'Run all', 'Restart kernel', 'Restart and run all', 'Interrupt kernel', 'Shut down kernel', 'Insert cell below', 'Change to Markdown', 'Save', 'Undo'])
      expect(labels).toContain(label);
    expect(new Set(commands.map((command) => command.id)).size).toBe(commands.length);
  });

  it('run the notebook command (or toolbar action) they name', () => {
    const { actions, byLabel } = setup();
    byLabel('Run cell').run();
    byLabel('Insert cell below').run();
    byLabel('Change to Markdown').run();
    expect(actions.perform.mock.calls).toEqual([['run'], ['insertBelow'], ['toMarkdown']]);
    byLabel('Run all').run();
    byLabel('Restart and run all').run();
    byLabel('Shut down kernel').run();
    byLabel('Redo').run();
    expect([actions.runAll, actions.restartAndRunAll, actions.shutdown, actions.redo].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1, 1]);
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
    const actions = { perform: vi.fn(), runAll: vi.fn(), restartAndRunAll: vi.fn(), shutdown: vi.fn(), redo: vi.fn() };
    const labels = notebookPaletteCommands(actions, 'report').map((command) => command.label);
    expect(labels).toEqual(['Run cell', 'Run all', 'Interrupt kernel', 'Restart kernel', 'Restart and run all', 'Shut down kernel', 'Save']);
  });
});

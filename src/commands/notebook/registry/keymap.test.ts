import { describe, expect, it } from 'vitest';
import { commandFor, type KeyPress } from './keymap';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, shift: false, mod: false, alt: false, ...extra });

describe('commandFor', () => {
  it('maps the single command-mode keys', () => {
    expect(commandFor(press('a'), 'command', null).command).toBe('insertAbove');
    expect(commandFor(press('B'), 'command', null).command).toBe('insertBelow');
    expect(commandFor(press('m'), 'command', null).command).toBe('toMarkdown');
    expect(commandFor(press('y'), 'command', null).command).toBe('toCode');
    expect(commandFor(press('Enter'), 'command', null).command).toBe('edit');
    expect(commandFor(press('M', { shift: true }), 'command', null).command).toBe('merge');
    expect(commandFor(press('V', { shift: true }), 'command', null).command).toBe('pasteAbove');
    expect(commandFor(press('ArrowDown', { shift: true }), 'command', null).command).toBe('extendDown');
  });

  it('deletes only on D pressed twice', () => {
    const first = commandFor(press('d'), 'command', null);
    expect(first).toEqual({ command: null, pending: 'd' });
    expect(commandFor(press('d'), 'command', first.pending)).toEqual({ command: 'delete', pending: null });
    expect(commandFor(press('d'), 'command', 'i')).toEqual({ command: null, pending: 'd' });
  });

  it('runs, saves and splits in both modes', () => {
    for (const mode of ['command', 'edit'] as const) {
      expect(commandFor(press('Enter', { shift: true }), mode, null).command).toBe('runAndSelectNext');
      expect(commandFor(press('Enter', { mod: true }), mode, null).command).toBe('run');
      expect(commandFor(press('Enter', { alt: true }), mode, null).command).toBe('runAndInsert');
      expect(commandFor(press('s', { mod: true }), mode, null).command).toBe('save');
      expect(commandFor(press('-', { mod: true, shift: true }), mode, null).command).toBe('split');
    }
  });

  it('leaves letters to the editor in edit mode, and Escape leaves it', () => {
    expect(commandFor(press('a'), 'edit', null).command).toBeNull();
    expect(commandFor(press('d'), 'edit', 'd').command).toBeNull();
    expect(commandFor(press('Escape'), 'edit', null).command).toBe('command');
  });

  it('ignores modified letters in command mode (the browser keeps Ctrl+C and friends)', () => {
    expect(commandFor(press('c', { mod: true }), 'command', null).command).toBeNull();
  });
});

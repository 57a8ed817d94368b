import { describe, expect, it, vi } from 'vitest';
import { shortcutOf } from '../../../commands/notebook/registry/keymap';
import { NOTEBOOK_COMMANDS } from '../../../commands/notebook/registry/registry';
import type { EditorSnapshot } from '../../../commands/notebook/registry/types';
import { selectOne } from '../../../model/notebookDoc/selection';
import { TOOLBAR } from './EditorToolbar';
import { paletteCommands } from './useEditorCommands';

const snapshot = (extra: Partial<EditorSnapshot> = {}): EditorSnapshot => ({ notebook: { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] }, selection: selectOne('a'), viewMode: 'code', kernel: 'none', ...extra });

describe('the toolbar and the Ctrl+K palette, fed from the registry', () => {
  it('the toolbar has a button for each command the registry names a tool, and no other', () => {
    const shown = TOOLBAR.flat().map(([id]) => id);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual(NOTEBOOK_COMMANDS.filter((spec) => spec.tool).map((spec) => spec.id).sort());
  });

  it('the palette lists the registry’s palette commands in its order, with their labels and first keys', () => {
    const perform = vi.fn();
    const listed = paletteCommands(snapshot(), perform);
    const specs = NOTEBOOK_COMMANDS.filter((spec) => spec.palette);
    expect(listed.map((command) => command.label)).toEqual(specs.map((spec) => spec.label));
    expect(listed.map((command) => command.shortcut)).toEqual(specs.map((spec) => shortcutOf(spec.id)));
    listed.find((command) => command.label === 'Insert cell below')!.run();
    expect(perform).toHaveBeenCalledWith('insertBelow');
    // No kernel: its commands are listed, greyed.
    expect(listed.find((command) => command.label === 'Restart and run all')).toMatchObject({ disabled: true });
  });

  it('in the report view the palette offers only what leaves the cells as they are', () => {
    const labels = paletteCommands(snapshot({ viewMode: 'report' }), vi.fn()).map((command) => command.label);
    expect(labels).toEqual(['Run cell', 'Run all', 'Interrupt kernel', 'Restart kernel', 'Restart and run all', 'Shut down kernel', 'Save']);
  });
});

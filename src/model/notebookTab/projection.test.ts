import { describe, expect, it } from 'vitest';
import { NOTEBOOK_TABS_AGGREGATE, type ConsoleEvent } from '../events';
import { canClose, lastActive, neighbourAfterClose, openInOrder, renameTarget } from './rules';
import { tabsOf } from '../../db/notebookTabs';
import type { NotebookDocRow, NotebookTabRow } from '../rows';
import { eventMaker } from '../testing/events';
import { notebookTabs } from './projection';

/** The rows the projection makes of these events, applied one by one as append() does. */
function project(events: ConsoleEvent[]): NotebookTabRow[] {
  const rows = new Map<string, NotebookTabRow>();
  for (const event of events) {
    const key = notebookTabs.keyOf(event);
    if (key === null) continue;
    const next = notebookTabs.apply(rows.get(key), event);
    if (next) rows.set(key, next);
    else rows.delete(key);
  }
  return [...rows.values()];
}

function strip(...steps: [string, string][]) {
  const make = eventMaker();
  return project(steps.map(([type, docId]) => make(`NotebookTab${type}`, NOTEBOOK_TABS_AGGREGATE, { docId })));
}
const ids = (rows: NotebookTabRow[]) => openInOrder(rows).map((row) => row.id);

describe('notebook tabs projection', () => {
  it('opens tabs in order; opening an open tab activates it without moving it', () => {
    const rows = strip(['Opened', 'a'], ['Opened', 'b'], ['Opened', 'a']);
    expect(ids(rows)).toEqual(['a', 'b']);
    expect(lastActive(rows)).toBe('a');
  });

  it('a closed tab leaves the strip; opened again it comes back at the end, active', () => {
    const rows = strip(['Opened', 'a'], ['Opened', 'b'], ['Opened', 'c'], ['Closed', 'a']);
    expect(ids(rows)).toEqual(['b', 'c']);
    expect(rows.find((row) => row.id === 'a')).toMatchObject({ isClosed: true, closedSeq: 4 });
    const again = strip(['Opened', 'a'], ['Opened', 'b'], ['Closed', 'a'], ['Opened', 'a']);
    expect(ids(again)).toEqual(['b', 'a']);
    expect(lastActive(again)).toBe('a');
    expect(again.find((row) => row.id === 'a')).not.toHaveProperty('closedSeq');
  });

  it('activating or closing a tab never opened (or closed) changes nothing', () => {
    expect(strip(['Activated', 'x'], ['Closed', 'y'])).toEqual([]);
    const rows = strip(['Opened', 'a'], ['Opened', 'b'], ['Closed', 'b'], ['Activated', 'b']);
    expect(ids(rows)).toEqual(['a']);
    expect(lastActive(rows)).toBe('a');
  });

  it('ignores other aggregates’ events', () => {
    const make = eventMaker();
    expect(notebookTabs.keyOf(make('NotebookTabOpened', 'workspace', { docId: 'a' }))).toBeNull();
    expect(notebookTabs.keyOf(make('SqlTabOpened', NOTEBOOK_TABS_AGGREGATE, { docId: 'a' }))).toBeNull();
  });
});

describe('notebook tab rules', () => {
  const rows = strip(['Opened', 'a'], ['Opened', 'b'], ['Opened', 'c']);

  it('the last open tab cannot be closed', () => {
    expect(canClose(rows, 'a')).toBe(true);
    const one = strip(['Opened', 'a'], ['Opened', 'b'], ['Closed', 'b']);
    expect(canClose(one, 'a')).toBe(false);
  });

  it('closing goes to the previous neighbour, the first tab to the next one', () => {
    expect(neighbourAfterClose(rows, 'b')).toBe('a');
    expect(neighbourAfterClose(rows, 'c')).toBe('b');
    expect(neighbourAfterClose(rows, 'a')).toBe('b');
    expect(neighbourAfterClose(strip(['Opened', 'a']), 'a')).toBeNull();
  });

  it('a rename is ignored when empty or unchanged; .ipynb is added when left out', () => {
    expect(renameTarget('', 'a.ipynb')).toBeNull();
    expect(renameTarget('   ', 'a.ipynb')).toBeNull();
    expect(renameTarget('a.ipynb', 'a.ipynb')).toBeNull();
    expect(renameTarget(' a ', 'a.ipynb')).toBeNull();
    expect(renameTarget('b', 'a.ipynb')).toBe('b.ipynb');
    expect(renameTarget(' b.ipynb ', 'a.ipynb')).toBe('b.ipynb');
  });
});

describe('the strip as shown', () => {
  const doc = (docId: string, path: string, dirty = false) => ({ docId, path, dirty }) as NotebookDocRow;

  it('shows each open tab with its doc’s current path and name, and whether it is dirty; gone docs are left out', () => {
    const rows = strip(['Opened', 'a'], ['Opened', 'b'], ['Opened', 'gone'], ['Opened', 'deleted']);
    const docs = [doc('a', 'f/one.ipynb'), doc('b', 'two.ipynb', true), doc('deleted', 'x.ipynb')];
    const moved = (d: NotebookDocRow) => (d.docId === 'deleted' ? null : d.docId === 'a' ? 'g/uno.ipynb' : d.path);
    expect(tabsOf(rows, docs, moved)).toEqual([
      { id: 'a', docId: 'a', path: 'g/uno.ipynb', name: 'uno.ipynb', dirty: false },
      { id: 'b', docId: 'b', path: 'two.ipynb', name: 'two.ipynb', dirty: true },
    ]);
  });
});

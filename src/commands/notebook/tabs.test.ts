import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { append } from '../../db/append';
import { notebookAggregate, NOTEBOOK_TABS_AGGREGATE } from '../../model/events';
import { newEvent, type Identity } from '../../db/identity';
import { readNotebookTabs } from '../../db/notebookTabs';
import {
  ACTIVE_TAB_NOT_FOUND_MESSAGE,
  CODE_MODE_ONLY_MESSAGE,
  LAST_NOTEBOOK_TAB_MESSAGE,
  NO_ACTIVE_TAB_MESSAGE,
  RENAME_FAILED_MESSAGE,
} from '../../model/notebookTab/rules';
import { readWorkspace } from '../../db/reads';
import { freshDbs } from '../../db/testing/db';
import type { Notice } from '../core';
import { createNotebookTabCommands } from './tabs';
import type { SaveVerdict } from '../../sync/outbox/sender';
import { createWorkspaceCommands, newNotebookFile } from '../workspace/workspace';

const freshDb = freshDbs('notebook-tabs');
const me: Identity = { clientId: 'client', tabId: 'tab' };

function setup(verdict: SaveVerdict = { kind: 'applied' }) {
  const db = freshDb();
  const notices: Notice[] = [];
  const notify = (n: Notice) => notices.push(n);
  const sender = { wake: vi.fn(), settled: vi.fn(async () => verdict) };
  const notebooks = { getLocalFile: vi.fn(), getDetails: vi.fn(), searchFiles: vi.fn() };
  const workspace = createWorkspaceCommands({ db, identity: me, notify: () => {}, sender, refresh: vi.fn(), notebooks, mount: '/api/notebook' });
  const tabs = createNotebookTabCommands({ db, identity: me, notify, workspace });
  /** A notebook created in the workspace and opened as a doc whose id is `docId`. */
  const doc = async (docId: string, path: string) => {
    await workspace.createNotebook(path);
    const content = newNotebookFile();
    await append(db, [newEvent(me, { type: 'NotebookOpened', aggregateId: notebookAggregate(docId), payload: { docId, path, content } })]);
  };
  const strip = async () => (await readNotebookTabs(db)).tabs.map((tab) => tab.name);
  return { db, notices, workspace, tabs, doc, strip };
}

/** Notebooks a, b, c (docs A, B, C) in folder f, opened as tabs in that order. */
async function threeTabs() {
  const ctx = setup();
  for (const name of ['a', 'b', 'c']) {
    await ctx.doc(name.toUpperCase(), `f/${name}.ipynb`);
    await ctx.tabs.open(name.toUpperCase());
  }
  return ctx;
}

describe('opening tabs', () => {
  it('a notebook shown adds its tab at the end; shown again, it is only brought to the front', async () => {
    const { db, tabs, strip } = await threeTabs();
    expect(await strip()).toEqual(['a.ipynb', 'b.ipynb', 'c.ipynb']);
    const types = async () => {
      const result = await tabs.open('A');
      return result.ok ? result.events.map((e) => e.type) : result.message;
    };
    expect(await types()).toEqual(['NotebookTabActivated']);
    expect(await types()).toEqual([]); // already in front: nothing to write
    expect(await strip()).toEqual(['a.ipynb', 'b.ipynb', 'c.ipynb']);
    expect((await readNotebookTabs(db)).lastActive).toBe('A');
    expect((await db.events.where('aggregateId').equals(NOTEBOOK_TABS_AGGREGATE).toArray()).map((e) => e.type)).toEqual([
      'NotebookTabOpened',
      'NotebookTabOpened',
      'NotebookTabOpened',
      'NotebookTabActivated',
    ]);
  });
});

describe('closing tabs', () => {
  it('closing the shown tab goes to its previous neighbour; another tab just closes', async () => {
    const { tabs, strip } = await threeTabs();
    expect(await tabs.close('B', 'B')).toMatchObject({ ok: true, next: 'A' });
    expect(await strip()).toEqual(['a.ipynb', 'c.ipynb']);
    expect(await tabs.close('C', 'A')).toMatchObject({ ok: true, next: null });
    expect(await strip()).toEqual(['a.ipynb']);
  });

  it('the last tab cannot be closed: the seed’s words, told once, nothing written', async () => {
    const { db, tabs, notices, doc } = setup();
    await doc('A', 'a.ipynb');
    await tabs.open('A');
    const before = await db.events.count();
    expect(await tabs.close('A', 'A')).toMatchObject({ ok: false, reason: 'last-tab', message: LAST_NOTEBOOK_TAB_MESSAGE });
    expect(notices).toEqual([{ kind: 'error', message: 'You cannot close the last tab.' }]);
    expect(await db.events.count()).toBe(before);
  });

  it('a tab whose notebook was deleted does not count: the last tab shown still stays', async () => {
    const { tabs, workspace, strip } = await threeTabs();
    await workspace.remove('f/a.ipynb');
    await workspace.remove('f/b.ipynb');
    expect(await strip()).toEqual(['c.ipynb']);
    expect(await tabs.close('C', 'C')).toMatchObject({ ok: false, message: LAST_NOTEBOOK_TAB_MESSAGE });
  });
});

describe('new tab', () => {
  it('creates the next untitled notebook in the folder (the workspace’s rule) and answers its path', async () => {
    const { db, tabs } = await threeTabs();
    expect(await tabs.newTab('f', 'code')).toMatchObject({ ok: true, path: 'f/Untitled-4.ipynb' });
    const items = (await readWorkspace(db)).items.map((item) => item.path);
    expect(items).toContain('f/Untitled-4.ipynb');
    expect(await tabs.newTab('', 'code')).toMatchObject({ ok: true, path: 'Untitled-1.ipynb' }); // the root holds no notebook
  });

  it('is refused in report mode with the seed’s words', async () => {
    const { db, tabs, notices } = await threeTabs();
    const before = await db.events.count();
    expect(await tabs.newTab('f', 'report')).toMatchObject({ ok: false, message: CODE_MODE_ONLY_MESSAGE });
    expect(notices).toEqual([{ kind: 'error', message: 'New tab creation is only available in code mode.' }]);
    expect(await db.events.count()).toBe(before);
  });
});

describe('rename', () => {
  it('renames the notebook file (a workspace change); the tab follows it, and the toast names it', async () => {
    const { db, tabs, notices, strip } = await threeTabs();
    expect(await tabs.rename('B', 'sales')).toMatchObject({ ok: true, path: 'f/sales.ipynb' });
    expect(await strip()).toEqual(['a.ipynb', 'sales.ipynb', 'c.ipynb']);
    expect(notices).toEqual([{ kind: 'success', message: 'Tab renamed to "sales.ipynb"' }]);
    const renames = (await db.events.where('type').equals('WorkspaceItemRenamed').toArray()).map((e) => e.payload);
    expect(renames).toEqual([{ oldPath: 'f/b.ipynb', newPath: 'f/sales.ipynb' }]);
    expect((await readWorkspace(db)).items.map((item) => item.path)).toContain('f/sales.ipynb');
  });

  it('an empty or unchanged name is ignored: nothing written, nothing said', async () => {
    const { db, tabs, notices } = await threeTabs();
    const before = await db.events.count();
    for (const name of ['', '  ', 'b', 'b.ipynb']) expect(await tabs.rename('B', name)).toMatchObject({ ok: true, path: null });
    expect(await db.events.count()).toBe(before);
    expect(notices).toEqual([]);
  });

  it('without a shown tab, or with one not in the strip: the seed’s errors', async () => {
    const { tabs, notices } = await threeTabs();
    expect(await tabs.rename(null, 'x')).toMatchObject({ ok: false, message: NO_ACTIVE_TAB_MESSAGE });
    expect(await tabs.rename('Z', 'x')).toMatchObject({ ok: false, message: ACTIVE_TAB_NOT_FOUND_MESSAGE });
    expect(notices.map((n) => n.message)).toEqual(['No active tab to rename', 'Active tab not found']);
  });

  it('a name taken in the folder, a bad name or a refused save: "Failed to rename tab"', async () => {
    const { tabs, notices } = await threeTabs();
    expect(await tabs.rename('B', 'c')).toMatchObject({ ok: false, message: RENAME_FAILED_MESSAGE });
    expect(await tabs.rename('B', 'a/b')).toMatchObject({ ok: false, message: RENAME_FAILED_MESSAGE });
    const refused = setup({ kind: 'failed', status: 409, message: 'Changed on the server' });
    await refused.doc('A', 'a.ipynb');
    await refused.tabs.open('A');
    expect(await refused.tabs.rename('A', 'z')).toMatchObject({ ok: false, message: RENAME_FAILED_MESSAGE });
    expect([...notices, ...refused.notices].map((n) => n.message)).toEqual(['Failed to rename tab', 'Failed to rename tab', 'Failed to rename tab']);
  });
});

import { describe, expect, it } from 'vitest';
import { recentItems, visitItem, type RecentSources } from './recentItems';

const none: RecentSources = { visits: [], tabs: [], workspaceChanges: [] };
const visit = (path: string, title: string, visitedAt: number) => ({ path, title, visitedAt });
const change = (kind: RecentSources['workspaceChanges'][number]['kind'], path: string, at: number, newPath?: string, state: 'applied' | 'discarded' = 'applied') => ({
  kind, path, newPath, at, state,
});

describe('visitItem', () => {
  it('names a catalog table by its name, with catalog.schema as the hint, and links to the table', () => {
    expect(visitItem(visit('/admin/catalog/lakehouse/gaming/bet_reports', 'Catalog', 5))).toEqual({
      key: 'table:/admin/catalog/lakehouse/gaming/bet_reports', kind: 'table', label: 'bet_reports', hint: 'lakehouse.gaming', to: '/admin/catalog/lakehouse/gaming/bet_reports', at: 5,
    });
  });

  it('takes a column visit for its table, and decodes names', () => {
    const item = visitItem(visit('/admin/catalog/my%20db/s/t%2F1/amount', 'Catalog', 1));
    expect(item).toMatchObject({ kind: 'table', label: 't/1', hint: 'my db.s', to: '/admin/catalog/my%20db/s/t%2F1' });
  });

  it('keeps other pages (and catalog or schema visits) as pages under their title', () => {
    expect(visitItem(visit('/admin/sql', 'SQL Editor', 2))).toMatchObject({ kind: 'page', label: 'SQL Editor', to: '/admin/sql', hint: '' });
    expect(visitItem(visit('/admin/catalog/lakehouse/gaming', 'Catalog', 2))).toMatchObject({ kind: 'page', hint: 'lakehouse.gaming' });
  });
});

describe('recentItems', () => {
  it('is empty for a new user', () => {
    expect(recentItems(none)).toEqual({ table: [], query: [], notebook: [], page: [] });
  });

  it('sorts each kind newest first, one entry per table, and leaves Home and Recent out', () => {
    const items = recentItems({
      ...none,
      visits: [
        visit('/admin/catalog/c/s/orders/id', 'Catalog', 9),
        visit('/admin/recent', 'Recent', 8),
        visit('/admin/catalog/c/s/users', 'Catalog', 7),
        visit('/admin/catalog/c/s/orders', 'Catalog', 6),
        visit('/admin/default', 'Home', 5),
        visit('/admin/workspace', 'Workspace', 4),
      ],
    });
    expect(items.table.map((i) => [i.label, i.at])).toEqual([['orders', 9], ['users', 7]]);
    expect(items.page.map((i) => i.label)).toEqual(['Workspace']);
  });

  it('lists SQL tabs by when they were last in front, opening the editor on that tab', () => {
    const items = recentItems({ ...none, tabs: [{ id: 'a', name: 'Revenue', at: 1 }, { id: 'b', name: 'Scratch', at: 3 }] });
    expect(items.query.map((i) => [i.label, i.tabId, i.to])).toEqual([['Scratch', 'b', '/admin/sql'], ['Revenue', 'a', '/admin/sql']]);
  });

  it('follows notebooks through renames and deletes (their folders too); discarded changes never happened', () => {
    const items = recentItems({
      ...none,
      workspaceChanges: [
        change('notebookCreated', 'a.ipynb', 1),
        change('folderCreated', 'f', 2),
        change('notebookCreated', 'f/b.ipynb', 3),
        change('notebookCreated', 'gone.ipynb', 4),
        change('renamed', 'a.ipynb', 5, 'a2.ipynb'),
        change('renamed', 'f', 6, 'g'),
        change('deleted', 'gone.ipynb', 7),
        change('notebookCreated', 'never.ipynb', 8, undefined, 'discarded'),
        change('renamed', 'server.ipynb', 9, 'mine.ipynb'),
      ],
    });
    expect(items.notebook.map((i) => [i.label, i.hint, i.at])).toEqual([['mine.ipynb', 'Workspace', 9], ['a2.ipynb', 'Workspace', 5], ['b.ipynb', 'g', 3]]);
    expect(items.notebook[2].to).toBe('/admin/workspace/notebook/g/b.ipynb');
    expect(items.notebook[1].to).toBe('/admin/workspace/notebook/a2.ipynb');
  });

  it('keeps at most the limit of each kind', () => {
    const tabs = Array.from({ length: 15 }, (_, i) => ({ id: `t${i}`, name: `Tab ${i}`, at: i }));
    expect(recentItems({ ...none, tabs }, 10).query).toHaveLength(10);
  });
});

describe('notebooks opened in the editor', () => {
  it('are listed as notebooks by name and folder (not as pages titled "Notebook"), at the newest of opened and changed', () => {
    const items = recentItems({
      ...none,
      visits: [
        visit('/admin/workspace/notebook/reports/q%201.ipynb', 'Notebook', 20),
        visit('/admin/workspace/notebook/a.ipynb', 'Notebook', 4),
        visit('/admin/sql', 'SQL Editor', 3),
      ],
      workspaceChanges: [change('notebookCreated', 'a.ipynb', 10), change('notebookCreated', 'b.ipynb', 2)],
    });
    expect(items.notebook.map((i) => [i.label, i.hint, i.at, i.to])).toEqual([
      ['q 1.ipynb', 'reports', 20, '/admin/workspace/notebook/reports/q%201.ipynb'],
      ['a.ipynb', 'Workspace', 10, '/admin/workspace/notebook/a.ipynb'],
      ['b.ipynb', 'Workspace', 2, '/admin/workspace/notebook/b.ipynb'],
    ]);
    expect(items.page.map((i) => i.label)).toEqual(['SQL Editor']);
  });
});

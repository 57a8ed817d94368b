import { describe, expect, it } from 'vitest';
import { serverFile } from '../../sync/testing/serverFile';
import { cachedWorkspaceSearch, workspaceHitTargets, workspaceTargets } from './workspaceTargets';

const item = (path: string, type: 'notebook' | 'folder' = path.endsWith('.ipynb') ? 'notebook' : 'folder', isDeleted = false) => ({
  path,
  name: path.slice(path.lastIndexOf('/') + 1),
  type,
  isDeleted,
});

const items = [
  item('reports/Sales Q1.ipynb'),
  item('reports'),
  item('archive/sales'),
  item('archive'),
  item('old sales.ipynb', 'notebook', true),
  item('trashed/sales', 'folder', true),
  item('notes.ipynb'),
];

describe('workspaceTargets', () => {
  it('finds live items by name case-insensitively, folders first then by name, each opening its folder or notebook', () => {
    expect(workspaceTargets(items, 'SALES').map((t) => [t.group, t.label, t.hint, t.icon, t.to])).toEqual([
      ['Folders', 'sales', 'archive', 'folder', '/admin/workspace?folder=archive%2Fsales'],
      ['Notebooks', 'Sales Q1.ipynb', 'reports', 'notebook', '/admin/workspace/notebook/reports/Sales%20Q1.ipynb'],
    ]);
  });

  it('matches the name only, not the folder it is in; the root is named Workspace', () => {
    expect(workspaceTargets(items, 'report').map((t) => t.label)).toEqual(['reports']);
    expect(workspaceTargets(items, 'report')[0]).toMatchObject({ hint: 'Workspace', id: 'workspace:reports', keywords: ['reports', 'report'] });
  });

  it('matches a name typed in another Unicode form (the server stores NFC)', () => {
    const cafe = [item('Caf\u00e9.ipynb')];
    expect(workspaceTargets(cafe, 'cafe\u0301').map((t) => t.label)).toEqual(['Caf\u00e9.ipynb']);
  });

  it('lists at most the limit, and nothing for a text under two characters', () => {
    const many = Array.from({ length: 30 }, (_, i) => item(`n${String(i).padStart(2, '0')}.ipynb`));
    expect(workspaceTargets(many, 'n0', 3).map((t) => t.label)).toEqual(['n00.ipynb', 'n01.ipynb', 'n02.ipynb']);
    expect(workspaceTargets(many, 'ipynb')).toHaveLength(20);
    expect(workspaceTargets(items, 's')).toEqual([]);
    expect(workspaceTargets(items, '  ')).toEqual([]);
  });
});

describe('workspaceHitTargets', () => {
  it('keeps the server’s live hits, folders first, the typed text as a keyword', () => {
    const hits = [serverFile('x/deep.ipynb'), serverFile('gone.ipynb', { isDeleted: true }), serverFile('x/deep')];
    const found = workspaceHitTargets(hits, ' dee ');
    expect(found.map((t) => [t.group, t.to])).toEqual([
      ['Folders', '/admin/workspace?folder=x%2Fdeep'],
      ['Notebooks', '/admin/workspace/notebook/x/deep.ipynb'],
    ]);
    expect(found[0].keywords).toContain('dee');
    expect(workspaceHitTargets(hits, 'dee', 1)).toHaveLength(1);
  });
});

describe('cachedWorkspaceSearch', () => {
  it('asks the server only once the cache is read and has no live match for a long enough text', () => {
    expect(cachedWorkspaceSearch(undefined, 'sales')).toEqual({ targets: [], askServer: false });
    expect(cachedWorkspaceSearch(items, 'sales')).toMatchObject({ askServer: false, targets: [{ label: 'sales' }, { label: 'Sales Q1.ipynb' }] });
    // Only deleted items match: the server may know a live one.
    expect(cachedWorkspaceSearch(items, 'old sales')).toEqual({ targets: [], askServer: true });
    expect(cachedWorkspaceSearch([], 'zz')).toEqual({ targets: [], askServer: true });
    expect(cachedWorkspaceSearch([], 'z')).toEqual({ targets: [], askServer: false });
  });
});

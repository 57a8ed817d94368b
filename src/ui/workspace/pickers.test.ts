import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../model/workspace/view';
import { crumbsOf } from './Breadcrumbs';
import { folderRows } from './MoveDialog';

function folder(path: string, isDeleted = false): WorkspaceItem {
  const at = path.lastIndexOf('/');
  return { path, name: path.slice(at + 1), parentPath: at === -1 ? '' : path.slice(0, at), type: 'folder', isDeleted, isFavorite: false, owner: '', createdAt: '', updatedAt: '', pending: false, local: false };
}

describe('the path bar', () => {
  it('is the root, then each folder of the path', () => {
    expect(crumbsOf('')).toEqual([{ name: 'Workspace', path: '' }]);
    expect(crumbsOf('a/b')).toEqual([
      { name: 'Workspace', path: '' },
      { name: 'a', path: 'a' },
      { name: 'b', path: 'a/b' },
    ]);
  });
});

describe('the Move to… folder tree', () => {
  const items = [folder('b'), folder('a-x'), folder('a'), folder('a/z'), folder('gone', true), { ...folder('a/n.ipynb'), type: 'notebook' as const }];

  it('lists the live folders depth first under the root, each under its parent', () => {
    expect(folderRows(items, []).map((row) => `${row.level}:${row.path}`)).toEqual(['1:', '2:a', '3:a/z', '2:a-x', '2:b']);
  });

  it('blocks the folders being moved and everything inside them', () => {
    expect(folderRows(items, ['a']).filter((row) => row.blocked).map((row) => row.path)).toEqual(['a', 'a/z']);
  });
});

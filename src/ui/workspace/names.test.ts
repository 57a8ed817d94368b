import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../db/workspaceView';
import { joinPath, nameProblem, newNotebookName, parentOf, untitledFolderName } from './names';

const none = () => false;

describe('nameProblem', () => {
  it.each([
    ['', 'folder', 'Enter a name.'],
    ['a/b', 'folder', 'A name cannot contain / or \\.'],
    ['a\\b', 'folder', 'A name cannot contain / or \\.'],
    ['.hidden', 'folder', 'A name cannot start with a dot.'],
    ['x'.repeat(256), 'folder', 'That name is too long.'],
    ['a\u0001', 'folder', 'A name cannot contain control characters.'],
    ['report.txt', 'notebook', 'A notebook name ends in .ipynb.'],
  ] as const)('%j as %s → %s', (name, kind, message) => {
    expect(nameProblem(name, kind, none)).toBe(message);
  });

  it('accepts good names and refuses taken ones', () => {
    expect(nameProblem('reports', 'folder', none)).toBeNull();
    expect(nameProblem('q1.ipynb', 'notebook', none)).toBeNull();
    expect(nameProblem('q1.ipynb', 'notebook', (n) => n === 'q1.ipynb')).toBe('“q1.ipynb” already exists here.');
  });
});

describe('paths', () => {
  it('joins and splits', () => {
    expect(joinPath('', 'a')).toBe('a');
    expect(joinPath('a/b', 'c')).toBe('a/b/c');
    expect(parentOf('a/b/c')).toBe('a/b');
    expect(parentOf('a')).toBe('');
  });

  it('finds a free Untitled Folder name', () => {
    expect(untitledFolderName(none)).toBe('Untitled Folder');
    expect(untitledFolderName((n) => n === 'Untitled Folder')).toBe('Untitled Folder1');
  });
});

describe('the name of a new notebook', () => {
  const item = (path: string, type: WorkspaceItem['type'] = 'notebook', isDeleted = false): WorkspaceItem => {
    const at = path.lastIndexOf('/');
    return { path, name: path.slice(at + 1), parentPath: at === -1 ? '' : path.slice(0, at), type, isDeleted, isFavorite: false, owner: '', createdAt: '', pending: false, local: false };
  };

  it('is Untitled-{n}.ipynb, n one more than the live files of that folder (not its folders, not other folders, not deleted ones)', () => {
    expect(newNotebookName([], '')).toBe('Untitled-1.ipynb');
    const items = [item('a.ipynb'), item('r', 'folder'), item('r/x.ipynb'), item('r/y.ipynb'), item('r/old.ipynb', 'notebook', true), item('r/sub', 'folder')];
    expect(newNotebookName(items, '')).toBe('Untitled-2.ipynb');
    expect(newNotebookName(items, 'r')).toBe('Untitled-3.ipynb');
  });

  it('takes the next free n when that name is taken, by a file or a folder', () => {
    expect(newNotebookName([item('Untitled-2.ipynb')], '')).toBe('Untitled-3.ipynb');
    expect(newNotebookName([item('a.ipynb'), item('Untitled-2.ipynb', 'folder')], '')).toBe('Untitled-3.ipynb');
  });
});

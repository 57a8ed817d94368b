import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../model/workspace/view';
import { joinPath, nameProblem, newNotebookName, normalizeName, parentOf, untitledFolderName } from './names';

const none = () => false;

describe('nameProblem', () => {
  it.each([
    ['', 'folder', 'Enter a name.'],
    ['a/b', 'folder', 'Names cannot contain / or \\.'],
    ['a\\b', 'folder', 'Names cannot contain / or \\.'],
    ['.hidden', 'folder', 'Names starting with . are reserved.'],
    ['x'.repeat(256), 'folder', 'Names are limited to 255 bytes.'],
    ['\u00E9'.repeat(128), 'folder', 'Names are limited to 255 bytes.'],
    ['a\u0001', 'folder', 'Names cannot contain control characters.'],
    ['invoice\u202Egpj.ipynb', 'notebook', 'Names cannot contain bidirectional text controls (U+202E).'],
    ['a\u200Fb', 'folder', 'Names cannot contain bidirectional text controls (U+200F).'],
    ['a\u200Bb.ipynb', 'notebook', 'Names cannot contain zero-width characters (U+200B).'],
    ['\uFEFFa', 'folder', 'Names cannot contain zero-width characters (U+FEFF).'],
    ['a\uD800.ipynb', 'notebook', 'Names cannot contain an unpaired surrogate (U+D800).'],
    ['%ED%A0%80.ipynb', 'notebook', 'Names cannot contain an unpaired surrogate (percent-encoded).'],
    ['con.ipynb', 'notebook', 'CON is a reserved name on Windows (also with an extension).'],
    ['Lpt1', 'folder', 'LPT1 is a reserved name on Windows (also with an extension).'],
    ['report.', 'folder', 'Names cannot end with a dot or a space.'],
    ['report.txt', 'notebook', 'A notebook name ends in .ipynb.'],
  ] as const)('%j as %s → %s', (name, kind, message) => {
    expect(nameProblem(name, kind, none)).toBe(message);
  });

  it('accepts good names and refuses taken ones', () => {
    expect(nameProblem('reports', 'folder', none)).toBeNull();
    expect(nameProblem('q1.ipynb', 'notebook', none)).toBeNull();
    expect(nameProblem('q1.ipynb', 'notebook', (n) => n === 'q1.ipynb')).toBe('“q1.ipynb” already exists here.');
    expect(nameProblem('\u{1F4CA} CONSOLE.ipynb', 'notebook', none)).toBeNull();
  });

  it('checks the NFC form, so a name typed decomposed is taken by its composed twin', () => {
    const composed = 'caf\u00E9.ipynb';
    expect(nameProblem('cafe\u0301.ipynb', 'notebook', (n) => n === composed)).toBe(`“${composed}” already exists here.`);
    expect(normalizeName('cafe\u0301.ipynb')).toBe(composed);
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
    return { path, name: path.slice(at + 1), parentPath: at === -1 ? '' : path.slice(0, at), type, isDeleted, isFavorite: false, owner: '', createdAt: '', updatedAt: '', pending: false, local: false };
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

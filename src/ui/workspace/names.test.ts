import { describe, expect, it } from 'vitest';
import { joinPath, nameProblem, parentOf, untitledName } from './names';

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

  it('finds a free Untitled name', () => {
    const taken = new Set(['Untitled.ipynb', 'Untitled1.ipynb']);
    expect(untitledName('Untitled', '.ipynb', (n) => taken.has(n))).toBe('Untitled2.ipynb');
    expect(untitledName('Untitled Folder', '', none)).toBe('Untitled Folder');
  });
});

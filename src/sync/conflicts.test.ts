import { describe, expect, it } from 'vitest';
import { copyPathFor, isFileWrite } from './conflicts';

describe('conflict helpers', () => {
  const at = new Date(2026, 10, 22, 9, 5);
  it.each([
    ['q1.ipynb', 'q1 (copy 0905).ipynb'],
    ['reports/q1.ipynb', 'reports/q1 (copy 0905).ipynb'],
    ['reports.v2/notes', 'reports.v2/notes (copy 0905)'],
  ])('copy of %s is %s', (path, copy) => {
    expect(copyPathFor(path, at)).toBe(copy);
  });

  it('only notebook content writes can be kept as a copy', () => {
    expect(isFileWrite({ method: 'POST', url: 'http://h/api/notebook/files', body: '{}' })).toBe(true);
    expect(isFileWrite({ method: 'POST', url: 'http://h/api/notebook/rename', body: '{}' })).toBe(false);
    expect(isFileWrite({ method: 'DELETE', url: 'http://h/api/notebook/files', body: '{}' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { newNotebook, untitledName } from './create';
import { parseNotebook } from './parse';
import { serializeNotebook } from './serialize';
import { schemaProblem } from './validate';

describe('newNotebook', () => {
  it('is a valid nbformat 4.5 Python 3 notebook with one code cell that prints', () => {
    const nb = newNotebook(() => 'cell-1');
    expect(schemaProblem(nb)).toBeNull();
    expect(nb.metadata.kernelspec).toEqual({ name: 'python3', display_name: 'Python 3', language: 'python' });
    expect(nb.metadata.language_info).toMatchObject({ name: 'python', file_extension: '.py' });
    expect(nb.cells).toEqual([{ id: 'cell-1', cell_type: 'code', metadata: {}, source: 'print("Hello, world!")', outputs: [], execution_count: null }]);
  });

  it('gets a fresh random id each time and survives export and import', () => {
    const [a, b] = [newNotebook(), newNotebook()];
    expect(a.cells[0].id).toMatch(/^[0-9a-f]{8}$/);
    expect(a.cells[0].id).not.toBe(b.cells[0].id);
    expect(parseNotebook(serializeNotebook(a), 'Untitled-1.ipynb')).toEqual({ ok: true, notebook: a, warnings: [] });
  });
});

describe('untitledName', () => {
  it('is one more than the number of files in the folder', () => {
    expect(untitledName([])).toBe('Untitled-1.ipynb');
    expect(untitledName(['a.ipynb', 'data.csv'])).toBe('Untitled-3.ipynb');
  });

  it('takes the next free number when that name is taken', () => {
    expect(untitledName(['Untitled-2.ipynb', 'b.ipynb'])).toBe('Untitled-3.ipynb');
    expect(untitledName(['Untitled-2.ipynb', 'Untitled-3.ipynb', 'x'])).toBe('Untitled-4.ipynb');
  });

  it('counts only files, but does not take a name a folder has', () => {
    expect(untitledName(['a.ipynb'], ['Untitled-2.ipynb', 'reports'])).toBe('Untitled-3.ipynb');
    expect(untitledName(['a.ipynb'], ['reports'])).toBe('Untitled-2.ipynb');
  });
});

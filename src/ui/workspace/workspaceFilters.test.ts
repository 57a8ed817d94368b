import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../model/workspace/view';
import { applyFilters, changeFilters, DEFAULT_FILTERS, hasFilter, parseFilters, writeFilters, type Filters } from './workspaceFilters';

function item(path: string, extra: Partial<WorkspaceItem> = {}): WorkspaceItem {
  const at = path.lastIndexOf('/');
  const name = path.slice(at + 1);
  return {
    path,
    name,
    parentPath: at === -1 ? '' : path.slice(0, at),
    type: name.endsWith('.ipynb') ? 'notebook' : 'folder',
    isDeleted: false,
    isFavorite: false,
    owner: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    pending: false,
    local: false,
    ...extra,
  };
}

const filters = (over: Partial<Filters>): Filters => ({ ...DEFAULT_FILTERS, ...over });
const paths = (items: WorkspaceItem[]) => items.map((i) => i.path);

describe('filters in the URL', () => {
  it('reads every filter and writes it back unchanged', () => {
    const url = 'folder=a&q=rep&type=notebook&owner=bob&from=2026-01-01T00%3A00%3A00.000Z&to=2026-02-01T00%3A00%3A00.000Z&sort=modified&dir=desc&view=favourites';
    const parsed = parseFilters(new URLSearchParams(url));
    expect(parsed).toEqual({
      q: 'rep',
      type: 'notebook',
      owner: 'bob',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
      sort: 'modified',
      dir: 'desc',
      view: 'favourites',
    });
    expect(writeFilters(new URLSearchParams(), parsed).toString()).toBe(url.replace('folder=a&', ''));
    expect(parseFilters(writeFilters(new URLSearchParams(url), parsed))).toEqual(parsed);
  });

  it('falls back to the defaults for missing or hand-broken values', () => {
    expect(parseFilters(new URLSearchParams('type=pdf&sort=size&dir=up&view=bin&from=yesterday'))).toEqual(DEFAULT_FILTERS);
  });

  it('leaves defaults out of the URL and keeps the other params', () => {
    const next = writeFilters(new URLSearchParams('folder=a&q=old&view=trash'), filters({ q: '' }));
    expect(next.toString()).toBe('folder=a');
  });

  it('says whether a filter is set (sort and view are not filters)', () => {
    expect(hasFilter(filters({ sort: 'type', view: 'trash' }))).toBe(false);
    expect(hasFilter(filters({ q: ' ' }))).toBe(false);
    expect(hasFilter(filters({ owner: 'bob' }))).toBe(true);
    expect(hasFilter(filters({ to: '2026-01-01T00:00:00.000Z' }))).toBe(true);
  });

  it('changes only the filters given, keeping what the URL holds now (a search written since the page rendered)', () => {
    const now = new URLSearchParams('folder=a&q=needle&sort=modified');
    const next = changeFilters(now, { type: 'notebook' });
    expect(next.get('q')).toBe('needle');
    expect(next.get('type')).toBe('notebook');
    expect(next.get('sort')).toBe('modified');
    expect(next.get('folder')).toBe('a');
    expect(changeFilters(next, { q: '', type: null }).toString()).toBe('folder=a&sort=modified');
  });
});

describe('applyFilters', () => {
  const items = [
    item('b.ipynb', { updatedAt: '2026-03-01T00:00:00.000Z' }),
    item('A10.ipynb', { owner: 'bob', updatedAt: '2026-01-15T00:00:00.000Z' }),
    item('A9.ipynb', { isFavorite: true }),
    item('zeta'),
    item('zeta/report.ipynb', { isFavorite: true }),
    item('zeta/Reports'),
    item('old', { isDeleted: true }),
    item('old/inner.ipynb', { isDeleted: true }),
    item('zeta/gone.ipynb', { isDeleted: true, updatedAt: '2026-04-01T00:00:00.000Z' }),
  ];

  it('without a filter shows the folder only, folders first, then by name in natural order', () => {
    expect(paths(applyFilters(items, DEFAULT_FILTERS, ''))).toEqual(['zeta', 'A9.ipynb', 'A10.ipynb', 'b.ipynb']);
    expect(paths(applyFilters(items, DEFAULT_FILTERS, 'zeta'))).toEqual(['zeta/Reports', 'zeta/report.ipynb']);
  });

  it('with a filter searches the whole workspace (any case), never the deleted items', () => {
    expect(paths(applyFilters(items, filters({ q: 'REPORT' }), 'A9.ipynb'))).toEqual(['zeta/Reports', 'zeta/report.ipynb']);
    expect(paths(applyFilters(items, filters({ q: 'e' }), ''))).toEqual(['zeta/Reports', 'zeta', 'zeta/report.ipynb']);
  });

  it('filters by type, owner and modified range (both ends included)', () => {
    expect(paths(applyFilters(items, filters({ type: 'folder' }), ''))).toEqual(['zeta/Reports', 'zeta']);
    expect(paths(applyFilters(items, filters({ owner: 'BOB' }), ''))).toEqual(['A10.ipynb']);
    const range = filters({ from: '2026-01-15T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' });
    expect(paths(applyFilters(items, range, ''))).toEqual(['A10.ipynb', 'b.ipynb']);
  });

  it('sorts by name or modified, either way, folders still first', () => {
    expect(paths(applyFilters(items, filters({ dir: 'desc' }), ''))).toEqual(['zeta', 'b.ipynb', 'A10.ipynb', 'A9.ipynb']);
    expect(paths(applyFilters(items, filters({ sort: 'modified', dir: 'desc' }), ''))).toEqual(['zeta', 'b.ipynb', 'A10.ipynb', 'A9.ipynb']);
    expect(paths(applyFilters(items, filters({ sort: 'modified' }), ''))).toEqual(['zeta', 'A9.ipynb', 'A10.ipynb', 'b.ipynb']);
  });

  it('sorting by type descending puts notebooks first', () => {
    expect(paths(applyFilters(items, filters({ sort: 'type', dir: 'desc' }), ''))).toEqual(['A9.ipynb', 'A10.ipynb', 'b.ipynb', 'zeta']);
  });

  it('favourites come from everywhere; trash lists what was deleted on its own', () => {
    expect(paths(applyFilters(items, filters({ view: 'favourites' }), ''))).toEqual(['A9.ipynb', 'zeta/report.ipynb']);
    expect(paths(applyFilters(items, filters({ view: 'trash' }), 'zeta'))).toEqual(['old', 'zeta/gone.ipynb']);
  });
});


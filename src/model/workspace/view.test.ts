import { describe, expect, it } from 'vitest';
import type { SaveState, WorkspaceChangeRow } from '../rows';
import type { WorkspaceFileRow } from '../cacheRows';
import { workspaceView, type WorkspaceItem } from './view';

function file(path: string, type: 'folder' | 'notebook' = path.endsWith('.ipynb') ? 'notebook' : 'folder', extra: Partial<WorkspaceFileRow> = {}): WorkspaceFileRow {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { path, id: `id-${path}`, name, type, owner: 'ana', createdAt: '2024-01-01T00:00:00.000Z', isFavorite: false, isDeleted: false, version: 'v1', bucket: 'workspace', fetchedAt: 100, ...extra };
}

let seq = 0;
function change(kind: WorkspaceChangeRow['kind'], path: string, state: SaveState = 'sending', extra: Partial<WorkspaceChangeRow> = {}): WorkspaceChangeRow {
  seq += 1;
  return { id: `c${seq}`, seq, at: 1000 + seq, kind, path, state, ...extra };
}
const rename = (from: string, to: string, state: SaveState = 'sending') => change('renamed', from, state, { newPath: to });

/** path → short flags, to compare whole views at a glance. */
function summary(items: WorkspaceItem[]): string[] {
  return items.map((i) => {
    const flags = [i.isDeleted && 'deleted', i.isFavorite && 'favourite', i.pending && 'pending', i.local && 'local', i.conflict && `conflict ${i.conflict.status}`].filter(Boolean);
    return [i.path, ...flags].join(' ');
  });
}

describe('workspaceView', () => {
  const cases: [string, WorkspaceFileRow[], WorkspaceChangeRow[], number | undefined, string[]][] = [
    ['the cache alone, folders first then by path', [file('b.ipynb'), file('z'), file('a'), file('a/x.ipynb')], [], 100, ['a', 'z', 'a/x.ipynb', 'b.ipynb']],
    ['a folder and notebook created offline', [], [change('folderCreated', 'f', 'queued'), change('notebookCreated', 'f/n.ipynb', 'queued')], 100, ['f pending local', 'f/n.ipynb pending local']],
    ['creating what the cache already has only marks it', [file('f')], [change('folderCreated', 'f')], 100, ['f pending']],
    ['an open notebook saved marks it; refused, it shows the conflict', [file('n.ipynb'), file('m.ipynb')], [change('notebookSaved', 'n.ipynb', 'queued'), change('notebookSaved', 'm.ipynb', 'failed', { status: 409 })], 100, ['m.ipynb conflict 409', 'n.ipynb pending']],
    ['rename a notebook created offline', [], [change('notebookCreated', 'n.ipynb', 'queued'), rename('n.ipynb', 'm.ipynb', 'queued')], 100, ['m.ipynb pending local']],
    [
      'rename a folder with children',
      [file('a'), file('a/b'), file('a/b/n.ipynb'), file('a/m.ipynb'), file('ab.ipynb')],
      [rename('a', 'z')],
      100,
      ['z pending', 'z/b pending', 'ab.ipynb', 'z/b/n.ipynb pending', 'z/m.ipynb pending'],
    ],
    ['delete a folder marks its children', [file('a'), file('a/n.ipynb'), file('b')], [change('deleted', 'a', 'queued')], 100, ['a deleted pending', 'b', 'a/n.ipynb deleted pending']],
    ['delete then restore', [file('n.ipynb')], [change('deleted', 'n.ipynb', 'applied'), change('restored', 'n.ipynb', 'sending')], 100, ['n.ipynb pending']],
    ['applied but not fetched yet is shown', [file('a.ipynb')], [rename('a.ipynb', 'b.ipynb', 'applied')], 100, ['b.ipynb']],
    ['applied and fetched since is left to the cache', [file('b.ipynb')], [rename('a.ipynb', 'b.ipynb', 'applied')], 5000, ['b.ipynb']],
    ['applied with nothing fetched yet is shown', [], [change('folderCreated', 'f', 'applied')], undefined, ['f local']],
    ['discarded changes are ignored', [file('a.ipynb')], [rename('a.ipynb', 'b.ipynb', 'discarded'), change('folderCreated', 'f', 'discarded')], 100, ['a.ipynb']],
    ['a refused change is flagged', [file('a.ipynb')], [rename('a.ipynb', 'b.ipynb', 'failed')], 100, ['b.ipynb conflict 0']],
    ['changes to unknown paths are skipped', [file('a')], [rename('x', 'y'), change('deleted', 'q')], 100, ['a']],
    ['a favourite set offline', [file('a.ipynb'), file('b')], [change('favorited', 'a.ipynb', 'queued', { isFavorite: true })], 100, ['b', 'a.ipynb favourite pending']],
    [
      'unstarred after starred, a folder’s children untouched',
      [file('b', 'folder', { isFavorite: true }), file('b/n.ipynb', 'notebook', { isFavorite: true })],
      [change('favorited', 'b', 'sending', { isFavorite: false })],
      100,
      ['b pending', 'b/n.ipynb favourite'],
    ],
    ['a favourite of an unknown path is skipped', [file('a')], [change('favorited', 'x', 'sending', { isFavorite: true })], 100, ['a']],
    [
      'a purge removes the trashed folder and what it held',
      [file('t', 'folder', { isDeleted: true }), file('t/n.ipynb', 'notebook', { isDeleted: true }), file('tt.ipynb')],
      [change('purged', 't', 'queued')],
      100,
      ['tt.ipynb'],
    ],
    ['a purge after an offline delete', [file('a.ipynb')], [change('deleted', 'a.ipynb', 'queued'), change('purged', 'a.ipynb', 'queued')], 100, []],
    ['a purge leaves a live item at the same path', [file('a.ipynb')], [change('purged', 'a.ipynb', 'queued')], 100, ['a.ipynb']],
    ['a refused purge leaves the item in the trash, flagged', [file('a.ipynb', 'notebook', { isDeleted: true })], [change('purged', 'a.ipynb', 'failed')], 100, ['a.ipynb deleted conflict 0']],
    ['creating over a deleted item shows a new one', [file('f', 'folder', { isDeleted: true })], [change('folderCreated', 'f')], 100, ['f pending local']],
  ];
  it.each(cases)('%s', (_name, files, changes, fetchedAt, expected) => {
    expect(summary(workspaceView(files, changes, fetchedAt))).toEqual(expected);
  });

  it('applies changes in seq order, whatever order they come in', () => {
    const [create, move] = [change('folderCreated', 'f'), rename('f', 'g')];
    expect(summary(workspaceView([], [move, create], 100))).toEqual(['g pending local']);
  });

  it('carries the conflict details and the server fields', () => {
    const failed = rename('a.ipynb', 'b.ipynb', 'failed');
    failed.status = 409;
    failed.message = 'Changed on the server';
    const [item] = workspaceView([file('a.ipynb', 'notebook', { isFavorite: true })], [failed], 100);
    expect(item).toEqual({
      path: 'b.ipynb',
      name: 'b.ipynb',
      parentPath: '',
      type: 'notebook',
      isDeleted: false,
      isFavorite: true,
      version: 'v1',
      owner: 'ana',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      pending: false,
      local: false,
      conflict: { status: 409, message: 'Changed on the server', changeId: failed.id },
    });
  });

  it('describes a local item with its parent and creation time', () => {
    const created = change('notebookCreated', 'f/n.ipynb', 'sending', { at: Date.UTC(2024, 5, 1) });
    expect(workspaceView([], [created], 100)[0]).toMatchObject({ name: 'n.ipynb', parentPath: 'f', type: 'notebook', owner: '', createdAt: '2024-06-01T00:00:00.000Z', updatedAt: '2024-06-01T00:00:00.000Z' });
  });

  it('shows when the server last changed an item; rows cached before that was kept show their creation', () => {
    const [changed, old] = workspaceView([file('a.ipynb', 'notebook', { updatedAt: '2024-03-01T00:00:00.000Z' }), file('b.ipynb')], [], 100);
    expect(changed.updatedAt).toBe('2024-03-01T00:00:00.000Z');
    expect(old.updatedAt).toBe('2024-01-01T00:00:00.000Z');
  });

  it('does not modify its inputs', () => {
    const files = [file('a'), file('a/n.ipynb')];
    const changes = [rename('a', 'b'), change('deleted', 'b')];
    const before = structuredClone({ files, changes });
    workspaceView(files, changes, 100);
    expect({ files, changes }).toEqual(before);
  });

  it('lays 1,000 changes over 10,000 files (its speed is measured by the bench, not here)', () => {
    const files = Array.from({ length: 100 }, (_, f) => [file(`f${f}`), ...Array.from({ length: 99 }, (_, n) => file(`f${f}/n${n}.ipynb`))]).flat();
    const changes = Array.from({ length: 1000 }, (_, i) =>
      i % 4 === 0 ? rename(`f${i % 100}`, `g${i}`) : i % 4 === 1 ? change('deleted', `f${i % 100}`) : change('notebookCreated', `new/${i}.ipynb`),
    );
    const items = workspaceView(files, changes, 100);
    expect(items.length).toBeGreaterThan(10_000);
  });
});

import { describe, expect, it } from 'vitest';
import { allEntries, canSee, menu, visibleMenu } from './menu';

const labels = (role: 'admin' | 'editor' | undefined) =>
  visibleMenu(menu, role).flatMap((s) => s.entries.map((e) => e.id));

describe('menu filtering by role', () => {
  const shared = ['new', 'workspace', 'recent', 'catalog', 'workflow', 'compute', 'dashboard', 'job-runs', 'connectors', 'playground', 'experiments', 'features', 'models', 'serving'];

  it('admin sees everything that is not hidden, SQL Editor and Queries included', () => {
    expect(labels('admin')).toEqual(expect.arrayContaining([...shared, 'sql', 'queries']));
    expect(labels('admin')).toHaveLength(shared.length + 2);
  });

  it('editor sees the shared entries but not SQL Editor or Queries', () => {
    expect(labels('editor')).toEqual(expect.arrayContaining(shared));
    expect(labels('editor')).not.toContain('sql');
    expect(labels('editor')).not.toContain('queries');
  });

  it('no role sees only entries without a role list', () => {
    expect(labels(undefined)).not.toContain('sql');
    expect(labels(undefined)).toContain('workspace');
  });

  it('hidden entries never show in the sidebar', () => {
    for (const role of ['admin', 'editor'] as const) {
      expect(labels(role)).not.toContain('home');
      expect(labels(role)).not.toContain('workspace-create');
    }
  });

  it('keeps the section order: untitled, SQL, DATA ENGINEERING, MACHINE LEARNING', () => {
    expect(visibleMenu(menu, 'admin').map((s) => s.title)).toEqual([null, 'SQL', 'DATA ENGINEERING', 'MACHINE LEARNING']);
  });

  it('drops a section whose entries are all filtered out', () => {
    const sections = [{ title: 'ADMIN', entries: [{ ...menu[1].entries[0], roles: ['admin' as const] }] }];
    expect(visibleMenu(sections, 'editor')).toEqual([]);
  });

  it('canSee: an entry with no role list shows for all', () => {
    expect(canSee({}, 'editor')).toBe(true);
    expect(canSee({ roles: ['admin'] }, 'editor')).toBe(false);
    expect(canSee({ roles: ['admin'] }, 'admin')).toBe(true);
  });

  it('entry ids and paths are unique', () => {
    const entries = allEntries();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
  });

  it('the pages without a screen yet are the ones the issue names', () => {
    const unavailable = allEntries().filter((e) => e.status === 'unavailable').map((e) => e.label);
    expect(unavailable.sort()).toEqual(['Compute', 'Experiments', 'Features', 'Job Runs', 'Models', 'Play Ground', 'Serving'].sort());
  });
});

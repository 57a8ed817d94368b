import { describe, expect, it } from 'vitest';
import { searchTargets } from './searchTargets';

describe('searchTargets', () => {
  it('offers admins the SQL pages and the SQL query action', () => {
    const labels = searchTargets('admin').map((t) => t.label);
    expect(labels).toEqual(expect.arrayContaining(['SQL Editor', 'Queries', 'Home', 'My Profile', 'New SQL query']));
  });

  it('never offers editors what the menu hides from them', () => {
    const targets = searchTargets('editor');
    expect(targets.map((t) => t.to)).not.toContain('/admin/sql');
    expect(targets.map((t) => t.to)).not.toContain('/admin/queries');
    expect(targets.some((t) => t.to.startsWith('/admin/sql'))).toBe(false);
  });

  it('has no duplicate ids and no New button page', () => {
    const targets = searchTargets('admin');
    expect(new Set(targets.map((t) => t.id)).size).toBe(targets.length);
    expect(targets.map((t) => t.to)).not.toContain('/admin/new');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_ROW_LIMIT, loadRowLimit } from './useRowLimit';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('loadRowLimit', () => {
  it('answers the tab’s kept limit', () => {
    expect(loadRowLimit(storage({ 'console.sqlLimit.t1': '100' }), 't1')).toBe(100);
  });
  it('answers the default for another tab, a limit the toolbar does not offer, junk, or no storage', () => {
    expect(loadRowLimit(storage({ 'console.sqlLimit.t1': '100' }), 't2')).toBe(DEFAULT_ROW_LIMIT);
    expect(loadRowLimit(storage({ 'console.sqlLimit.t1': '123' }), 't1')).toBe(DEFAULT_ROW_LIMIT);
    expect(loadRowLimit(storage({ 'console.sqlLimit.t1': 'lots' }), 't1')).toBe(DEFAULT_ROW_LIMIT);
    expect(loadRowLimit(null, 't1')).toBe(DEFAULT_ROW_LIMIT);
    expect(loadRowLimit({ getItem: () => { throw new Error('refused'); } }, 't1')).toBe(DEFAULT_ROW_LIMIT);
  });
});

import { describe, expect, it } from 'vitest';
import { counted } from './plural';

describe('counted', () => {
  it('says one in the singular, others in the plural', () => {
    expect(counted(1, 'row')).toBe('1 row');
    expect(counted(0, 'row')).toBe('0 rows');
    expect(counted(1000, 'notebook')).toBe('1,000 notebooks');
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
  });
});

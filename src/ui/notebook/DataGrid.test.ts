import { describe, expect, it } from 'vitest';
import { tableOf } from './DataGrid';
import type { Json } from '../../model/nbformat/types';

describe('a data resource as a grid', () => {
  it('reads the fields and rows a SQL cell answers', () => {
    const table = tableOf({ schema: { fields: [{ name: 'day', type: 'DATE' }, { name: 'n', type: 'BIGINT' }] }, data: [{ day: '2026-01-01', n: 3 }] });
    expect(table?.columns).toEqual([
      { column_name: 'day', name: 'day', type: 'DATE', is_dttm: true },
      { column_name: 'n', name: 'n', type: 'BIGINT', is_dttm: false },
    ]);
    expect(table?.rows).toEqual([{ day: '2026-01-01', n: 3 }]);
  });

  it('is not a table when the shape is wrong (the output falls back to its HTML or text)', () => {
    const values: (Json | undefined)[] = [undefined, null, 'x', [], { schema: {}, data: [] }, { schema: { fields: [{ type: 'x' }] }, data: [] }, { schema: { fields: [] }, data: [1] }, { schema: { fields: [] }, data: {} }];
    for (const value of values)
      expect(tableOf(value)).toBeNull();
  });
});
